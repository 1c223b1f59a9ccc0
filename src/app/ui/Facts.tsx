// A list of facts, label above value (the subscription, an invoice, an order, a quote): one
// <dl class="facts">, each pair in a <div> so it wraps as a unit (facts.css). The list's margin
// there has no weight (:where), so the spacing of the container it sits in (.screen > * + *, a
// feature's own) wins whichever sheet the page loaded last: facts.css comes with the screen's
// chunk, after the layout's sheet.
import type { HTMLAttributes, ReactNode } from 'react';

import './facts.css';

export interface Fact {
  /** Stable React key (the fact's meaning, e.g. 'plan'). */
  readonly key: string;
  readonly label: ReactNode;
  readonly value: ReactNode;
}

type Props = HTMLAttributes<HTMLDListElement> & { readonly facts: readonly Fact[] };

export function Facts({ facts, className, ...rest }: Props) {
  return (
    <dl className={['facts', className].filter(Boolean).join(' ')} {...rest}>
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
