// The title's logo in the header. requirements §2 derives its path from the title's domain
// (/logos/<domain>.svg, deployed with the title's artwork); where that image does not load, the
// wordmark the build draws from the registry takes its place (/wordmarks/<code>.svg), and where
// that fails too, the name in text. Each image stays invisible until it has loaded (layout.css),
// so a failed one never shows a broken-image icon, and the box is sized by the header, not by
// the image, so the swap moves nothing. Where the page carries the wordmark itself (a `data:` URI
// in its header-image <meta>, src/server/plugins/spa.ts), the header starts from that: no request.
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

/** What the page (written by the server) names as the header image, if anything. */
const namedHeaderImage = () =>
  document.querySelector(`meta[name="${HEADER_IMAGE_META}"]`)?.getAttribute('content') ?? null;

/** A wordmark the page carries as a `data:` URI (a title without a logo deployed). */
const INLINE_WORDMARK = /^data:image\/svg\+xml[,;]/;

/** Where the page names the wordmark as the header image, the title has no logo deployed: start
 * there and never ask for the logo. */
function firstSource(title: Props['title'], named: string | null): Source {
  return named === wordmarkPath(title.titleCode) || (named && INLINE_WORDMARK.test(named))
    ? 'wordmark'
    : 'logo';
}

/** Keyed by title in Header: another title starts again from its own logo. */
export function Logo({ title }: Props) {
  const [named] = useState(namedHeaderImage);
  const [source, setSource] = useState<Source>(() => firstSource(title, named));
  const [loaded, setLoaded] = useState(false);
  if (source === 'text') return <span className="site-header__logo-text">{title.name}</span>;
  const wordmark = named && INLINE_WORDMARK.test(named) ? named : wordmarkPath(title.titleCode);
  const src = source === 'logo' ? logoPath(title.titleDomain) : wordmark;
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
