// The loading indicator: Designsystemet's spinner (an SVG styled by .ds-spinner). Decorative;
// the text beside it says what is happening (see Progress for the announced status line).
import type { SVGAttributes } from 'react';

export type SpinnerProps = SVGAttributes<SVGSVGElement> & {
  readonly 'data-size'?: '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';
};

/** The spinning circle only; hidden from assistive technology. */
export function Spinner({ className, ...rest }: SpinnerProps) {
  return (
    <svg
      className={['ds-spinner', className].filter(Boolean).join(' ')}
      viewBox="0 0 50 50"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <circle
        className="ds-spinner__background"
        cx="25"
        cy="25"
        r="20"
        fill="none"
        strokeWidth="5"
      />
      <circle className="ds-spinner__circle" cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
    </svg>
  );
}
