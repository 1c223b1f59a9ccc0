// The title's logo in the header. requirements §2 derives its path from the title's domain
// (/logos/<domain>.svg, deployed with the title's artwork); where that image does not load, the
// wordmark the build draws from the registry takes its place (/wordmarks/<code>.svg), and where
// that fails too, the name in text. Each image stays invisible until it has loaded (layout.css),
// so a failed one never shows a broken-image icon, and the box is sized by the header, not by
// the image, so the swap moves nothing.
import { useState } from 'react';

import { HEADER_IMAGE_META, logoPath, wordmarkPath } from '../lib/theme/brand';

type Props = {
  readonly title: {
    readonly titleCode: string;
    readonly titleDomain: string;
    readonly name: string;
  };
};

type Source = 'logo' | 'wordmark' | 'text';

const NEXT: Readonly<Record<Source, Source>> = { logo: 'wordmark', wordmark: 'text', text: 'text' };

/** Where the page (written by the server) names the wordmark as the header image, the title
 * has no logo deployed: start there and never ask for the logo. */
function firstSource(title: Props['title']): Source {
  const named = document
    .querySelector(`meta[name="${HEADER_IMAGE_META}"]`)
    ?.getAttribute('content');
  return named === wordmarkPath(title.titleCode) ? 'wordmark' : 'logo';
}

/** Keyed by title in Header: another title starts again from its own logo. */
export function Logo({ title }: Props) {
  const [source, setSource] = useState<Source>(() => firstSource(title));
  const [loaded, setLoaded] = useState(false);
  if (source === 'text') return <span className="site-header__logo-text">{title.name}</span>;
  const src = source === 'logo' ? logoPath(title.titleDomain) : wordmarkPath(title.titleCode);
  return (
    <img
      // A new element per source: no load or error event of the previous image reaches it.
      key={src}
      src={src}
      alt={title.name}
      data-loaded={loaded ? 'true' : 'false'}
      onLoad={() => setLoaded(true)}
      onError={() => {
        setLoaded(false);
        setSource(NEXT[source]);
      }}
    />
  );
}
