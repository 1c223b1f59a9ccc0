// The copy of the reader's data as a person reads it (/schibstedTakeoutGateway, «Vis kopien her»).
// The JSON file keeps the database's own names and codes, for another service to read; this
// reads the same document for a person: the parts grouped by what they are about, each record's
// fields with a label from the catalogue (privacy.export.label.*) and its value in words — dates
// in Oslo time, money in kroner, codes as words (privacy.export.value.*). A field with no meaning
// to a reader (internal ids, plan codes, technical detail) is not listed here and stays in the
// file only; a field without a value is left out.
import type { TFunction } from 'i18next';

import { formatKroner } from '../../../shared/money/money';
import { invoiceNumberOf } from '../../../shared/payment/invoice-number';
import { findPublication } from '../../../shared/publications/registry';
import { isStatusCode, statusName } from '../../../shared/subscription/status';
import type { PaymentProvider } from '../../api/payment';
import type { PersonalData, PersonalDataValue } from '../../api/privacy';
import { formatClockTime, formatLongDate } from '../../lib/format/date';
import { reactivationOfferText } from '../../lib/format/offer';
import { periodSlug, statusSlug } from '../../lib/format/subscription';
import type { Language } from '../../lib/i18n/i18n';
import { describePaymentMethod, describeSettlement } from '../../ui/PaymentMethodText';

export type Part = Exclude<keyof PersonalData, 'generatedAt'>;
export type Row = Readonly<Record<string, PersonalDataValue | undefined>>;

/** What a value needs to be read: the catalogue, the language, the reader's subscriptions. */
export interface Reading {
  readonly t: TFunction;
  readonly language: Language;
  /** The reader's subscriptions by number, so a record can name the one it is about. */
  readonly subscriptions: ReadonlyMap<string, Row>;
}

/** One field of a record as it is shown: its label and its value in words. */
export interface ReadField {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  /** Long unbroken values (e-mail addresses, ids) may break anywhere to fit a phone. */
  readonly wrapAnywhere: boolean;
}

type Show = (row: Row, reading: Reading) => string | null;

interface Field {
  /** The catalogue key of the label under privacy.export.label. */
  readonly label: string;
  readonly show: Show;
  readonly wrapAnywhere?: boolean;
}

export interface PartView {
  readonly part: Part;
  readonly fields: readonly Field[];
  /** The record's date or time; the newest record is shown first. */
  readonly newest?: string;
}

export interface Group {
  /** The catalogue key of the group's heading under privacy.export.group. */
  readonly group: string;
  readonly parts: readonly PartView[];
}

// Values ---------------------------------------------------------------------------------------

const present = (value: PersonalDataValue | undefined): value is string | number | boolean =>
  value !== null && value !== undefined && value !== '' && typeof value !== 'object';

/** `emailSent` → `email-sent`, `SWEDBANK-PPG` → `swedbank-ppg`, `FIRST_MONTH_1KR` → `first-month-1kr`. */
export const slug = (value: string) =>
  value
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();

const text =
  (key: string): Show =>
  (row) =>
    present(row[key]) ? String(row[key]) : null;

/** A calendar date ("22. november 2026"). */
const date =
  (key: string): Show =>
  (row, { language }) => {
    const value = row[key];
    return typeof value === 'string' && value ? formatLongDate(value.slice(0, 10), language) : null;
  };

/** A point in time, in Oslo: "22. november 2026 kl. 09:30". */
const instantText = (value: string, { t, language }: Reading) =>
  t('privacy.export.value.instant', {
    date: formatLongDate(value, language),
    time: formatClockTime(value, language),
  });

const instant =
  (key: string): Show =>
  (row, reading) => {
    const value = row[key];
    return typeof value === 'string' && value ? instantText(value, reading) : null;
  };

/** Øre as kroner ("kr 279,00"); a record in another currency names it. */
const moneyText = (ore: number, currency: PersonalDataValue | undefined, { t }: Reading) =>
  typeof currency === 'string' && currency !== 'NOK'
    ? t('privacy.export.value.money-in', {
        amount: formatKroner(ore).replace(/^(-?)kr /, '$1'),
        currency,
      })
    : formatKroner(ore);

const money =
  (key: string, { skipZero = false } = {}): Show =>
  (row, reading) => {
    const value = Number(row[key]);
    if (!present(row[key]) || !Number.isSafeInteger(value) || (skipZero && value === 0))
      return null;
    return moneyText(value, row.currency, reading);
  };

const yesNo =
  (key: string): Show =>
  (row, { t }) =>
    typeof row[key] === 'boolean' ? t(row[key] ? 'privacy.state.yes' : 'privacy.state.no') : null;

/**
 * A code in words from privacy.export.value.<catalogue>; a code without words is shown as it is.
 * The words of the reactivation offer's codes name the offer as {{offer}}.
 */
const wordsOf = (catalogue: string, value: string, { t }: Reading) =>
  t(`privacy.export.value.${catalogue}.${slug(value)}`, {
    defaultValue: value,
    offer: reactivationOfferText(t),
  });

const words =
  (key: string, catalogue: string): Show =>
  (row, reading) =>
    present(row[key]) ? wordsOf(catalogue, String(row[key]), reading) : null;

/** A title code as the title's name ("FVN" → "Fædrelandsvennen"). */
const titleName = (code: string) => findPublication(code)?.displayName ?? code;

const title =
  (key: string): Show =>
  (row) =>
    present(row[key]) ? titleName(String(row[key])) : null;

/** A subscription status code in words (41 → "Prøveperiode"). */
const status =
  (key: string): Show =>
  (row, reading) => {
    const code = Number(row[key]);
    if (!present(row[key]) || !Number.isInteger(code)) return null;
    return isStatusCode(code)
      ? reading.t(`privacy.export.value.status.${statusSlug(statusName(code))}`)
      : reading.t('privacy.export.value.status-unknown', { code });
  };

/** A subscription by its number: "Fædrelandsvennen, Digital (nr. 500000001)". */
const subscription =
  (key: string): Show =>
  (row, { t, subscriptions }) => {
    if (!present(row[key])) return null;
    const number = String(row[key]);
    const known = subscriptions.get(number);
    return known && present(known.plan_name) && present(known.title_code)
      ? t('privacy.export.value.subscription', {
          title: titleName(String(known.title_code)),
          plan: String(known.plan_name),
          number,
        })
      : t('privacy.export.value.subscription-number', { number });
  };

/** A payment provider's name ("Betalingskort", "Vipps", "AvtaleGiro" …). */
const provider =
  (key: string): Show =>
  (row, { t }) =>
    present(row[key])
      ? describeSettlement(t, {
          provider: String(row[key]) as PaymentProvider,
          maskedCardNumber: null,
        })
      : null;

const PERIODS = ['Årlig', 'Kvartalsvis', 'Månedlig', 'Månedlig Premium'] as const;
const isPeriod = (value: unknown): value is (typeof PERIODS)[number] =>
  (PERIODS as readonly unknown[]).includes(value);

const period =
  (key: string): Show =>
  (row, reading) => {
    const value = row[key];
    return isPeriod(value)
      ? reading.t(`privacy.export.value.period.${periodSlug(value)}`)
      : text(key)(row, reading);
  };

/** A delivery address from its parts: "Per Papir, Dronningens gate 15 H0101, etasje 2, 4610 Kristiansand S". */
function addressText(
  parts: {
    coName?: PersonalDataValue | undefined;
    street?: PersonalDataValue | undefined;
    streetNumber?: PersonalDataValue | undefined;
    flatNumber?: PersonalDataValue | undefined;
    floor?: PersonalDataValue | undefined;
    postalCode?: PersonalDataValue | undefined;
    place?: PersonalDataValue | undefined;
  },
  { t }: Reading,
): string | null {
  const part = (value: PersonalDataValue | undefined) => (present(value) ? String(value) : '');
  const street = [parts.street, parts.streetNumber, parts.flatNumber].map(part).filter(Boolean);
  const lines = [
    part(parts.coName),
    street.join(' '),
    present(parts.floor) ? t('privacy.export.value.floor', { floor: String(parts.floor) }) : '',
    [parts.postalCode, parts.place].map(part).filter(Boolean).join(' '),
  ].filter(Boolean);
  return street.length > 0 || present(parts.postalCode) ? lines.join(', ') : null;
}

/** An address kept in columns of the record (which columns: `columns`). */
const address =
  (columns: {
    coName: string;
    street: string;
    streetNumber: string;
    flatNumber: string;
    floor: string;
    postalCode: string;
    place: string;
  }): Show =>
  (row, reading) =>
    addressText(
      Object.fromEntries(Object.entries(columns).map(([part, column]) => [part, row[column]])),
      reading,
    );

const ADDRESS_COLUMNS = {
  coName: 'co_name',
  street: 'street',
  streetNumber: 'street_number',
  flatNumber: 'flat_number',
  floor: 'floor',
  postalCode: 'postal_code',
  place: 'place',
};

/** A value that is a record of its own (a jsonb column, a part's row), else null. */
const objectOf = (value: PersonalDataValue | undefined): Row | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null;

/** The consent categories (the consent dialog) and the contact permissions (/samtykke1-3). */
const CONSENT_NAMES: Readonly<Record<string, string>> = {
  advertising: 'common:consent.category.advertising.label',
  analytics: 'common:consent.category.analytics.label',
  marketing: 'common:consent.category.marketing.label',
  personalization: 'common:consent.category.personalization.label',
  email: 'privacy.permission.email.heading',
  sms: 'privacy.permission.sms.heading',
  surveys: 'privacy.permission.surveys.heading',
};

const consent =
  (key: string): Show =>
  (row, { t }) => {
    if (!present(row[key])) return null;
    const name = CONSENT_NAMES[String(row[key])];
    return name ? t(name) : String(row[key]);
  };

/** Who made a change of the account: the reader, a move or an order of theirs, or Min Side. */
const accountActor: Show = (row, { t }) => {
  if (!present(row.actor)) return null;
  const who = String(row.actor).split(':')[0];
  const kind =
    who === 'user' ? 'user' : who === 'delivery-change' || who === 'order' ? who : 'system';
  return t(`privacy.export.value.actor.${kind}`);
};

// The parts -------------------------------------------------------------------------------------

const field = (label: string, show: Show, wrapAnywhere = false): Field => ({
  label,
  show,
  wrapAnywhere,
});

/** The parts of the copy in the order they are read, grouped by what they are about. */
export const GROUPS: readonly Group[] = [
  {
    group: 'you',
    parts: [
      {
        part: 'identity',
        fields: [
          field('name', text('name')),
          field('email', text('email'), true),
          field('phone', text('phone')),
          field('birth-date', date('birthDate')),
          field('user-id', text('id'), true),
        ],
      },
      {
        part: 'profile',
        fields: [
          field(
            'name',
            (row) => [row.first_name, row.last_name].filter(present).map(String).join(' ') || null,
          ),
          field('contact-email', text('email'), true),
          field('phone', text('phone_number')),
          field('birth-date', date('birth_date')),
          field('delivery-address', address(ADDRESS_COLUMNS)),
          field('updated', instant('updated_at')),
        ],
      },
      {
        part: 'account',
        fields: [
          field('account-no', text('aria_account_no')),
          field('first-title', title('first_title_code')),
          field('balance', money('account_balance')),
          field('created', instant('created_at')),
        ],
      },
      {
        part: 'accountEvents',
        newest: 'created_at',
        fields: [
          field('when', instant('created_at')),
          field('event', words('kind', 'account-event')),
          field('changed', (row, reading) => {
            const fields = objectOf(row.detail)?.fields;
            return Array.isArray(fields) && fields.length > 0
              ? fields.map((name) => wordsOf('profile-field', String(name), reading)).join(', ')
              : null;
          }),
          field('birth-date', (row, reading) =>
            date('birthDate')(objectOf(row.detail) ?? {}, reading),
          ),
          field('by', accountActor),
        ],
      },
    ],
  },
  {
    group: 'subscriptions',
    parts: [
      {
        part: 'subscriptions',
        newest: 'created_at',
        fields: [
          field('title', title('title_code')),
          field('plan', text('plan_name')),
          field('status', status('status_code')),
          field('price', (row, reading) => {
            const price = money('plan_price_ore')(row, reading);
            return price && isPeriod(row.period)
              ? reading.t(`privacy.export.value.price-per.${periodSlug(row.period)}`, { price })
              : price;
          }),
          field('subscription-no', text('subscription_no')),
          field('customer-no', text('customer_number')),
          field('payment-method', (row, { t }) =>
            present(row.payment_provider)
              ? describePaymentMethod(t, {
                  provider: String(row.payment_provider) as PaymentProvider,
                  label: String(row.payment_provider),
                  maskedCardNumber: present(row.masked_card_number)
                    ? String(row.masked_card_number)
                    : null,
                  cardExpiry: present(row.card_expiry) ? String(row.card_expiry) : null,
                }).text
              : null,
          ),
          field('payment-notice', words('payment_notice', 'payment-notice')),
          field('shared-as', words('share_kind', 'share-kind')),
          field('shared-from', subscription('shared_from_subscription_no')),
          field('trial-ends', date('trial_ends')),
          field('renews', date('renewal_date')),
          field('expires', date('expiry_date')),
          field('cancelled', instant('cancelled_at')),
          field('cancellation-reason', words('cancellation_reason', 'cancellation-reason')),
          field('cancellation-comment', text('cancellation_comment')),
          field('pending-change', date('pending_effective_date')),
          field('pending-reason', words('pending_reason', 'conversion-reason')),
          field('discount-code', text('discount_code')),
          field('discount', (row, reading) =>
            present(row.discount_percent_off)
              ? reading.t('privacy.export.value.percent', { percent: row.discount_percent_off })
              : money('discount_amount_off')(row, reading),
          ),
          field('discount-periods-left', (row) =>
            Number(row.discount_periods_left) > 0 ? String(row.discount_periods_left) : null,
          ),
          field('created', instant('created_at')),
          field('updated', instant('updated_at')),
        ],
      },
      {
        part: 'subscriptionEvents',
        newest: 'occurred_at',
        fields: [
          field('when', instant('occurred_at')),
          field('subscription', subscription('subscription_no')),
          field('event', words('kind', 'event')),
          field('status-before', status('from_status')),
          field('status-after', status('to_status')),
          field('by', words('actor', 'actor')),
        ],
      },
      {
        part: 'planConversions',
        newest: 'noticed_at',
        fields: [
          field('new-plan', text('plan_name')),
          field('period', period('period')),
          field('conversion-reason', words('reason', 'conversion-reason')),
          field('requirement-ends', date('lapse_date')),
          field('effective', date('effective_date')),
          field('chosen-by', words('chosen_by', 'chosen-by')),
          field('noticed', instant('noticed_at')),
          field('chosen', instant('chosen_at')),
          field('called-off', instant('withdrawn_at')),
          field('done', instant('done_at')),
        ],
      },
    ],
  },
  {
    group: 'payments',
    parts: [
      {
        part: 'orders',
        newest: 'created_at',
        fields: [
          field('ordered', instant('created_at')),
          field('kind', words('kind', 'order-kind')),
          field('title', title('title_code')),
          field('subscription', subscription('subscription_no')),
          field('amount', money('amount_ore')),
          field('offer', words('offer', 'offer')),
          field('discount-code', text('discount_code')),
          field('payment-method', provider('payment_provider')),
          field('status', words('status', 'order-status')),
          field('failure', words('failure_reason', 'order-failure')),
          field('delivery-address', (row, reading) =>
            addressText(objectOf(row.delivery_address) ?? {}, reading),
          ),
          field('completed', instant('completed_at')),
        ],
      },
      {
        part: 'invoicesAndPayments',
        newest: 'created_at',
        fields: [
          field('invoice-no', (row) => (present(row.id) ? invoiceNumberOf(String(row.id)) : null)),
          field('kind', words('kind', 'billing-kind')),
          field('reason', words('reason', 'billing-reason')),
          field('subscription', subscription('subscription_no')),
          field('amount', money('amount_ore')),
          field('billing-period', (row, reading) => {
            const [from, to] = [
              date('period_start')(row, reading),
              date('period_end')(row, reading),
            ];
            return from && to ? reading.t('privacy.export.value.range', { from, to }) : from;
          }),
          field('payment-method', provider('provider')),
          field('status', words('status', 'billing-status')),
          field('created', instant('created_at')),
          field('paid', instant('settled_at')),
        ],
      },
      {
        part: 'paymentMethodChanges',
        newest: 'created_at',
        fields: [
          field('subscription', subscription('subscription_no')),
          field('new-method', provider('provider')),
          field('status', words('status', 'method-change-status')),
          field('started', instant('created_at')),
          field('decided', instant('decided_at')),
        ],
      },
      {
        part: 'withdrawals',
        newest: 'withdrawn_at',
        fields: [
          field('reference', text('reference')),
          field('subscription', subscription('subscription_no')),
          field('plan', text('plan_name')),
          field('withdrawn-on', instant('withdrawn_at')),
          field('paid-amount', money('amount_paid_ore')),
          field('refund', money('refund_ore')),
          field('paid-with', provider('payment_provider')),
          field('receipt-to', text('receipt_email'), true),
        ],
      },
    ],
  },
  {
    group: 'delivery',
    parts: [
      {
        part: 'deliveryChanges',
        newest: 'from_date',
        fields: [
          field('kind', words('kind', 'delivery-kind')),
          field('title', title('title_code')),
          field('subscription', subscription('subscription_no')),
          field('delivery-period', (row, reading) => {
            const from = date('from_date')(row, reading);
            const to = date('to_date')(row, reading);
            if (!from) return null;
            if (to) return reading.t('privacy.export.value.through', { from, to });
            return reading.t(
              row.kind === 'STOP'
                ? 'privacy.export.value.from-until-further'
                : 'privacy.export.value.from',
              { from },
            );
          }),
          field('address', address(ADDRESS_COLUMNS)),
          field('credited', money('credited_ore', { skipZero: true })),
          field('credited-through', date('credited_through')),
          field('applied', instant('applied_at')),
          field('not-done', words('skip_reason', 'skip-reason')),
          field('withdrawn', instant('withdrawn_at')),
          field('reported', instant('created_at')),
          field('updated', instant('updated_at')),
        ],
      },
      {
        part: 'complaints',
        newest: 'filed_at',
        fields: [
          field('reference', text('reference')),
          field('title', title('title_code')),
          field('subscription', subscription('subscription_no')),
          field('complaint-code', words('code', 'complaint-code')),
          field('delivery-days', (row, reading) => {
            const days = Array.isArray(row.dates)
              ? row.dates
                  .map((day) => date('delivery_date')(objectOf(day) ?? {}, reading))
                  .filter((day): day is string => day !== null)
              : [];
            return days.length > 0 ? days.join(', ') : null;
          }),
          field('comment', text('comment')),
          field(
            'delivery-address',
            address({
              coName: 'address_co_name',
              street: 'address_street',
              streetNumber: 'address_street_no',
              flatNumber: 'address_flat_no',
              floor: 'address_floor',
              postalCode: 'address_postal',
              place: 'address_place',
            }),
          ),
          field('receipt-to', text('receipt_email'), true),
          field('filed', instant('filed_at')),
        ],
      },
    ],
  },
  {
    group: 'sharing',
    parts: [
      {
        part: 'familyMemberships',
        newest: 'joined_at',
        fields: [
          field('name', text('display_name')),
          field('email', text('email'), true),
          field('shared-from', subscription('owner_subscription_no')),
          field('member-subscription', subscription('member_subscription_no')),
          field('joined', instant('joined_at')),
          field('ended', instant('ended_at')),
          field('end-reason', words('end_reason', 'end-reason')),
        ],
      },
      {
        part: 'familyInvitationsSent',
        newest: 'sent_at',
        fields: [
          field('recipient', text('recipient'), true),
          field('channel', words('channel', 'channel')),
          field('title', title('title_code')),
          field('status', words('state', 'invitation-state')),
          field('sent', instant('sent_at')),
          field('valid-until', instant('expires_at')),
          field('answered', instant('answered_at')),
        ],
      },
      {
        part: 'businessSeats',
        newest: 'added_at',
        fields: [
          field('name', text('name')),
          field('email', text('email'), true),
          field('status', words('status', 'seat-status')),
          field('subscription', subscription('subscription_no')),
          field('added', instant('added_at')),
          field('activated', instant('activated_at')),
          field('removed', instant('removed_at')),
        ],
      },
      {
        part: 'studentVerifications',
        newest: 'created_at',
        fields: [
          field('kind', words('kind', 'student-kind')),
          field('institution', text('institution')),
          field('email', text('email'), true),
          field('title', title('title_code')),
          field('status', words('status', 'student-status')),
          field('registered', instant('created_at')),
          field('code-sent', instant('code_sent_at')),
          field('verified', instant('verified_at')),
          field('valid-through', date('valid_until')),
        ],
      },
    ],
  },
  {
    group: 'privacy',
    parts: [
      {
        part: 'consents',
        newest: 'updated_at',
        fields: [
          field('consent', consent('consent_key')),
          field('title', title('title_code')),
          field('answer', yesNo('granted')),
          field('updated', instant('updated_at')),
        ],
      },
      {
        part: 'consentHistory',
        newest: 'occurred_at',
        fields: [
          field('when', instant('occurred_at')),
          field('consent', consent('consent_key')),
          field('title', title('title_code')),
          field('answer', yesNo('granted')),
          field('source', words('source', 'consent-source')),
        ],
      },
      {
        part: 'segmentMessagesClosed',
        newest: 'dismissed_at',
        fields: [
          field('message', text('message_id'), true),
          field('closed', instant('dismissed_at')),
        ],
      },
      {
        part: 'deletionRequests',
        newest: 'requested_at',
        fields: [
          field('requested', instant('requested_at')),
          field('erase-at', instant('erase_at')),
          field('deletion-called-off', instant('cancelled_at')),
        ],
      },
    ],
  },
];

// Reading ---------------------------------------------------------------------------------------

const timeOf = (value: PersonalDataValue | undefined) =>
  typeof value === 'string' ? Date.parse(value) || 0 : 0;

/** A part's records, the newest first (one record for identity, account and profile). */
export function recordsOf(data: PersonalData, view: PartView): Row[] {
  const value = data[view.part] as PersonalDataValue | undefined;
  const items: readonly (PersonalDataValue | undefined)[] = Array.isArray(value) ? value : [value];
  const rows = items.map(objectOf).filter((row): row is Row => row !== null);
  const key = view.newest;
  return key ? [...rows].sort((a, b) => timeOf(b[key]) - timeOf(a[key])) : rows;
}

/** The reader's subscriptions by number, for the records that name one. */
export function subscriptionsOf(data: PersonalData): ReadonlyMap<string, Row> {
  return new Map(
    (data.subscriptions ?? [])
      .filter((row) => present(row.subscription_no))
      .map((row) => [String(row.subscription_no), row as Row]),
  );
}

/** A record's fields that have a value, labelled and in words. */
export function readRecord(view: PartView, row: Row, reading: Reading): ReadField[] {
  return view.fields.flatMap((f) => {
    const value = f.show(row, reading);
    return value === null || value === ''
      ? []
      : [
          {
            key: f.label,
            label: reading.t(`privacy.export.label.${f.label}`),
            value,
            wrapAnywhere: f.wrapAnywhere ?? false,
          },
        ];
  });
}
