// Segment messages as banners (the home page): each a notice named by its heading, with its call
// to action (a Min Side path as a link in the page, another site as an ordinary link) and a
// button that closes it. After closing, the focus goes to the list (not lost with the banner) and
// a polite status says it is gone; a failure is said and the banner stays. A closed banner is
// taken out here in the same render as the status and the focus (the cached answer the banners
// come from tells its subscribers a frame later).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Notice } from './Notice';

import './segment-banners.css';

export interface Banner {
  readonly id: string;
  readonly heading: string;
  readonly body: string;
  readonly ctaUrl: string | null;
  readonly ctaLabel: string | null;
}

type Props = {
  readonly banners: readonly Banner[];
  /** Closes one; resolves false when it could not be closed. */
  readonly onDismiss: (id: string) => Promise<boolean>;
};

export function SegmentBanners({ banners, onDismiss }: Props) {
  const { t } = useTranslation('common');
  const listRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = banners.filter((banner) => !closed.has(banner.id));

  async function close(banner: Banner) {
    setFailed(null);
    if (await onDismiss(banner.id)) {
      setClosed((ids) => new Set(ids).add(banner.id));
      setStatus(t('segment-messages.closed'));
    } else {
      setFailed(banner.id);
    }
  }

  // The list takes the focus once the closed banner (and its button) is gone.
  useEffect(() => {
    if (status) listRef.current?.focus();
  }, [status, closed]);

  if (shown.length === 0 && !status) return null;
  return (
    <div
      ref={listRef}
      tabIndex={-1}
      className="segment-banners"
      aria-label={t('segment-messages.label')}
      role="group"
    >
      {shown.map((banner) => (
        <Message
          key={banner.id}
          banner={banner}
          failed={failed === banner.id}
          onClose={() => void close(banner)}
        />
      ))}
      <p role="status" className="segment-banners__status">
        {status}
      </p>
    </div>
  );
}

function Message({
  banner,
  failed,
  onClose,
}: {
  readonly banner: Banner;
  readonly failed: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const external = banner.ctaUrl !== null && !banner.ctaUrl.startsWith('/');
  return (
    <Notice region color="info" className="segment-banner" aria-labelledby={headingId}>
      <div className="segment-banner__text">
        <h2 id={headingId} className="ds-heading" data-size="xs">
          {banner.heading}
        </h2>
        <p>{banner.body}</p>
        {banner.ctaUrl && banner.ctaLabel ? (
          <p>
            {external ? (
              <a className="ds-link" href={banner.ctaUrl}>
                {banner.ctaLabel}
              </a>
            ) : (
              <Link className="ds-link" to={banner.ctaUrl}>
                {banner.ctaLabel}
              </Link>
            )}
          </p>
        ) : null}
        {failed ? <p role="alert">{t('segment-messages.failed')}</p> : null}
      </div>
      <button
        type="button"
        className="ds-button segment-banner__close"
        data-variant="tertiary"
        aria-label={t('segment-messages.close-label', { heading: banner.heading })}
        onClick={onClose}
      >
        {t('segment-messages.close')}
      </button>
    </Notice>
  );
}
