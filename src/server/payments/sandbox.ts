// The embedded sandbox payment provider: a real provider in miniature, kept in its own table.
// It hosts a payment page (sandbox-plugin.ts) where the tester approves, declines, lets the
// payment time out or cancels; it answers status queries, refunds and recurring charges, and
// sends signed callbacks like Vipps or Swedbank Pay would. Nothing here trusts the shop: the
// shop verifies every payment by asking `getPayment`.
//
// Mandates behave as the two providers' do: a purchase that asks for one (`recurring`) leaves an
// active agreement once approved; a card charge against it is decided at once (Swedbank Pay's
// unscheduled purchase), a Vipps charge waits for its due day and is then tried until its retry
// days are over (Vipps Recurring); a stopped or expired mandate declines (MANDATE_INACTIVE). On
// the agreement's page the tester can stop it, let the card expire, or make the next charges
// fail (no funds: USER_ACTION_REQUIRED; the provider's trouble: TECHNICAL).
// Owns `sandbox_payments`, `sandbox_agreements` and `sandbox_refunds`.
import { randomBytes } from 'node:crypto';

import { addDays, osloDateOf } from '../../shared/time/oslo';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { DomainError } from '../errors';

import type {
  AgreementRequest,
  AgreementStatus,
  ChargeFailure,
  CheckoutMethod,
  HostedPaymentRequest,
  Mandate,
  MandateState,
  PaymentPort,
  ProviderAgreement,
  ProviderPayment,
  ProviderPaymentStatus,
  RecurringChargeRequest,
  RecurringTerms,
} from './port';

/** A hosted payment nobody finishes expires after this long (Vipps: 5–10 min; generous here). */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60 * 1000;

/** The card the sandbox "uses" for card payments (a test card number, masked). */
export const SANDBOX_CARD = { maskedNumber: '************0004', expiry: '12/29' } as const;

export type SandboxAction = 'approve' | 'decline' | 'timeout' | 'cancel';

export interface SandboxCallback {
  readonly eventId: string;
  /** A payment (`pay_…`) or an agreement (`agr_…`). */
  readonly paymentId: string;
  readonly reference: string;
  readonly status: ProviderPaymentStatus | AgreementStatus;
}

interface PaymentRow {
  payment_id: string;
  reference: string;
  method: CheckoutMethod;
  kind: 'hosted' | 'recurring';
  amount_ore: number | string;
  currency: string;
  description: string;
  merchant: string;
  return_url: string | null;
  cancel_url: string | null;
  status: ProviderPaymentStatus;
  refunded_ore: number | string;
  masked_card: string | null;
  card_expiry: string | null;
  created_at: Date | string;
  recurring: RecurringTerms | null;
  mandate_id: string | null;
  due: string | Date | null;
  retry_days: number | null;
  failure: ChargeFailure | null;
  [column: string]: unknown;
}

/** A date column as YYYY-MM-DD (PGlite and node-postgres may answer a Date). */
const dayOf = (value: string | Date): string =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The agreement ids the sandbox makes: Vipps agreements and stored cards. */
const agreementIdFor = (method: CheckoutMethod) => newId(method === 'VIPPS' ? 'agr' : 'card');

export interface SandboxPaymentView extends ProviderPayment {
  readonly description: string;
  readonly merchant: string;
  readonly returnUrl: string | null;
  readonly cancelUrl: string | null;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export class SandboxPaymentProvider implements PaymentPort {
  constructor(
    private readonly deps: {
      readonly db: Db;
      readonly clock: Clock;
      /** Delivers a callback to the shop (signed by the caller); failures are the shop's. */
      readonly notify?: (callback: SandboxCallback) => Promise<void>;
    },
  ) {}

  private view(row: PaymentRow): SandboxPaymentView {
    // A hosted payment nobody finishes expires; a recurring charge waits for its day instead.
    const expired =
      row.kind === 'hosted' &&
      row.status === 'CREATED' &&
      this.deps.clock.now().getTime() - new Date(row.created_at).getTime() > SANDBOX_PAYMENT_TTL_MS;
    const status: ProviderPaymentStatus = expired ? 'EXPIRED' : row.status;
    return {
      paymentId: row.payment_id,
      reference: row.reference,
      method: row.method,
      amountOre: Number(row.amount_ore),
      currency: row.currency,
      status,
      redirectUrl:
        status === 'CREATED' && row.kind === 'hosted' && row.return_url
          ? new URL(`/sandbox/pay/${row.payment_id}`, row.return_url).href
          : null,
      card:
        row.masked_card && row.card_expiry
          ? { maskedNumber: row.masked_card, expiry: row.card_expiry }
          : null,
      mandate: row.mandate_id ? { method: row.method, id: row.mandate_id } : null,
      failure: status === 'DECLINED' ? row.failure : null,
      description: row.description,
      merchant: row.merchant,
      returnUrl: row.return_url,
      cancelUrl: row.cancel_url,
    };
  }

  private async row(db: Queryable, paymentId: string, lock = false): Promise<PaymentRow> {
    const [row] = await db.query<PaymentRow>(
      `select * from sandbox_payments where payment_id = $1${lock ? ' for update' : ''}`,
      [paymentId],
    );
    if (!row) throw new DomainError('not-found', 'PAYMENT_NOT_FOUND', 'No such payment');
    return row;
  }

  private checkAmount(amountOre: number) {
    if (!Number.isSafeInteger(amountOre) || amountOre <= 0)
      throw new DomainError('invalid', 'PAYMENT_AMOUNT_INVALID', 'A payment is at least 1 øre');
  }

  /** The payment made with this idempotency key (a retry answers the first one's). */
  private async byKey(idempotencyKey: string): Promise<PaymentRow> {
    const [row] = await this.deps.db.query<PaymentRow>(
      'select * from sandbox_payments where idempotency_key = $1',
      [idempotencyKey],
    );
    return row!;
  }

  async createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment> {
    this.checkAmount(request.amountOre);
    // Idempotent by key: a retry answers the payment made the first time.
    await this.deps.db.query(
      `insert into sandbox_payments (payment_id, idempotency_key, reference, method, kind,
         amount_ore, currency, description, merchant, return_url, cancel_url, status, recurring,
         created_at, updated_at)
       values ($1, $2, $3, $4, 'hosted', $5, $6, $7, $8, $9, $10, 'CREATED', $11::jsonb, $12, $12)
       on conflict (idempotency_key) do nothing`,
      [
        newId('pay'),
        request.idempotencyKey,
        request.reference,
        request.method,
        request.amountOre,
        request.currency,
        request.description,
        request.merchant,
        request.returnUrl,
        request.cancelUrl,
        request.recurring ? JSON.stringify(request.recurring) : null,
        this.deps.clock.now().toISOString(),
      ],
    );
    return this.view(await this.byKey(request.idempotencyKey));
  }

  async chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment> {
    this.checkAmount(request.amountOre);
    if (!Number.isInteger(request.retryDays) || request.retryDays < 0 || request.retryDays > 14)
      throw new DomainError('invalid', 'RETRY_DAYS_INVALID', 'retryDays is 0–14');
    const agreement = await this.agreementRow(this.deps.db, request.mandate.id);
    if (!agreement || agreement.method !== request.mandate.method)
      throw new DomainError('not-found', 'MANDATE_NOT_FOUND', 'No such agreement or stored card');
    await this.deps.db.query(
      `insert into sandbox_payments (payment_id, idempotency_key, reference, method, kind,
         amount_ore, currency, description, merchant, status, mandate_id, due, retry_days,
         created_at, updated_at)
       values ($1, $2, $3, $4, 'recurring', $5, $6, $7, $8, 'CREATED', $9, $10, $11, $12, $12)
       on conflict (idempotency_key) do nothing`,
      [
        newId('pay'),
        request.idempotencyKey,
        request.reference,
        request.mandate.method,
        request.amountOre,
        request.currency,
        request.description,
        request.merchant,
        request.mandate.id,
        request.due,
        request.retryDays,
        this.deps.clock.now().toISOString(),
      ],
    );
    const row = await this.byKey(request.idempotencyKey);
    return this.getPayment(row.payment_id);
  }

  /**
   * Takes a recurring charge that is due: a card at once, a Vipps charge from its due day (Oslo)
   * on, until its retry days are over. A charge that cannot be taken yet stays CREATED; one that
   * fails while retry days are left stays CREATED too (Vipps keeps it DUE and tries again).
   */
  private async process(paymentId: string): Promise<void> {
    const callback = await this.deps.db.transaction(async (tx) => {
      const row = await this.row(tx, paymentId, true);
      if (row.kind !== 'recurring' || row.status !== 'CREATED' || !row.mandate_id) return null;
      const today = osloDateOf(this.deps.clock.now());
      const due = row.due ? dayOf(row.due) : today;
      if (row.method === 'VIPPS' && today < due) return null;
      const [agreement] = await tx.query<AgreementRow>(
        'select * from sandbox_agreements where agreement_id = $1 for update',
        [row.mandate_id],
      );
      const lastTry = row.method === 'VIPPS' ? addDays(due, row.retry_days ?? 0) : today;
      let status: ProviderPaymentStatus = 'CAPTURED';
      let failure: ChargeFailure | null = null;
      if (!agreement || agreement.status !== 'ACTIVE') {
        status = 'DECLINED';
        failure = 'MANDATE_INACTIVE';
      } else if (agreement.fails_with) {
        if (today < lastTry) return null; // tried again on the next day
        status = 'DECLINED';
        failure = agreement.fails_with;
      }
      await tx.query(
        `update sandbox_payments set status = $2, failure = $3, masked_card = $4, card_expiry = $5,
                updated_at = $6
          where payment_id = $1`,
        [
          paymentId,
          status,
          failure,
          status === 'CAPTURED' ? (agreement?.masked_card ?? null) : null,
          status === 'CAPTURED' ? (agreement?.card_expiry ?? null) : null,
          this.deps.clock.now().toISOString(),
        ],
      );
      return { eventId: newId('evt'), paymentId, reference: row.reference, status };
    });
    if (callback && this.deps.notify) await this.deps.notify(callback);
  }

  async getPayment(paymentId: string): Promise<SandboxPaymentView> {
    const row = await this.row(this.deps.db, paymentId);
    if (row.kind === 'recurring' && row.status === 'CREATED') {
      await this.process(paymentId);
      return this.view(await this.row(this.deps.db, paymentId));
    }
    return this.view(row);
  }

  async capturePayment(
    paymentId: string,
    amountOre: number,
    idempotencyKey: string,
  ): Promise<ProviderPayment> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.row(tx, paymentId, true);
      if (row.status === 'CAPTURED') return this.view(row); // captured before (a retry)
      if (row.status !== 'AUTHORIZED')
        throw new DomainError(
          'conflict',
          'PAYMENT_NOT_AUTHORIZED',
          'Nothing is reserved to capture',
        );
      if (amountOre !== Number(row.amount_ore))
        throw new DomainError(
          'conflict',
          'CAPTURE_AMOUNT_INVALID',
          'Capture the whole reservation',
        );
      await tx.query(
        `update sandbox_payments set status = 'CAPTURED', capture_key = $2, updated_at = $3
          where payment_id = $1`,
        [paymentId, idempotencyKey, this.deps.clock.now().toISOString()],
      );
      return this.view({ ...row, status: 'CAPTURED' });
    });
  }

  async cancelPayment(paymentId: string): Promise<ProviderPayment> {
    const { view } = await this.settle(paymentId, 'CANCELLED');
    return view;
  }

  async refundPayment(
    paymentId: string,
    amountOre: number,
    idempotencyKey?: string,
  ): Promise<void> {
    if (!Number.isSafeInteger(amountOre) || amountOre <= 0)
      throw new DomainError('invalid', 'REFUND_AMOUNT_INVALID', 'A refund is at least 1 øre');
    await this.deps.db.transaction(async (tx) => {
      // The payment row is locked first, so two refunds of one payment are made one at a time.
      const row = await this.row(tx, paymentId, true);
      if (idempotencyKey !== undefined) {
        const [earlier] = await tx.query<{ payment_id: string; amount_ore: number | string }>(
          'select payment_id, amount_ore from sandbox_refunds where idempotency_key = $1',
          [idempotencyKey],
        );
        if (earlier) {
          if (earlier.payment_id !== paymentId || Number(earlier.amount_ore) !== amountOre)
            throw new DomainError(
              'conflict',
              'IDEMPOTENCY_KEY_REUSED',
              'This idempotency key was used for another refund',
            );
          return; // made before: the same refund, not a second one
        }
      }
      if (row.status === 'AUTHORIZED') {
        if (amountOre > Number(row.amount_ore))
          throw new DomainError('conflict', 'REFUND_TOO_LARGE', 'Cannot refund more than was paid');
        // Not captured yet: all of it is released, or the rest is captured and this part given
        // back (the reader ends up paying the same either way).
        const whole = amountOre === Number(row.amount_ore);
        await tx.query(
          `update sandbox_payments set status = $2, refunded_ore = $3, updated_at = $4
            where payment_id = $1`,
          [
            paymentId,
            whole ? 'CANCELLED' : 'CAPTURED',
            whole ? 0 : amountOre,
            this.deps.clock.now().toISOString(),
          ],
        );
        if (idempotencyKey !== undefined)
          await tx.query(
            `insert into sandbox_refunds (refund_id, idempotency_key, payment_id, amount_ore,
               created_at) values ($1, $2, $3, $4, $5)`,
            [
              newId('ref'),
              idempotencyKey,
              paymentId,
              amountOre,
              this.deps.clock.now().toISOString(),
            ],
          );
        return;
      }
      if (row.status !== 'CAPTURED')
        throw new DomainError(
          'conflict',
          'PAYMENT_NOT_CAPTURED',
          'Only a captured payment can be refunded',
        );
      if (Number(row.refunded_ore) + amountOre > Number(row.amount_ore))
        throw new DomainError('conflict', 'REFUND_TOO_LARGE', 'Cannot refund more than was paid');
      if (idempotencyKey !== undefined)
        await tx.query(
          `insert into sandbox_refunds (refund_id, idempotency_key, payment_id, amount_ore,
             created_at) values ($1, $2, $3, $4, $5)`,
          [newId('ref'), idempotencyKey, paymentId, amountOre, this.deps.clock.now().toISOString()],
        );
      await tx.query(
        'update sandbox_payments set refunded_ore = refunded_ore + $2, updated_at = $3 where payment_id = $1',
        [paymentId, amountOre, this.deps.clock.now().toISOString()],
      );
    });
  }

  /**
   * What the tester chose on the hosted page. A payment that is final already stays as it is
   * (the page may be submitted twice); `timeout` leaves it CREATED and sends no callback, as a
   * provider that never answers.
   */
  async act(paymentId: string, action: SandboxAction): Promise<SandboxPaymentView> {
    if (action === 'timeout') return this.getPayment(paymentId);
    // Approved, the money is reserved: the shop captures it once the order is granted.
    const status: ProviderPaymentStatus =
      action === 'approve' ? 'AUTHORIZED' : action === 'decline' ? 'DECLINED' : 'CANCELLED';
    const { view, changed } = await this.settle(paymentId, status);
    if (changed && this.deps.notify) {
      await this.deps.notify({
        eventId: newId('evt'),
        paymentId: view.paymentId,
        reference: view.reference,
        status: view.status,
      });
    }
    return view;
  }

  private async settle(
    paymentId: string,
    status: ProviderPaymentStatus,
  ): Promise<{ view: SandboxPaymentView; changed: boolean }> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.row(tx, paymentId, true);
      const current = this.view(row);
      if (current.status !== 'CREATED') return { view: current, changed: false };
      const approved = status === 'AUTHORIZED';
      const card = approved && row.method === 'SWEDBANK-PPG' ? SANDBOX_CARD : null;
      const now = this.deps.clock.now().toISOString();
      // A purchase that asked for a mandate leaves one once approved: a Vipps agreement with the
      // payment as its initial charge, or the card stored for unscheduled purchases.
      let mandateId = row.mandate_id;
      if (approved && row.recurring && !mandateId) {
        mandateId = agreementIdFor(row.method);
        await tx.query(
          `insert into sandbox_agreements (agreement_id, idempotency_key, reference, method,
             merchant, description, return_url, status, masked_card, card_expiry, terms,
             created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, 'ACTIVE', $8, $9, $10::jsonb, $11, $11)`,
          [
            mandateId,
            `mandate-${paymentId}`,
            row.reference,
            row.method,
            row.merchant,
            row.recurring.productName,
            row.return_url ?? '',
            card?.maskedNumber ?? null,
            card?.expiry ?? null,
            JSON.stringify(row.recurring),
            now,
          ],
        );
      }
      await tx.query(
        `update sandbox_payments set status = $2, masked_card = coalesce($3, masked_card),
                card_expiry = coalesce($4, card_expiry), mandate_id = $6, updated_at = $5
          where payment_id = $1`,
        [paymentId, status, card?.maskedNumber ?? null, card?.expiry ?? null, now, mandateId],
      );
      return {
        view: this.view({
          ...row,
          status,
          masked_card: card?.maskedNumber ?? row.masked_card,
          card_expiry: card?.expiry ?? row.card_expiry,
          mandate_id: mandateId,
        }),
        changed: true,
      };
    });
  }

  // ---------------------------------------------------------------- agreements

  private agreementView(row: AgreementRow): SandboxAgreementView {
    return {
      agreementId: row.agreement_id,
      reference: row.reference,
      method: row.method,
      status: row.status,
      redirectUrl:
        row.status === 'PENDING'
          ? new URL(`/sandbox/agreement/${row.agreement_id}`, row.return_url).href
          : null,
      card:
        row.masked_card && row.card_expiry
          ? { maskedNumber: row.masked_card, expiry: row.card_expiry }
          : null,
      mandate: row.status === 'ACTIVE' ? { method: row.method, id: row.agreement_id } : null,
      merchant: row.merchant,
      description: row.description,
      returnUrl: row.return_url,
      failsWith: row.fails_with,
      terms: row.terms,
    };
  }

  private async agreementRow(db: Queryable, agreementId: string): Promise<AgreementRow | null> {
    const [row] = await db.query<AgreementRow>(
      'select * from sandbox_agreements where agreement_id = $1',
      [agreementId],
    );
    return row ?? null;
  }

  async createAgreement(request: AgreementRequest): Promise<ProviderAgreement> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.query(
      `insert into sandbox_agreements (agreement_id, idempotency_key, reference, method, merchant,
         description, return_url, terms, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $9)
       on conflict (idempotency_key) do nothing`,
      [
        agreementIdFor(request.method),
        request.idempotencyKey,
        request.reference,
        request.method,
        request.merchant,
        request.description,
        request.returnUrl,
        JSON.stringify(request.terms),
        now,
      ],
    );
    const [row] = await this.deps.db.query<AgreementRow>(
      'select * from sandbox_agreements where idempotency_key = $1',
      [request.idempotencyKey],
    );
    return this.agreementView(row!);
  }

  async getAgreement(agreementId: string): Promise<SandboxAgreementView> {
    const row = await this.agreementRow(this.deps.db, agreementId);
    if (!row) throw new DomainError('not-found', 'AGREEMENT_NOT_FOUND', 'No such agreement');
    return this.agreementView(row);
  }

  async getMandate(mandate: Mandate): Promise<MandateState> {
    const row = await this.agreementRow(this.deps.db, mandate.id);
    if (
      !row ||
      row.method !== mandate.method ||
      !['ACTIVE', 'STOPPED', 'EXPIRED'].includes(row.status)
    )
      throw new DomainError('not-found', 'MANDATE_NOT_FOUND', 'No such agreement or stored card');
    const view = this.agreementView(row);
    return { status: row.status as MandateState['status'], card: view.card };
  }

  /** We stop it (another method was chosen, the subscription ended): no callback, as Vipps. */
  async stopMandate(mandate: Mandate): Promise<void> {
    await this.getMandate(mandate);
    await this.deps.db.query(
      `update sandbox_agreements set status = 'STOPPED', updated_at = $2
        where agreement_id = $1 and status = 'ACTIVE'`,
      [mandate.id, this.deps.clock.now().toISOString()],
    );
  }

  /**
   * What the tester chose on the agreement's page for the charges after now: they fail with
   * `failsWith` (no funds, the provider's trouble), or go through again (null).
   */
  async setChargeOutcome(
    agreementId: string,
    failsWith: Extract<ChargeFailure, 'USER_ACTION_REQUIRED' | 'TECHNICAL'> | null,
  ): Promise<SandboxAgreementView> {
    await this.deps.db.query(
      `update sandbox_agreements set fails_with = $2, updated_at = $3 where agreement_id = $1`,
      [agreementId, failsWith, this.deps.clock.now().toISOString()],
    );
    return this.getAgreement(agreementId);
  }

  /** A stored card passes its expiry date: nothing can be charged to it any more. */
  async expireCard(agreementId: string): Promise<SandboxAgreementView> {
    await this.deps.db.query(
      `update sandbox_agreements set status = 'EXPIRED', updated_at = $2
        where agreement_id = $1 and status = 'ACTIVE' and method = 'SWEDBANK-PPG'`,
      [agreementId, this.deps.clock.now().toISOString()],
    );
    return this.getAgreement(agreementId);
  }

  /**
   * The user stops an active Vipps agreement "in the Vipps app": the provider tells the shop with
   * a callback, as Vipps does.
   */
  async stopAgreement(agreementId: string): Promise<SandboxAgreementView> {
    const current = await this.getAgreement(agreementId);
    if (current.status !== 'ACTIVE' || current.method !== 'VIPPS') return current;
    await this.deps.db.query(
      `update sandbox_agreements set status = 'STOPPED', updated_at = $2
        where agreement_id = $1 and status = 'ACTIVE'`,
      [agreementId, this.deps.clock.now().toISOString()],
    );
    const after = await this.getAgreement(agreementId);
    if (this.deps.notify)
      await this.deps.notify({
        eventId: newId('evt'),
        paymentId: agreementId,
        reference: after.reference,
        status: 'STOPPED',
      });
    return after;
  }

  /** The tester approves or declines on the agreement page; a decided agreement stays as it is. */
  async decideAgreement(agreementId: string, approve: boolean): Promise<SandboxAgreementView> {
    const current = await this.getAgreement(agreementId);
    if (current.status !== 'PENDING') return current;
    const card = approve && current.method === 'SWEDBANK-PPG' ? SANDBOX_CARD : null;
    await this.deps.db.query(
      `update sandbox_agreements set status = $2, masked_card = $3, card_expiry = $4, updated_at = $5
        where agreement_id = $1 and status = 'PENDING'`,
      [
        agreementId,
        approve ? 'ACTIVE' : 'DECLINED',
        card?.maskedNumber ?? null,
        card?.expiry ?? null,
        this.deps.clock.now().toISOString(),
      ],
    );
    return this.getAgreement(agreementId);
  }
}

interface AgreementRow {
  agreement_id: string;
  reference: string;
  method: CheckoutMethod;
  merchant: string;
  description: string;
  return_url: string;
  status: AgreementStatus;
  masked_card: string | null;
  card_expiry: string | null;
  fails_with: Extract<ChargeFailure, 'USER_ACTION_REQUIRED' | 'TECHNICAL'> | null;
  terms: RecurringTerms | null;
  [column: string]: unknown;
}

export interface SandboxAgreementView extends ProviderAgreement {
  readonly merchant: string;
  readonly description: string;
  readonly returnUrl: string;
  /** How the next charges fail (the tester's choice), or null: they go through. */
  readonly failsWith: Extract<ChargeFailure, 'USER_ACTION_REQUIRED' | 'TECHNICAL'> | null;
  readonly terms: RecurringTerms | null;
}

/**
 * A payment the sandbox took before this start (the demo data's online purchases): stored as
 * captured, so it can be looked up and refunded like one made on the hosted page. Answers its id.
 */
export async function importCapturedPayment(
  tx: Queryable,
  payment: {
    readonly reference: string;
    readonly method: CheckoutMethod;
    readonly amountOre: number;
    readonly description: string;
    readonly merchant: string;
    readonly at: Date;
  },
): Promise<string> {
  const paymentId = newId('pay');
  const card = payment.method === 'SWEDBANK-PPG' ? SANDBOX_CARD : null;
  await tx.query(
    `insert into sandbox_payments (payment_id, idempotency_key, reference, method, kind,
       amount_ore, currency, description, merchant, status, masked_card, card_expiry, created_at,
       updated_at)
     values ($1, $2, $3, $4, 'hosted', $5, 'NOK', $6, $7, 'CAPTURED', $8, $9, $10, $10)`,
    [
      paymentId,
      payment.reference,
      payment.reference,
      payment.method,
      payment.amountOre,
      payment.description,
      payment.merchant,
      card?.maskedNumber ?? null,
      card?.expiry ?? null,
      payment.at.toISOString(),
    ],
  );
  return paymentId;
}

/**
 * A mandate the sandbox holds from before this start (the demo data's card and Vipps
 * subscriptions, as a real provider holds the agreements of subscribers brought over): an active
 * agreement or stored card. Answers its id, the subscription's mandate.
 */
export async function importMandate(
  tx: Queryable,
  mandate: {
    readonly reference: string;
    readonly method: CheckoutMethod;
    readonly merchant: string;
    readonly description: string;
    readonly card: { readonly maskedNumber: string; readonly expiry: string } | null;
    readonly at: Date;
  },
): Promise<string> {
  const agreementId = agreementIdFor(mandate.method);
  await tx.query(
    `insert into sandbox_agreements (agreement_id, idempotency_key, reference, method, merchant,
       description, return_url, status, masked_card, card_expiry, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, '', 'ACTIVE', $7, $8, $9, $9)`,
    [
      agreementId,
      `imported-${agreementId}`,
      mandate.reference,
      mandate.method,
      mandate.merchant,
      mandate.description,
      mandate.card?.maskedNumber ?? null,
      mandate.card?.expiry ?? null,
      mandate.at.toISOString(),
    ],
  );
  return agreementId;
}
