// The answer to a "are you sure?" question that ends something (remove a member, leave a
// family): the confirming button in the danger colour, the one that takes it back, and a
// visible, announced progress text; both are disabled while the answer is under way.
import type { ReactNode } from 'react';

import { Spinner } from './Spinner';

type Props = {
  readonly confirmLabel: ReactNode;
  readonly cancelLabel: ReactNode;
  /** Shown beside the buttons while `busy`. */
  readonly busyText: ReactNode;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
};

export function ConfirmActions({
  confirmLabel,
  cancelLabel,
  busyText,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <div className="form-actions">
      <button
        type="button"
        className="ds-button"
        data-color="danger"
        disabled={busy}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className="ds-button"
        data-variant="secondary"
        disabled={busy}
        onClick={onCancel}
      >
        {cancelLabel}
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
