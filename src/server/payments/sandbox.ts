// The embedded sandbox payment provider: a real provider in miniature, kept in its own table.
// It hosts a payment page (sandbox-plugin.ts) where the tester approves, declines, lets the
// payment time out or cancels; it answers status queries, refunds and recurring charges, and
// sends signed callbacks like Vipps or Swedbank Pay would. Nothing here trusts the shop: the
// shop verifies every payment by asking `getPayment`.
// Owns `sandbox_payments`, `sandbox_agreements` and `sandbox_refunds`.
import { randomBytes } from 'node:crypto';

import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { DomainError } from '../errors';

import type {
  AgreementRequest,
  AgreementStatus,
  CheckoutMethod,
  HostedPaymentRequest,
  PaymentPort,
  ProviderAgreement,
  ProviderPayment,
  ProviderPaymentStatus,
  RecurringChargeRequest,
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
  [column: string]: unknown;
}

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
    const expired =
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

  private async insert(
    request: HostedPaymentRequest | RecurringChargeRequest,
    kind: 'hosted' | 'recurring',
  ): Promise<PaymentRow> {
    if (!Number.isSafeInteger(request.amountOre) || request.amountOre <= 0)
      throw new DomainError('invalid', 'PAYMENT_AMOUNT_INVALID', 'A payment is at least 1 øre');
    const now = this.deps.clock.now().toISOString();
    const hosted = kind === 'hosted' ? (request as HostedPaymentRequest) : null;
    const card = request.method === 'SWEDBANK-PPG' && kind === 'recurring' ? SANDBOX_CARD : null;
    // Idempotent by key: a retry answers the payment made the first time.
    await this.deps.db.query(
      `insert into sandbox_payments (payment_id, idempotency_key, reference, method, kind,
         amount_ore, currency, description, merchant, return_url, cancel_url, status,
         masked_card, card_expiry, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
       on conflict (idempotency_key) do nothing`,
      [
        newId('pay'),
        request.idempotencyKey,
        request.reference,
        request.method,
        kind,
        request.amountOre,
        request.currency,
        request.description,
        request.merchant,
        hosted?.returnUrl ?? null,
        hosted?.cancelUrl ?? null,
        kind === 'recurring' ? 'CAPTURED' : 'CREATED',
        card?.maskedNumber ?? null,
        card?.expiry ?? null,
        now,
      ],
    );
    const [row] = await this.deps.db.query<PaymentRow>(
      'select * from sandbox_payments where idempotency_key = $1',
      [request.idempotencyKey],
    );
    return row!;
  }

  async createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment> {
    return this.view(await this.insert(request, 'hosted'));
  }

  async chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment> {
    return this.view(await this.insert(request, 'recurring'));
  }

  async getPayment(paymentId: string): Promise<SandboxPaymentView> {
    return this.view(await this.row(this.deps.db, paymentId));
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
    const status: ProviderPaymentStatus =
      action === 'approve' ? 'CAPTURED' : action === 'decline' ? 'DECLINED' : 'CANCELLED';
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
      const card = status === 'CAPTURED' && row.method === 'SWEDBANK-PPG' ? SANDBOX_CARD : null;
      await tx.query(
        `update sandbox_payments set status = $2, masked_card = coalesce($3, masked_card),
                card_expiry = coalesce($4, card_expiry), updated_at = $5 where payment_id = $1`,
        [
          paymentId,
          status,
          card?.maskedNumber ?? null,
          card?.expiry ?? null,
          this.deps.clock.now().toISOString(),
        ],
      );
      return {
        view: this.view({
          ...row,
          status,
          masked_card: card?.maskedNumber ?? row.masked_card,
          card_expiry: card?.expiry ?? row.card_expiry,
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
      merchant: row.merchant,
      description: row.description,
      returnUrl: row.return_url,
    };
  }

  async createAgreement(request: AgreementRequest): Promise<ProviderAgreement> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.query(
      `insert into sandbox_agreements (agreement_id, idempotency_key, reference, method, merchant,
         description, return_url, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       on conflict (idempotency_key) do nothing`,
      [
        newId(request.method === 'VIPPS' ? 'agr' : 'card'),
        request.idempotencyKey,
        request.reference,
        request.method,
        request.merchant,
        request.description,
        request.returnUrl,
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
    const [row] = await this.deps.db.query<AgreementRow>(
      'select * from sandbox_agreements where agreement_id = $1',
      [agreementId],
    );
    if (!row) throw new DomainError('not-found', 'AGREEMENT_NOT_FOUND', 'No such agreement');
    return this.agreementView(row);
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
  [column: string]: unknown;
}

export interface SandboxAgreementView extends ProviderAgreement {
  readonly merchant: string;
  readonly description: string;
  readonly returnUrl: string;
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
