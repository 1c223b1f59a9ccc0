// /tilbakemelding (login and subscription): a delivery complaint about the paper (requirements §5: only
// paper subscribers can file one). Everything it offers comes from the server (GET
// subscription/{no}/complaints): whether the subscription can have one, the delivery days of the
// last `windowDays` that can be chosen, today's e-paper and the earlier complaints. A paper
// subscriber sees today's e-paper first (the paper is missing this morning: read it now), then
// the form; sending it shows the receipt in the same place, with the e-paper link and what
// happens next, and the earlier complaints below include it. A digital subscriber is told why
// there is nothing to complain about and sent to customer service instead; so is a paper
// subscriber whose subscription has ended.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type ComplaintReceipt as Receipt, useGetComplaintsQuery } from '../../api/complaint';
import type { Subscription } from '../../api/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { PaperOnlyNotice } from '../../ui/PaperOnlyNotice';
import { PaperScreen } from '../../ui/PaperScreen';
import { Progress } from '../../ui/Progress';

import { ComplaintForm } from './ComplaintForm';
import { ComplaintHistory } from './ComplaintHistory';
import { ComplaintReceipt } from './ComplaintReceipt';

import './complaint.css';

const UNAVAILABLE_HEADING_ID = 'complaint-unavailable-heading';
const EPAPER_NOW_HEADING_ID = 'complaint-epaper-now-heading';

/** Today's e-paper, before anything else: the paper is missing now. */
function EpaperNow({ url }: { readonly url: string }) {
  const { t } = useTranslation('complaint');
  return (
    <Notice
      region
      aria-labelledby={EPAPER_NOW_HEADING_ID}
      heading={<span id={EPAPER_NOW_HEADING_ID}>{t('complaint.epaper-now.heading')}</span>}
    >
      <p>{t('complaint.epaper-now.text')}</p>
      <p>
        <a className="ds-link" href={url}>
          {t('complaint.epaper-now.link')}
        </a>
      </p>
    </Notice>
  );
}

function ComplaintFlow({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('complaint');
  // Always asked again on arrival: the days change with the date and with other tabs.
  const query = useGetComplaintsQuery(
    { subscriptionNo: subscription.subscriptionNo },
    { refetchOnMountOrArgChange: true },
  );
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  // Back from a receipt for one more: the focus goes to the form, not lost with the button.
  const [another, setAnother] = useState(false);

  if (query.isLoading) return <Progress reserve>{t('complaint.loading')}</Progress>;
  const overview = query.data;
  if (!overview)
    return (
      <Notice color="danger" role="alert">
        <p>{t('complaint.load-failed')}</p>
        <p>
          <button type="button" className="ds-button" onClick={() => void query.refetch()}>
            {t('complaint.retry')}
          </button>
        </p>
        <p>
          <HomeLink />
        </p>
      </Notice>
    );
  if (overview.eligibility !== 'PAPER' && !receipt)
    return (
      <>
        {/* No paper to complain about: why, and where to go instead. */}
        <PaperOnlyNotice
          id={UNAVAILABLE_HEADING_ID}
          eligibility={overview.eligibility}
          texts={(kind) => ({
            heading: t(`complaint.${kind}.heading`),
            text: t(`complaint.${kind}.text`, { plan: subscription.planName }),
            help: kind === 'not-paper' ? t('complaint.not-paper.help') : undefined,
          })}
        />
        {overview.complaints.length > 0 ? (
          <ComplaintHistory complaints={overview.complaints} />
        ) : null}
      </>
    );
  return (
    <>
      {receipt ? (
        <ComplaintReceipt
          receipt={receipt}
          onAnother={() => {
            setReceipt(null);
            setAnother(true);
          }}
        />
      ) : (
        <>
          <EpaperNow url={overview.epaperUrl} />
          <ComplaintForm
            overview={overview}
            onFiled={setReceipt}
            onStale={() => void query.refetch()}
            focusHeading={another}
          />
        </>
      )}
      <ComplaintHistory complaints={overview.complaints} />
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </>
  );
}

const HEADING_ID = 'complaint-heading';

export default function ComplaintScreen() {
  const { t } = useTranslation('complaint');
  const { subscription } = useAppSelector(selectSubscription);
  return (
    <PaperScreen
      headingId={HEADING_ID}
      subscription={subscription}
      heading={t('complaint.heading')}
      intro={t('complaint.intro')}
    >
      {(subscription) => <ComplaintFlow subscription={subscription} />}
    </PaperScreen>
  );
}
