// Why a paper-only screen (/endre-avislevering, /tilbakemelding) has nothing to offer, and where to
// go instead: the subscription is digital (NOT_PAPER: no paper is delivered) or a paper one
// without access (NOT_ACTIVE: ended or suspended), as the server's `eligibility` says
// (domain/delivery/paper.ts). A region named by its heading, with the screen's own words for the
// case, then the links to customer service and back to Min side.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { HomeLink } from './HomeLink';
import { Notice } from './Notice';

export type PaperOnlyCase = 'not-paper' | 'not-active';

export interface PaperOnlyTexts {
  readonly heading: string;
  /** What it means for the reader (one paragraph). */
  readonly text: string;
  /** Where help is for the case, when the screen has more to say. */
  readonly help?: string | undefined;
}

export interface PaperOnlyNoticeProps {
  /** The id of the heading, which names the region. */
  readonly id: string;
  /** The server's eligibility; anything but NOT_PAPER reads as not active. */
  readonly eligibility: 'PAPER' | 'NOT_PAPER' | 'NOT_ACTIVE';
  /** The screen's words for the case. */
  readonly texts: (kind: PaperOnlyCase) => PaperOnlyTexts;
}

export function PaperOnlyNotice({ id, eligibility, texts }: PaperOnlyNoticeProps) {
  const { t } = useTranslation('common');
  const { heading, text, help } = texts(eligibility === 'NOT_PAPER' ? 'not-paper' : 'not-active');
  return (
    <Notice region aria-labelledby={id} heading={<span id={id}>{heading}</span>}>
      <p>{text}</p>
      {help ? <p>{help}</p> : null}
      <ul className="screen-links">
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('links.customer-service')}
          </Link>
        </li>
        <li>
          <HomeLink />
        </li>
      </ul>
    </Notice>
  );
}
