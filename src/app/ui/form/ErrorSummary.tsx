// The error summary of a form (Designsystemet's ds-error-summary): after a submit that failed
// validation, or that the server answered with field errors, it lists every error as a link to
// its field and takes the focus, so keyboard and screen-reader users hear what to fix first.
import { useFormikContext } from 'formik';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { fieldId, flattenErrors } from './fieldErrors';
import { useFieldErrorText } from './TextField';

import '../designsystemet-forms.css';

export interface ErrorSummaryProps {
  /** Field name → visible label, for the {{info}} of the messages and the order of the list. */
  readonly labels: Readonly<Record<string, string>>;
  /** The heading; defaults to the shared "Sjekk dette før du går videre". */
  readonly heading?: string;
  /**
   * A field's error as its screen words it, in place of its message with the label: for a
   * message that says more than the label (the day chosen, one to choose instead), so the list
   * and the field say the same.
   */
  readonly texts?: Readonly<Record<string, string | null>>;
}

export function ErrorSummary({ labels, heading, texts = {} }: ErrorSummaryProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText();
  const { errors, submitCount, isSubmitting } = useFormikContext();
  const ref = useRef<HTMLDivElement>(null);
  const handled = useRef(0);
  const headingId = useId();
  const order = Object.keys(labels);
  const list = flattenErrors(errors).sort((a, b) => rank(order, a.name) - rank(order, b.name));
  const visible = submitCount > 0 && list.length > 0;

  // Once per submit, when it has settled: focus the summary if there is anything to fix.
  useEffect(() => {
    if (submitCount < handled.current) handled.current = 0; // the form was reset
    if (isSubmitting || submitCount <= handled.current) return;
    handled.current = submitCount;
    if (visible) ref.current?.focus();
  }, [isSubmitting, submitCount, visible]);

  if (!visible) return null;
  return (
    <div className="ds-error-summary" tabIndex={-1} ref={ref} aria-labelledby={headingId}>
      <h2 id={headingId} className="ds-heading" data-size="xs">
        {heading ?? t('form.error-summary')}
      </h2>
      <ul className="ds-list">
        {list.map(({ name, message }) => (
          <li key={name}>
            <a
              className="ds-link"
              href={`#${fieldId(name)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId(name))?.focus();
              }}
            >
              {texts[name] ?? errorText(message, labels[name] ?? name)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const rank = (order: readonly string[], name: string) => {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
};
