// What just happened after an action on /familiedeling (an invitation sent, withdrawn, sent
// again, a member removed, or why not), in the section where the reader acted: a notice that
// takes the focus each time a new one appears, so a keyboard or screen-reader user hears it and
// goes on from there (the button pressed may be gone with its row).
import { useEffect, useRef } from 'react';

import { Notice } from '../../ui/Notice';

export interface AnnouncementValue {
  /** New for every announcement, so the same words said twice take the focus again. */
  readonly id: number;
  readonly color: 'success' | 'warning' | 'danger';
  readonly text: string;
}

let counter = 0;

export const announcement = (
  color: AnnouncementValue['color'],
  text: string,
): AnnouncementValue => ({
  id: ++counter,
  color,
  text,
});

export function Announcement({ value }: { readonly value: AnnouncementValue | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = value?.id;
  useEffect(() => {
    if (id !== undefined) ref.current?.focus();
  }, [id]);
  if (!value) return null;
  return (
    <Notice
      key={value.id}
      color={value.color}
      role={value.color === 'success' ? 'status' : 'alert'}
      tabIndex={-1}
      ref={ref}
    >
      {value.text}
    </Notice>
  );
}
