// The owner's members on /familiedeling: each with the day they joined and a way to remove them.
// Removing ends the member's access at once, so it asks first, in the row (the focus goes to
// the question, and back to "Fjern" when the owner changes their mind); one request however
// often the button is pressed; the section says what happened (onResult) and takes the focus.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type FamilyMember, useRemoveFamilyMemberMutation } from '../../api/family';
import { callFailure } from '../../api/problem';
import { ConfirmActions } from '../../ui/ConfirmActions';

import { announcement, type AnnouncementValue } from './Announcement';
import { OWNER_REFUSALS, useDayOf } from './familyWords';

function MemberRow({
  member,
  onResult,
}: {
  readonly member: FamilyMember;
  readonly onResult: (result: AnnouncementValue) => void;
}) {
  const { t } = useTranslation('family-sharing');
  const dayOf = useDayOf();
  const [remove] = useRemoveFamilyMemberMutation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes when the question appears or goes away (not on the first view).
  const [focusTo, setFocusTo] = useState<'question' | 'remove' | null>(null);
  useEffect(() => {
    if (focusTo === 'question') questionRef.current?.focus();
    if (focusTo === 'remove') removeRef.current?.focus();
  }, [focusTo, asking]);
  const headingId = `family-member-${member.memberId}`;

  async function confirm() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await remove({ memberId: member.memberId }).unwrap();
      onResult(
        announcement('success', t('family-sharing.members.removed', { name: member.displayName })),
      );
    } catch (error) {
      const { code } = callFailure(error);
      const refusal = code ? OWNER_REFUSALS[code] : undefined;
      onResult(announcement('danger', t(refusal ?? 'family-sharing.members.remove-failed')));
      setAsking(false);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** The question taken back: the focus returns to the button that asked it. */
  const takeBack = () => {
    setAsking(false);
    setFocusTo('remove');
  };
  return (
    <li className="ds-card family-item">
      <h3 id={headingId} className="ds-heading" data-size="xs">
        {member.displayName}
      </h3>
      <p className="ds-paragraph family-item-meta">
        {t('family-sharing.members.joined', { date: dayOf(member.joinedAt) })}
      </p>
      {asking ? (
        <div className="family-confirm" role="group" aria-labelledby={`${headingId}-question`}>
          <p id={`${headingId}-question`} className="ds-paragraph" tabIndex={-1} ref={questionRef}>
            {t('family-sharing.members.remove-question', { name: member.displayName })}
          </p>
          <ConfirmActions
            confirmLabel={t('family-sharing.members.remove-confirm')}
            cancelLabel={t('family-sharing.members.remove-cancel')}
            busyText={t('family-sharing.members.removing')}
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
            ref={removeRef}
            onClick={() => {
              setAsking(true);
              setFocusTo('question');
            }}
          >
            {t('family-sharing.members.remove')}
            <span className="ds-sr-only"> {member.displayName}</span>
          </button>
        </p>
      )}
    </li>
  );
}

export function MemberList({
  members,
  onResult,
}: {
  readonly members: readonly FamilyMember[];
  readonly onResult: (result: AnnouncementValue) => void;
}) {
  const { t } = useTranslation('family-sharing');
  if (members.length === 0)
    return <p className="ds-paragraph">{t('family-sharing.members.none')}</p>;
  return (
    <ul className="family-list">
      {members.map((member) => (
        <MemberRow key={member.memberId} member={member} onResult={onResult} />
      ))}
    </ul>
  );
}
