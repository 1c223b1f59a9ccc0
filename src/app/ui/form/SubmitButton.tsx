// The submit button of a formik form: disabled while the form is submitting (no double submit)
// with a visible progress text beside it, read out by the polite status region.
import { useFormikContext } from 'formik';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

import { Spinner } from '../Spinner';

export type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  readonly children: ReactNode;
  /** Shown while the form is submitting, e.g. "Lagrer …". */
  readonly busyText: string;
  /** Busy for another reason too (a request the form does not own). */
  readonly busy?: boolean;
};

export function SubmitButton({
  children,
  busyText,
  busy = false,
  disabled,
  className,
  ...rest
}: SubmitButtonProps) {
  const { isSubmitting } = useFormikContext();
  const working = isSubmitting || busy;
  return (
    <div className="form-actions">
      <button
        type="submit"
        className={['ds-button', className].filter(Boolean).join(' ')}
        disabled={working || disabled}
        {...rest}
      >
        {children}
      </button>
      <span role="status" className="form-progress">
        {working ? (
          <>
            <Spinner data-size="sm" /> {busyText}
          </>
        ) : null}
      </span>
    </div>
  );
}
