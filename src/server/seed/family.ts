// Demo family sharing, through its owning modules: digital (Dag Digital) shares his
// FVN premium subscription, whose plan includes family sharing; familie (Frida Familie) is a
// member since 40 days ago (her FVN subscription is the share: ACTIVE_NON_BILLABLE, digital
// only), and an invitation to morten.familie@example.no, an address without an account, waits
// since two days ago, so /familiedeling shows a member, a pending invitation and 2 of 4 seats.
//
// The pending invitation's link went out before Min Side's records begin (its token is not
// kept): "Send på nytt" on /familiedeling mails a link that opens on this server.
import type { Queryable } from '../db/db';
import { importFamilyMember, importInvitation } from '../domain/family/store';

const DAY = 24 * 3600 * 1000;

/** The account, name and FVN subscription (the newest) of a demo identity. */
async function demoAccount(db: Queryable, email: string) {
  const [row] = await db.query<{
    aria_account_no: string;
    name: string;
    subscription_no: string | null;
  }>(
    `select a.aria_account_no, u.given_name || ' ' || u.family_name as name,
            (select s.subscription_no from subscriptions s
              where s.aria_account_no = a.aria_account_no and s.title_code = 'FVN'
              order by s.created_at desc limit 1) as subscription_no
       from identity_users u join accounts a on a.spid_id = u.spid_id
      where u.email = $1`,
    [email],
  );
  if (!row) throw new Error(`Demo family data needs the account of ${email}`);
  return row;
}

export async function seedFamilyDemo(db: Queryable, now: Date): Promise<void> {
  const ownerEmail = 'digital@demo.minside.no';
  const memberEmail = 'familie@demo.minside.no';
  const owner = await demoAccount(db, ownerEmail);
  const member = await demoAccount(db, memberEmail);
  if (!owner.subscription_no) throw new Error('digital needs its FVN subscription to share');
  await importFamilyMember(db, {
    ownerSubscriptionNo: owner.subscription_no,
    ownerName: owner.name,
    ownerEmail,
    memberAccountNo: member.aria_account_no,
    memberName: member.name,
    memberEmail,
    joinedAt: new Date(now.getTime() - 40 * DAY),
  });
  await importInvitation(db, {
    ownerSubscriptionNo: owner.subscription_no,
    ownerName: owner.name,
    ownerEmail,
    recipientEmail: 'morten.familie@example.no',
    sentAt: new Date(now.getTime() - 2 * DAY),
  });
}
