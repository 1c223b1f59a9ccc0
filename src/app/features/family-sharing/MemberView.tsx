// /familiedeling for a member: whose subscription they share, what it includes (the owner plan's
// digital features: a share never brings the paper), since when, and the last day when the owner
// has ended it (with the way to an own subscription); then leaving, which ends the access at once
// and so asks first. Left, the screen says so (onLeft) and offers an own subscription.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { type Feature, sharedFeatures } from '../../../shared/subscription/features';
import { type FamilyMembership, useLeaveFamilySharingMutation } from '../../api/family';
import { callFailure } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { ConfirmActions } from '../../ui/ConfirmActions';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';

import { useDayOf } from './familyWords';

/** What a share gives, as a list: the digital features (never paper or family sharing). */
export function SharedFeatures({
  features,
  labelledBy,
}: {
  readonly features: readonly Feature[];
  readonly labelledBy?: string;
}) {
  const { t } = useTranslation('family-sharing');
  const listed = sharedFeatures(features);
  if (listed.length === 0) return null;
  return (
    <ul className="ds-list family-features" aria-labelledby={labelledBy}>
      {listed.map((feature) => (
        <li key={feature}>{t(`family-sharing.features.${feature}`)}</li>
      ))}
    </ul>
  );
}

function Leave({
  titleCode,
  ownerName,
  onLeft,
}: {
  readonly titleCode: string;
  readonly ownerName: string;
  readonly onLeft: () => void;
}) {
  const { t } = useTranslation('family-sharing');
  const reload = useReloadSubscription();
  const [leave] = useLeaveFamilySharingMutation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const leaveRef = useRef<HTMLButtonElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [focusTo, setFocusTo] = useState<'question' | 'leave' | null>(null);
  useEffect(() => {
    if (focusTo === 'question') questionRef.current?.focus();
    if (focusTo === 'leave') leaveRef.current?.focus();
  }, [focusTo, asking]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function confirm() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await leave({ titleCode }).unwrap();
      // The access has ended: the store must say so before the reader goes anywhere else.
      await reload();
      onLeft();
    } catch (error) {
      const { code } = callFailure(error);
      // No longer a member (removed meanwhile, or left in another tab): the store catches up.
      if (code === 'FAMILY_MEMBER_NOT_FOUND') void reload();
      setFailure(
        t(
          code === 'FAMILY_MEMBER_NOT_FOUND'
            ? 'family-sharing.member.not-member'
            : 'family-sharing.member.leave-failed',
        ),
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** The question taken back: the focus returns to the button that asked it. */
  const takeBack = () => {
    setAsking(false);
    setFocusTo('leave');
  };
  return (
    <section aria-labelledby="family-leave-heading" className="screen">
      <h2 id="family-leave-heading" className="ds-heading" data-size="sm">
        {t('family-sharing.member.leave-heading')}
      </h2>
      <p className="ds-paragraph">{t('family-sharing.member.leave-text', { owner: ownerName })}</p>
      {failure ? (
        <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
          {failure}
        </Notice>
      ) : null}
      {asking ? (
        <div className="family-confirm" role="group" aria-labelledby="family-leave-question">
          <p id="family-leave-question" className="ds-paragraph" tabIndex={-1} ref={questionRef}>
            {t('family-sharing.member.leave-question')}
          </p>
          <ConfirmActions
            confirmLabel={t('family-sharing.member.leave-confirm')}
            cancelLabel={t('family-sharing.member.leave-cancel')}
            busyText={t('family-sharing.member.leaving')}
            busy={busy}
            onConfirm={() => void confirm()}
            onCancel={takeBack}
          />
        </div>
      ) : (
        <p className="ds-paragraph">
          <button
            type="button"
            className="ds-button"
            data-variant="secondary"
            ref={leaveRef}
            onClick={() => {
              setAsking(true);
              setFocusTo('question');
            }}
          >
            {t('family-sharing.member.leave')}
          </button>
        </p>
      )}
    </section>
  );
}

const FEATURES_HEADING_ID = 'family-member-features';

export function MemberView({
  titleCode,
  titleName,
  membership,
  subscription,
  onLeft,
}: {
  readonly titleCode: string;
  readonly titleName: string;
  readonly membership: FamilyMembership;
  /** The member's own (shared) subscription, for what it includes. */
  readonly subscription: Subscription | null;
  readonly onLeft: () => void;
}) {
  const { t } = useTranslation('family-sharing');
  const dayOf = useDayOf();
  const longDate = useLongDate();
  const owner = membership.ownerName;
  const facts: Fact[] = [
    { key: 'owner', label: t('family-sharing.member.owner'), value: owner },
    { key: 'plan', label: t('family-sharing.member.plan'), value: membership.planName },
    { key: 'since', label: t('family-sharing.member.since'), value: dayOf(membership.since) },
    {
      key: 'price',
      label: t('family-sharing.member.price'),
      value: t('family-sharing.member.free'),
    },
  ];
  return (
    <>
      <section aria-labelledby="family-membership-heading" className="ds-card family-membership">
        <h2 id="family-membership-heading" className="ds-heading" data-size="sm">
          {t('family-sharing.member.heading', { owner, title: titleName })}
        </h2>
        <p className="ds-paragraph">
          {t('family-sharing.member.text', { owner, title: titleName })}
        </p>
        <Facts facts={facts} />
        {subscription ? (
          <>
            <h3 id={FEATURES_HEADING_ID} className="ds-heading" data-size="xs">
              {t('family-sharing.member.includes')}
            </h3>
            <SharedFeatures features={subscription.features} labelledBy={FEATURES_HEADING_ID} />
          </>
        ) : null}
      </section>
      {membership.endsOn ? (
        <Notice color="warning">
          <p>{t('family-sharing.member.ending', { owner, date: longDate(membership.endsOn) })}</p>
          <p>
            <Link className="ds-link" to="/bestill-abonnement">
              {t('family-sharing.member.own-subscription')}
            </Link>
          </p>
        </Notice>
      ) : null}
      <Leave titleCode={titleCode} ownerName={owner} onLeft={onLeft} />
    </>
  );
}
