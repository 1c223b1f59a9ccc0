// The consent manager's four categories as checkboxes, each with what it means: the footer's
// consent dialog and /personverninnstillinger ask the same question the same way.
import { useTranslation } from 'react-i18next';

import { type ConsentCategory, consentCategories } from '../lib/consent/consent';

import './designsystemet-forms.css';
import './consent-categories.css';

export function ConsentCategories({
  idPrefix,
  accepted,
  onToggle,
  legend,
}: {
  /** Unique per page (useId): the inputs' ids are built from it. */
  readonly idPrefix: string;
  readonly accepted: ReadonlySet<ConsentCategory>;
  readonly onToggle: (category: ConsentCategory, checked: boolean) => void;
  readonly legend?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="ds-fieldset consent-dialog__categories">
      <legend className="ds-label">{legend ?? t('consent.categories-legend')}</legend>
      {consentCategories.map((category) => (
        <div className="ds-field" key={category}>
          <input
            type="checkbox"
            className="ds-input"
            id={`${idPrefix}-${category}`}
            aria-describedby={`${idPrefix}-${category}-description`}
            checked={accepted.has(category)}
            onChange={(event) => onToggle(category, event.currentTarget.checked)}
          />
          <label className="ds-label" htmlFor={`${idPrefix}-${category}`}>
            {t(`consent.category.${category}.label`)}
          </label>
          <div data-field="description" id={`${idPrefix}-${category}-description`}>
            {t(`consent.category.${category}.description`)}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** The toggle of one category in a set of accepted ones (a new set). */
export const toggled = (
  previous: ReadonlySet<ConsentCategory>,
  category: ConsentCategory,
  checked: boolean,
): ReadonlySet<ConsentCategory> => {
  const next = new Set(previous);
  if (checked) next.add(category);
  else next.delete(category);
  return next;
};
