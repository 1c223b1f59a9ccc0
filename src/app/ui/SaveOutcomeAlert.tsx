// How saving a form ended, announced: it takes the focus when it appears, so the reader hears it.
import { useEffect, useRef } from 'react';

import { Notice } from './Notice';

/** How a save ended: saved, refused as invalid (a 400 without field errors), or failed. */
export type SaveOutcome = { readonly kind: 'saved' | 'failed' | 'invalid' } | null;

export interface SaveOutcomeAlertProps {
  readonly outcome: SaveOutcome;
  readonly texts: Readonly<Record<NonNullable<SaveOutcome>['kind'], string>>;
}

/** The outcome of a save; it takes the focus when it appears, so the reader hears it. */
export function SaveOutcomeAlert({ outcome, texts }: SaveOutcomeAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);

  if (!outcome) return null;
  return outcome.kind === 'saved' ? (
    <Notice color="success" tabIndex={-1} ref={ref}>
      {texts.saved}
    </Notice>
  ) : (
    <Notice color="danger" role="alert" tabIndex={-1} ref={ref}>
      {texts[outcome.kind]}
    </Notice>
  );
}
