// The changes of the subscription: planned ones (each with edit and withdraw until its cut-off),
// the ones going on now, and the history (over or withdrawn), read-only.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { DeliveryChange, DeliveryChangeAddressView } from '../../api/delivery';
import { Facts, type Fact } from '../../ui/Facts';

import { typeKey, useCutOffText, usePeriodText } from './format';

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
              onClick={() => void onWithdraw(change).then(() => setConfirming(false))}
            >
              {t('delivery-change.list.confirm-withdraw-yes')}
            </button>
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              onClick={() => setConfirming(false)}
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
              onClick={() => onEdit(change)}
              aria-describedby={headingId}
            >
              {t('delivery-change.list.edit')}
            </button>
            <button
              type="button"
              className="ds-button"
              data-variant="tertiary"
              onClick={() => setConfirming(true)}
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
