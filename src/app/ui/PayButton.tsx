// The pay button ("Betal kr 279,00"), disabled with a visible, announced progress text while the
// payment starts, so it cannot be pressed twice (the saga refuses a second start too).
import type { ReactNode } from 'react';

import { Spinner } from './Spinner';

type Props = {
  readonly label: ReactNode;
  /** Shown beside the button while `busy`. */
  readonly busyText: ReactNode;
  readonly busy: boolean;
  readonly disabled?: boolean;
  readonly type?: 'submit' | 'button';
  readonly onClick?: () => void;
};

export function PayButton({
  label,
  busyText,
  busy,
  disabled = false,
  type = 'submit',
  onClick,
}: Props) {
  return (
    <div className="form-actions">
      <button type={type} className="ds-button" disabled={busy || disabled} onClick={onClick}>
        {label}
      </button>
      <span role="status" className="form-progress">
        {busy ? (
          <>
            <Spinner data-size="sm" /> {busyText}
          </>
        ) : null}
      </span>
    </div>
  );
}
