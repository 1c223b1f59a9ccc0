// Moves the focus to an element when `key` changes after the first render (a new step, a new
// outcome), so a screen reader reads what just appeared; not on the first view.
import { useEffect, useRef } from 'react';

export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}
