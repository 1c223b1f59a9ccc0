// Plan conversions (the rules and dates in src/shared/subscription/conversions.ts).
// Owns `plan_conversions` and `subscriptions.pending_reason`.
//
// A reader on the student plan whose verification lapses, or on the youth (UNG) plan who turns
// 34, no longer qualifies for it. The background job (`runConversions`) finds them when the
// first renewal after that day is at most CONVERSION_NOTICE_DAYS away and, in one transaction per
// subscription: schedules the change on the engine (`scheduleConversion`: a pending change the
// reader cannot simply withdraw) from a renewal date at least the notice period after today,
// records it, and e-mails the reader what the subscription becomes, from when and at what price,
// and what else they can choose. The default is the plan nearest to what they have: a student
// who may still have the youth plan gets it, everyone else the title's ordinary digital plan, on
// the same period. The reader may choose another plan in one tap (`chooseConversionPlan`), end
// the subscription (the cancellation flow), or — a student — verify again, which calls the
// conversion off (`withdrawStudentConversion`, from student.ts).
//
// Facts come from the server's own records only: the birth date from accountContact, the
// verification from student_verifications, the prices from the plans table. Two job runs at
// once: the subscription row is locked `skip locked`, the engine's event has a dedupe key, and
// one open conversion per subscription is a unique index.
import {
  conversionDate,
  conversionNoticeDue,
  type ConversionReason,
  studentLapseDate,
  youthFitsOn,
  youthLapseDate,
} from '../../../shared/subscription/conversions';
import {
  defaultPlanId,
  type Period,
  STUDENT_PLAN_ID,
  YOUTH_PLAN_ID,
} from '../../../shared/subscription/plans';
import { SubscriptionStatus as S } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable, Row } from '../../db/db';
import { DomainError } from '../../errors';
import { type MessageSender, outboxSender } from '../../messaging/outbox';
import { accountContact } from '../accounts/profile';

import { conversionEmail } from './conversionMessages';
import { applyCommandInTx, readState } from './lifecycle';
import type { Subscription } from './subscriptions';

export interface ConversionDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** The e-mail port in the caller's transaction (the outbox unless a test gives another). */
  readonly sender?: (tx: Queryable, now: Date) => MessageSender;
}

/** A plan the subscription may become, with what it costs. */
export interface ConversionPlan {
  readonly id: number;
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly period: Period;
  readonly price: number;
}

export interface ConversionChoice extends Omit<ConversionPlan, 'id'> {
  /** The plan the subscription becomes now (the default or the reader's choice). */
  readonly chosen: boolean;
  /** The plan the notice named. */
  readonly default: boolean;
}

/** A conversion in waiting, as the reader's page tells it. */
export interface PlanConversion {
  readonly subscriptionNo: string;
  readonly reason: ConversionReason;
  /** The first day the reader no longer qualifies (the 34th birthday; the day after the verification). */
  readonly lapseDate: string;
  /** The renewal date from which the subscription is on the new plan. */
  readonly effectiveDate: string;
  readonly choices: readonly ConversionChoice[];
  /** Where a student verifies again (null for the youth plan). */
  readonly verifyAgainPath: string | null;
}

export interface ConversionRun {
  readonly noticed: number;
  readonly rescheduled: number;
  readonly done: number;
  readonly failed: readonly { readonly subscriptionNo: string; readonly message: string }[];
}

const reasonOfPlan: Readonly<Record<string, ConversionReason>> = {
  [STUDENT_PLAN_ID]: 'student-verification-ends',
  [YOUTH_PLAN_ID]: 'youth-age-limit',
};

interface Candidate extends Row {
  subscription_no: string;
  aria_account_no: string;
  title_code: string;
  aria_plan_id: string;
  period: Period;
  renewal_date: string;
  pending_reason: ConversionReason | null;
  open_id: string | null;
  open_plan_id: string | null;
  open_effective_date: string | null;
  open_reason: ConversionReason | null;
}

/** Running, own (not shared) student and youth subscriptions, with any open conversion. */
const candidatesSql = `
  select s.subscription_no, s.aria_account_no, s.title_code, p.aria_plan_id, p.period,
         s.renewal_date::text as renewal_date, s.pending_reason,
         c.id::text as open_id, c.plan_id::text as open_plan_id,
         c.effective_date::text as open_effective_date, c.reason as open_reason
    from subscriptions s
    join plans p on p.id = s.plan_id
    left join plan_conversions c
      on c.subscription_no = s.subscription_no and c.withdrawn_at is null and c.done_at is null
   where s.status_code in (${S.ACTIVE}, ${S.TRIAL}) and s.share_kind is null
     and s.renewal_date is not null
     and p.aria_plan_id in ('${STUDENT_PLAN_ID}', '${YOUTH_PLAN_ID}')`;

/** The last day the reader's latest student (or pupil) verification on the title lasts. */
async function verification(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
): Promise<{ validUntil: string; kind: 'student' | 'pupil' } | null> {
  const [row] = await db.query<{ valid_until: string; kind: 'student' | 'pupil' }>(
    `select valid_until::text as valid_until, kind from student_verifications
      where aria_account_no = $1 and title_code = $2 and valid_until is not null
      order by valid_until desc limit 1`,
    [ariaAccountNo, titleCode],
  );
  return row ? { validUntil: row.valid_until, kind: row.kind } : null;
}

/** The first day the reader no longer qualifies for the plan; null when nobody can tell. */
async function lapseDateOf(
  db: Queryable,
  c: Pick<Candidate, 'aria_account_no' | 'title_code'>,
  reason: ConversionReason,
  today: string,
): Promise<string | null> {
  if (reason === 'youth-age-limit') {
    // A youth subscription was taken with a known age; without one there is nothing to go by.
    const { birthDate } = await accountContact(db, c.aria_account_no);
    return birthDate ? youthLapseDate(birthDate) : null;
  }
  const verified = await verification(db, c.aria_account_no, c.title_code);
  // A student subscription without any verification (brought over from the old system) lapses
  // now: the reader is told and can verify.
  return verified ? studentLapseDate(verified.validUntil) : today;
}

async function plansOf(
  db: Queryable,
  titleCode: string,
  ariaPlanIDs: readonly string[],
): Promise<ConversionPlan[]> {
  const rows = await db.query<{
    id: string;
    aria_plan_id: string;
    plan_name: string;
    period: Period;
    price_ore: string;
  }>(
    `select id::text as id, aria_plan_id, plan_name, period, price_ore::text as price_ore
       from plans p where title_code = $1 and aria_plan_id = any($2::text[]) and active
      order by array_position($2::text[], p.aria_plan_id), p.price_ore`,
    [titleCode, ariaPlanIDs],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    ariaPlanID: r.aria_plan_id,
    planName: r.plan_name,
    period: r.period,
    price: Number(r.price_ore),
  }));
}

/**
 * The plans the subscription may become on `on`: for a student the youth plan when the reader
 * may have it that day, then the title's ordinary digital plan; for the youth plan the ordinary
 * plan. Each on every period the title sells it.
 */
async function choicesOf(
  db: Queryable,
  input: { ariaAccountNo: string; titleCode: string; reason: ConversionReason; on: string },
): Promise<ConversionPlan[]> {
  const ordinary = defaultPlanId(input.titleCode);
  if (input.reason === 'youth-age-limit') return plansOf(db, input.titleCode, [ordinary]);
  const { birthDate } = await accountContact(db, input.ariaAccountNo);
  return plansOf(
    db,
    input.titleCode,
    youthFitsOn(birthDate, input.on) ? [YOUTH_PLAN_ID, ordinary] : [ordinary],
  );
}

/** The default of the choices: the first plan (the nearest) on the period the reader pays by. */
function defaultOf(choices: readonly ConversionPlan[], period: Period): ConversionPlan {
  const first = choices[0]!.ariaPlanID;
  const ofFirst = choices.filter((c) => c.ariaPlanID === first);
  return (
    ofFirst.find((c) => c.period === period) ??
    ofFirst.find((c) => c.period === 'Månedlig') ??
    ofFirst[0]!
  );
}

type Outcome = 'noticed' | 'rescheduled' | 'none';

/** Tells one reader and schedules the change, or schedules again what was cleared. */
async function convertOne(
  deps: ConversionDeps,
  subscriptionNo: string,
  now: Date,
): Promise<Outcome> {
  const today = osloDateOf(now);
  return deps.db.transaction(async (tx) => {
    const [c] = await tx.query<Candidate>(
      `${candidatesSql} and s.subscription_no = $1 for update of s skip locked`,
      [subscriptionNo],
    );
    if (!c) return 'none';
    const reason = reasonOfPlan[c.aria_plan_id]!;
    if (c.open_id) {
      // Told already; a cancellation undone cleared the change in waiting: it is put back as
      // the reader last left it (unless its day has passed: the job closes it).
      if (c.pending_reason || c.open_effective_date! <= today) return 'none';
      const [plan] = await tx.query<{ aria_plan_id: string; period: Period }>(
        'select aria_plan_id, period from plans where id = $1',
        [c.open_plan_id],
      );
      await applyCommandInTx(
        tx,
        subscriptionNo,
        {
          kind: 'scheduleConversion',
          plan: { ariaPlanID: plan!.aria_plan_id, period: plan!.period },
          on: c.open_effective_date!,
          reason: c.open_reason!,
        },
        { clock: deps.clock, actor: 'job' },
      );
      return 'rescheduled';
    }
    const lapseDate = await lapseDateOf(tx, c, reason, today);
    if (!lapseDate) return 'none';
    const dates = { renewalDate: c.renewal_date, period: c.period, lapseDate, today };
    if (!conversionNoticeDue(dates)) return 'none';
    const effectiveDate = conversionDate(dates);
    const choices = await choicesOf(tx, {
      ariaAccountNo: c.aria_account_no,
      titleCode: c.title_code,
      reason,
      on: effectiveDate,
    });
    if (choices.length === 0) return 'none';
    // The period the reader will pay by then: a period change of their own in waiting counts.
    const state = await readState(tx, subscriptionNo);
    const pending = state?.pendingChange;
    const period =
      pending && !pending.reason && pending.effectiveDate <= effectiveDate
        ? pending.plan.period
        : c.period;
    const plan = defaultOf(choices, period);
    await applyCommandInTx(
      tx,
      subscriptionNo,
      {
        kind: 'scheduleConversion',
        plan: { ariaPlanID: plan.ariaPlanID, period: plan.period },
        on: effectiveDate,
        reason,
      },
      {
        clock: deps.clock,
        actor: 'job',
        dedupeKey: `conversion:${subscriptionNo}:${effectiveDate}`,
      },
    );
    const contact = await accountContact(tx, c.aria_account_no);
    await tx.query(
      `insert into plan_conversions (subscription_no, reason, lapse_date, effective_date, plan_id,
         default_plan_id, email, noticed_at)
       values ($1, $2, $3, $4, $5, $5, $6, $7)`,
      [subscriptionNo, reason, lapseDate, effectiveDate, plan.id, contact.email, now.toISOString()],
    );
    if (contact.email) {
      const verified =
        reason === 'student-verification-ends'
          ? await verification(tx, c.aria_account_no, c.title_code)
          : null;
      const email = conversionEmail({
        titleCode: c.title_code,
        reason,
        firstName: contact.firstName,
        fromPlanName: await planNameOf(tx, c.title_code, c.aria_plan_id),
        lapseDate,
        effectiveDate,
        plan,
        others: choices.filter((o) => o.id !== plan.id),
        verifyAgainPath: verifyAgainPath(reason, verified?.kind ?? 'student'),
      });
      const sender = (deps.sender ?? outboxSender)(tx, now);
      await sender.sendEmail(contact.email, email.subject, email.body);
    }
    return 'noticed';
  });
}

async function planNameOf(db: Queryable, titleCode: string, ariaPlanID: string): Promise<string> {
  const [row] = await db.query<{ plan_name: string }>(
    'select plan_name from plans where title_code = $1 and aria_plan_id = $2 limit 1',
    [titleCode, ariaPlanID],
  );
  return row?.plan_name ?? ariaPlanID;
}

const verifyAgainPath = (reason: ConversionReason, kind: 'student' | 'pupil'): string | null =>
  reason === 'youth-age-limit'
    ? null
    : kind === 'pupil'
      ? '/elev-verifisering'
      : '/student-verifisering';

/**
 * The job: closes conversions whose day has come, then tells every reader who is due and puts
 * back changes that were cleared. Each subscription in a transaction of its own; one that fails
 * is reported and tried again on the next run.
 */
export async function runConversions(deps: ConversionDeps): Promise<ConversionRun> {
  const now = deps.clock.now();
  const today = osloDateOf(now);
  const closed = await deps.db.query(
    `update plan_conversions set done_at = $2
      where withdrawn_at is null and done_at is null and effective_date <= $1 returning id`,
    [today, now.toISOString()],
  );
  const candidates = await deps.db.query<{ subscription_no: string }>(
    `select subscription_no from (${candidatesSql}) c order by subscription_no`,
  );
  let noticed = 0;
  let rescheduled = 0;
  const failed: { subscriptionNo: string; message: string }[] = [];
  for (const { subscription_no: subscriptionNo } of candidates) {
    try {
      const outcome = await convertOne(deps, subscriptionNo, now);
      if (outcome === 'noticed') noticed += 1;
      if (outcome === 'rescheduled') rescheduled += 1;
    } catch (error) {
      failed.push({
        subscriptionNo,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { noticed, rescheduled, done: closed.length, failed };
}

interface OpenRow extends Row {
  id: string;
  subscription_no: string;
  aria_account_no: string;
  title_code: string;
  reason: ConversionReason;
  lapse_date: string;
  effective_date: string;
  plan_id: string;
  default_plan_id: string;
}

const openOf = `
  select c.id::text as id, c.subscription_no, s.aria_account_no, s.title_code, c.reason,
         c.lapse_date::text as lapse_date, c.effective_date::text as effective_date,
         c.plan_id::text as plan_id, c.default_plan_id::text as default_plan_id
    from plan_conversions c join subscriptions s on s.subscription_no = c.subscription_no
   where c.subscription_no = $1 and s.aria_account_no = $2
     and c.withdrawn_at is null and c.done_at is null and c.effective_date > $3
     and s.pending_reason is not null`;

const notFound = () =>
  new DomainError(
    'not-found',
    'PLAN_CONVERSION_NOT_FOUND',
    'No plan conversion is waiting for this subscription',
  );

async function describe(db: Queryable, row: OpenRow): Promise<PlanConversion> {
  const plans = await choicesOf(db, {
    ariaAccountNo: row.aria_account_no,
    titleCode: row.title_code,
    reason: row.reason,
    on: row.effective_date,
  });
  const verified =
    row.reason === 'student-verification-ends'
      ? await verification(db, row.aria_account_no, row.title_code)
      : null;
  return {
    subscriptionNo: row.subscription_no,
    reason: row.reason,
    lapseDate: row.lapse_date,
    effectiveDate: row.effective_date,
    choices: plans.map(({ id, ...plan }) => ({
      ...plan,
      chosen: String(id) === row.plan_id,
      default: String(id) === row.default_plan_id,
    })),
    verifyAgainPath: verifyAgainPath(row.reason, verified?.kind ?? 'student'),
  };
}

/** The conversion waiting for a subscription of the reader's account (404 when none). */
export async function conversionOf(
  { db, clock }: Pick<ConversionDeps, 'db' | 'clock'>,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<PlanConversion> {
  const [row] = await db.query<OpenRow>(openOf, [
    subscriptionNo,
    ariaAccountNo,
    osloDateOf(clock.now()),
  ]);
  if (!row) throw notFound();
  return describe(db, row);
}

/**
 * The reader chooses what the subscription becomes (one of the conversion's choices, on the same
 * day). A plan that is not among them is 400 PLAN_NOT_AVAILABLE; none waiting is 404.
 */
export async function chooseConversionPlan(
  { db, clock }: Pick<ConversionDeps, 'db' | 'clock'>,
  ariaAccountNo: string,
  subscriptionNo: string,
  selector: { readonly ariaPlanID: string; readonly period: Period },
): Promise<{ subscription: Subscription; conversion: PlanConversion }> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx.query<OpenRow>(`${openOf} for update of c`, [
      subscriptionNo,
      ariaAccountNo,
      osloDateOf(now),
    ]);
    if (!row) throw notFound();
    const choices = await choicesOf(tx, {
      ariaAccountNo,
      titleCode: row.title_code,
      reason: row.reason,
      on: row.effective_date,
    });
    const plan = choices.find(
      (c) => c.ariaPlanID === selector.ariaPlanID && c.period === selector.period,
    );
    if (!plan)
      throw new DomainError(
        'invalid',
        'PLAN_NOT_AVAILABLE',
        'The subscription cannot become this plan',
        'ariaPlanID',
      );
    const { subscription } = await applyCommandInTx(
      tx,
      subscriptionNo,
      {
        kind: 'scheduleConversion',
        plan: selector,
        on: row.effective_date,
        reason: row.reason,
      },
      { clock, actor: 'user', ariaAccountNo },
    );
    await tx.query(
      `update plan_conversions set plan_id = $2, chosen_by = 'reader', chosen_at = $3
        where id = $1`,
      [row.id, plan.id, now.toISOString()],
    );
    return { subscription, conversion: await describe(tx, { ...row, plan_id: String(plan.id) }) };
  });
}

/**
 * The reader verified as a student again: a conversion of their student subscription on the
 * title is called off (in the verification's transaction). True when one was.
 */
export async function withdrawStudentConversion(
  tx: Queryable,
  input: { readonly ariaAccountNo: string; readonly titleCode: string; readonly clock: Clock },
): Promise<boolean> {
  const rows = await tx.query<{ id: string; subscription_no: string }>(
    `select c.id::text as id, c.subscription_no
       from plan_conversions c join subscriptions s on s.subscription_no = c.subscription_no
      where s.aria_account_no = $1 and s.title_code = $2
        and c.reason = 'student-verification-ends'
        and c.withdrawn_at is null and c.done_at is null
      for update of c`,
    [input.ariaAccountNo, input.titleCode],
  );
  for (const row of rows) {
    const state = await readState(tx, row.subscription_no);
    if (state?.pendingChange?.reason === 'student-verification-ends')
      await applyCommandInTx(
        tx,
        row.subscription_no,
        { kind: 'withdrawConversion' },
        { clock: input.clock, actor: 'user', ariaAccountNo: input.ariaAccountNo },
      );
    await tx.query('update plan_conversions set withdrawn_at = $2 where id = $1', [
      row.id,
      input.clock.now().toISOString(),
    ]);
  }
  return rows.length > 0;
}

/** Erasure (privacy/deletion.ts): the plan conversions of the account's subscriptions. */
export async function eraseConversions(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from plan_conversions where subscription_no in
       (select subscription_no from subscriptions where aria_account_no = $1)`,
    [ariaAccountNo],
  );
}
