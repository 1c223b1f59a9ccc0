// The changes of the subscription: planned ones (each with edit and withdraw until its cut-off),
// the ones going on now, and the history (over or withdrawn, or a move not carried out),
// read-only. Withdrawing asks first: the focus moves to "Ja, trekk tilbake" when the question
// opens and back to "Trekk tilbake" when the reader keeps the change; the screen returns the
// focus to a change's Endre button when its edit is cancelled (editButtonId).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type {
  DeliveryChange,
  DeliveryChangeAddressView,
  DeliveryMoveNotApplied,
} from '../../api/delivery';
import { Facts, type Fact } from '../../ui/Facts';

import { typeKey, useCutOffText, usePeriodText } from './format';

/** Why a move was not carried out, as its catalogue key (keys are kebab-case). */
const NOT_APPLIED_KEY: Record<DeliveryMoveNotApplied, string> = {
  NOT_PAPER: 'not-paper',
  NOT_ACTIVE: 'not-active',
};

/** The id of a change's edit button ("Endre", or "Endre sluttdato" for `endOnly`). */
export const editButtonId = (change: Pick<DeliveryChange, 'id'>, endOnly = false) =>
  `delivery-change-${endOnly ? 'edit-end' : 'edit'}-${change.id}`;

export function addressLine(address: DeliveryChangeAddressView): string {
  const street = [address.street, address.streetNumber, address.flatNumber]
    .filter(Boolean)
    .join(' ');
  return `${address.coName}, ${street}, ${address.postalCode} ${address.place}`;
}

function ChangeFacts({ change }: { readonly change: DeliveryChange }) {
  const { t } = useTranslation('delivery-change');
  const periodText = usePeriodText();
  const cutOffText = useCutOffText();
  const facts: Fact[] = [
    { key: 'period', label: t('delivery-change.list.period'), value: periodText(change) },
  ];
  if (change.address)
    facts.push({
      key: 'address',
      label: t('delivery-change.list.address'),
      value: addressLine(change.address),
    });
  if (change.type === 'STOP' && change.issues > 0)
    facts.push({
      key: 'issues',
      label: t('delivery-change.list.issues'),
      value: t(
        change.issues === 1
          ? 'delivery-change.list.issue-value'
          : 'delivery-change.list.issues-value',
        { count: change.issues },
      ),
    });
  if (change.notApplied)
    facts.push({
      key: 'not-applied',
      label: t('delivery-change.list.not-applied'),
      value: t(`delivery-change.list.not-applied-${NOT_APPLIED_KEY[change.notApplied]}`),
    });
  if (change.creditOre > 0)
    facts.push({
      key: 'credit',
      label: t('delivery-change.list.credit'),
      value: formatKroner(change.creditOre),
    });
  if (change.status === 'PLANNED')
    facts.push({
      key: 'cut-off',
      label: change.editable
        ? t('delivery-change.list.editable-until')
        : t('delivery-change.list.locked-since'),
      value: cutOffText(change.cutOff),
    });
  return <Facts facts={facts} />;
}

function PlannedChange({
  change,
  onEdit,
  onEditEnd,
  onWithdraw,
  busy,
}: {
  readonly change: DeliveryChange;
  readonly onEdit: (change: DeliveryChange) => void;
  readonly onEditEnd: (change: DeliveryChange) => void;
  readonly onWithdraw: (change: DeliveryChange) => Promise<void>;
  readonly busy: boolean;
}) {
  const { t } = useTranslation('delivery-change');
  const [confirming, setConfirming] = useState(false);
  // Where the focus goes when the question opens or closes (the button pressed is gone then).
  const [focusTo, setFocusTo] = useState<'confirm' | 'withdraw' | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const withdrawRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusTo) return;
    (focusTo === 'confirm' ? confirmRef : withdrawRef).current?.focus();
    setFocusTo(null);
  }, [focusTo]);
  const headingId = `delivery-change-${change.id}`;
  return (
    <li className="ds-card delivery-change-item" aria-labelledby={headingId}>
      <h3 id={headingId} className="ds-heading" data-size="xs">
        {t(`delivery-change.types.${typeKey(change.type)}.title`)}
      </h3>
      <ChangeFacts change={change} />
      {change.editable ? (
        confirming ? (
          <div className="delivery-change-actions" role="group" aria-labelledby={headingId}>
            <p className="ds-paragraph">{t('delivery-change.list.confirm-withdraw')}</p>
            <button
              type="button"
              className="ds-button"
              data-color="danger"
              disabled={busy}
              ref={confirmRef}
              onClick={() => void onWithdraw(change).then(() => setConfirming(false))}
            >
              {t('delivery-change.list.confirm-withdraw-yes')}
            </button>
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              onClick={() => {
                setConfirming(false);
                setFocusTo('withdraw');
              }}
            >
              {t('delivery-change.list.confirm-withdraw-no')}
            </button>
          </div>
        ) : (
          <div className="delivery-change-actions">
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              id={editButtonId(change)}
              onClick={() => onEdit(change)}
              aria-describedby={headingId}
            >
              {t('delivery-change.list.edit')}
            </button>
            <button
              type="button"
              className="ds-button"
              data-variant="tertiary"
              ref={withdrawRef}
              onClick={() => {
                setConfirming(true);
                setFocusTo('confirm');
              }}
              aria-describedby={headingId}
            >
              {t('delivery-change.list.withdraw')}
            </button>
          </div>
        )
      ) : (
        <>
          <p className="ds-paragraph delivery-change-note">{t('delivery-change.list.locked')}</p>
          {change.endEditable ? <EndButton change={change} onEditEnd={onEditEnd} /> : null}
        </>
      )}
    </li>
  );
}

function EndButton({
  change,
  onEditEnd,
}: {
  readonly change: DeliveryChange;
  readonly onEditEnd: (change: DeliveryChange) => void;
}) {
  const { t } = useTranslation('delivery-change');
  return (
    <div className="delivery-change-actions">
      <button
        type="button"
        className="ds-button"
        data-variant="secondary"
        id={editButtonId(change, true)}
        onClick={() => onEditEnd(change)}
        aria-describedby={`delivery-change-${change.id}`}
      >
        {t('delivery-change.list.edit-end')}
      </button>
    </div>
  );
}

function ReadOnlyChange({
  change,
  onEditEnd,
}: {
  readonly change: DeliveryChange;
  readonly onEditEnd?: (change: DeliveryChange) => void;
}) {
  const { t } = useTranslation('delivery-change');
  const headingId = `delivery-change-${change.id}`;
  return (
    <li className="ds-card delivery-change-item" aria-labelledby={headingId}>
      <h3 id={headingId} className="ds-heading" data-size="xs">
        {t(`delivery-change.types.${typeKey(change.type)}.title`)}
        {change.status === 'WITHDRAWN' ? (
          <span className="delivery-change-note"> ({t('delivery-change.list.withdrawn')})</span>
        ) : null}
      </h3>
      <ChangeFacts change={change} />
      {change.endEditable && onEditEnd ? <EndButton change={change} onEditEnd={onEditEnd} /> : null}
    </li>
  );
}

export function PlannedChanges({
  changes,
  onEdit,
  onEditEnd,
  onWithdraw,
  busy,
}: {
  readonly changes: readonly DeliveryChange[];
  readonly onEdit: (change: DeliveryChange) => void;
  readonly onEditEnd: (change: DeliveryChange) => void;
  readonly onWithdraw: (change: DeliveryChange) => Promise<void>;
  readonly busy: boolean;
}) {
  const { t } = useTranslation('delivery-change');
  return (
    <section aria-labelledby="delivery-change-planned-heading" className="delivery-change-section">
      <h2 id="delivery-change-planned-heading" className="ds-heading" data-size="md">
        {t('delivery-change.list.planned-heading')}
      </h2>
      {changes.length === 0 ? (
        <p className="ds-paragraph">{t('delivery-change.list.none-planned')}</p>
      ) : (
        <ul className="delivery-change-list">
          {changes.map((change) => (
            <PlannedChange
              key={change.id}
              change={change}
              onEdit={onEdit}
              onEditEnd={onEditEnd}
              onWithdraw={onWithdraw}
              busy={busy}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export function ReadOnlyChanges({
  kind,
  changes,
  onEditEnd,
}: {
  readonly kind: 'current' | 'history';
  readonly changes: readonly DeliveryChange[];
  /** A change going on now whose end can still move. */
  readonly onEditEnd?: (change: DeliveryChange) => void;
}) {
  const { t } = useTranslation('delivery-change');
  if (changes.length === 0) return null;
  const headingId = `delivery-change-${kind}-heading`;
  return (
    <section aria-labelledby={headingId} className="delivery-change-section">
      <h2 id={headingId} className="ds-heading" data-size="md">
        {t(`delivery-change.list.${kind}-heading`)}
      </h2>
      <ul className="delivery-change-list">
        {changes.map((change) => (
          <ReadOnlyChange key={change.id} change={change} onEditEnd={onEditEnd} />
        ))}
      </ul>
    </section>
  );
}
