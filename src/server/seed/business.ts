// Demo business agreements, through their owning modules: bedrift-admin administers
// the agreement of "Kystbyen Regnskap AS" on FVN (domain demo.minside.no, 10 seats), where
// bedrift-ansatt has an active seat and ny.ansatt@demo.minside.no a pending invitation, so
// /administrer-bedrift shows both states and 2 of 10 seats used. A second company, "Fjellheim
// Bygg AS" (domain fjellheim-bygg.no, 3 seats, all taken), has no demo admin: an admin of the
// first can never see or touch it.
//
// The pending invitations' links were e-mailed before Min Side's records begin (their tokens are
// not kept): "Send på nytt" on /administrer-bedrift mails a link that opens on this server.
import { BUSINESS_PLAN_ID } from '../../shared/subscription/plans';
import { randomToken, sha256 } from '../crypto';
import type { Queryable } from '../db/db';
import { importActiveSeat, importAgreement, insertInvitation } from '../domain/business/agreements';
import { LINK_TTL_DAYS } from '../domain/business/changes';
import { findPlan, insertSharedSubscription } from '../domain/subscriptions/lifecycle';

const DAY = 24 * 3600 * 1000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/** The account and current subscription of a demo identity to FVN. */
async function demoAccount(db: Queryable, email: string) {
  const [row] = await db.query<{
    spid_id: string;
    aria_account_no: string;
    subscription_no: string | null;
  }>(
    `select a.spid_id, a.aria_account_no,
            (select s.subscription_no from subscriptions s
              where s.aria_account_no = a.aria_account_no and s.title_code = 'FVN'
              order by s.created_at desc limit 1) as subscription_no
       from identity_users u join accounts a on a.spid_id = u.spid_id
      where u.email = $1`,
    [email],
  );
  if (!row) throw new Error(`Demo business data needs the account of ${email}`);
  return row;
}

export async function seedBusinessDemo(db: Queryable, now: Date): Promise<void> {
  const admin = await demoAccount(db, 'bedrift-admin@demo.minside.no');
  const employee = await demoAccount(db, 'bedrift-ansatt@demo.minside.no');
  if (!admin.subscription_no) throw new Error('bedrift-admin needs its FVN subscription');
  const created = daysBefore(now, 400);
  const agreementId = await importAgreement(db, {
    titleCode: 'FVN',
    companyName: 'Kystbyen Regnskap AS',
    organizationNumber: '999111009',
    billingAddress: { street: 'Markens gate 12', postalCode: '4611', place: 'Kristiansand S' },
    maxSeats: 10,
    domains: ['demo.minside.no'],
    adminSubscriptionNos: [admin.subscription_no],
    createdAt: created,
  });

  // bedrift-ansatt verified 60 days ago: the seat's subscription, as verifying makes it.
  const plan = await findPlan(db, 'FVN', { ariaPlanID: BUSINESS_PLAN_ID, period: 'Årlig' });
  const verifiedAt = daysBefore(now, 60);
  const subscriptionNo = await insertSharedSubscription(db, {
    kind: 'business-seat',
    ariaAccountNo: employee.aria_account_no,
    titleCode: 'FVN',
    planId: plan.id,
    businessAgreementId: String(agreementId),
    now: verifiedAt,
    detail: { imported: true },
  });
  await importActiveSeat(db, {
    agreementId,
    email: 'bedrift-ansatt@demo.minside.no',
    spidId: employee.spid_id,
    name: 'Anders Ansatt',
    subscriptionNo,
    tokenHash: sha256(randomToken()),
    addedAt: daysBefore(now, 62),
    activatedAt: verifiedAt,
  });
  await pendingInvitation(db, agreementId, 'ny.ansatt@demo.minside.no', daysBefore(now, 2));

  // Another company on FVN, every seat taken by invitations.
  const other = await importAgreement(db, {
    titleCode: 'FVN',
    companyName: 'Fjellheim Bygg AS',
    organizationNumber: '999222005',
    billingAddress: { street: 'Industrivegen 4', postalCode: '4700', place: 'Vennesla' },
    maxSeats: 3,
    domains: ['fjellheim-bygg.no'],
    adminSubscriptionNos: [],
    createdAt: created,
  });
  for (const [index, email] of [
    'ola@fjellheim-bygg.no',
    'kari@fjellheim-bygg.no',
    'per@fjellheim-bygg.no',
  ].entries())
    await pendingInvitation(db, other, email, daysBefore(now, 5 + index));
}

async function pendingInvitation(db: Queryable, agreementId: number, email: string, at: Date) {
  await insertInvitation(db, {
    agreementId,
    email,
    tokenHash: sha256(randomToken()),
    linkExpiresAt: new Date(at.getTime() + LINK_TTL_DAYS * DAY),
    now: at,
  });
}
