// /familiedeling for the owner: the seats ("2 av 4 plasser brukt", the maximum is the plan's own
// setting), the invitation form (or why it is not there: every seat is taken), the members and
// the invitations. What an action did is said in its section and takes the focus there.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FamilyInvitation, FamilySharing } from '../../api/family';

import { Announcement, announcement, type AnnouncementValue } from './Announcement';
import { useDayOf } from './familyWords';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';

type Where = 'invite' | 'members' | 'invitations';

function Seats({ family }: { readonly family: FamilySharing }) {
  const { t } = useTranslation('family-sharing');
  const max = family.maxMembers ?? 0;
  const used = family.usedCount ?? 0;
  const remaining = family.remainingCount ?? Math.max(0, max - used);
  return (
    <section aria-labelledby="family-seats-heading" className="ds-card family-seats">
      <h2 id="family-seats-heading" className="ds-heading" data-size="sm">
        {t('family-sharing.seats.used', { used, max })}
      </h2>
      <ol className="family-seat-row" aria-hidden="true">
        {Array.from({ length: max }, (_, index) => (
          <li key={index} className="family-seat" data-used={index < used ? 'true' : 'false'} />
        ))}
      </ol>
      <p className="ds-paragraph">
        {remaining > 0
          ? t('family-sharing.seats.remaining', { remaining, max })
          : t('family-sharing.seats.full', { max })}
      </p>
      <p className="ds-paragraph family-item-meta">{t('family-sharing.seats.counted')}</p>
    </section>
  );
}

export function OwnerView({ family }: { readonly family: FamilySharing }) {
  const { t } = useTranslation('family-sharing');
  const dayOf = useDayOf();
  const [said, setSaid] = useState<{ where: Where; value: AnnouncementValue } | null>(null);
  const report = (where: Where) => (value: AnnouncementValue | null) =>
    setSaid(value ? { where, value } : null);
  const shown = (where: Where) => (said?.where === where ? said.value : null);
  const full = (family.remainingCount ?? 0) <= 0;
  const onInvite = report('invite');
  const onMembers = report('members');
  const onInvitations = report('invitations');
  const inviteSaid = shown('invite');
  const membersSaid = shown('members');
  const invitationsSaid = shown('invitations');

  const sent = (invitation: FamilyInvitation) =>
    onInvite(
      announcement(
        'success',
        t(
          invitation.channel === 'SMS'
            ? 'family-sharing.invite.sent-sms'
            : 'family-sharing.invite.sent-email',
          { recipient: invitation.recipient, date: dayOf(invitation.expiresAt) },
        ),
      ),
    );

  return (
    <>
      <p className="ds-paragraph">
        {t('family-sharing.owner.intro', { max: family.maxMembers ?? 0 })}
      </p>
      <Seats family={family} />

      <section aria-labelledby="family-invite-heading" className="screen">
        <h2 id="family-invite-heading" className="ds-heading" data-size="sm">
          {t('family-sharing.invite.heading')}
        </h2>
        <Announcement value={inviteSaid} />
        {full ? (
          <p className="ds-paragraph">{t('family-sharing.invite.full')}</p>
        ) : (
          <>
            <p className="ds-paragraph">{t('family-sharing.invite.intro')}</p>
            <InviteForm titleCode={family.titleCode} onSent={sent} onResult={onInvite} />
          </>
        )}
      </section>

      <section aria-labelledby="family-members-heading" className="screen">
        <h2 id="family-members-heading" className="ds-heading" data-size="sm">
          {t('family-sharing.members.heading')}
        </h2>
        <Announcement value={membersSaid} />
        <MemberList members={family.members} onResult={onMembers} />
      </section>

      <section aria-labelledby="family-invitations-heading" className="screen">
        <h2 id="family-invitations-heading" className="ds-heading" data-size="sm">
          {t('family-sharing.invitations.heading')}
        </h2>
        <Announcement value={invitationsSaid} />
        <InvitationList invitations={family.invitations} onResult={onInvitations} />
      </section>
    </>
  );
}
