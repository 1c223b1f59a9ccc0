// A heading that can take the focus when a new step of a flow appears (the reader just went
// there), not on a first view: h1 (size lg), h2 (size md) or h3 (size sm, an outcome inside a
// screen's section), Designsystemet's heading class.
import { type HTMLAttributes, useEffect, useRef } from 'react';

type StepHeadingProps = HTMLAttributes<HTMLHeadingElement> & {
  readonly level?: 1 | 2 | 3;
  /** Move the focus here when shown (a step the reader just went to), not on a first view. */
  readonly focusOnMount?: boolean;
};

export function StepHeading({
  level = 2,
  focusOnMount = false,
  children,
  ...rest
}: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  const Heading = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3';
  return (
    <Heading
      ref={ref}
      tabIndex={-1}
      className="ds-heading"
      data-size={level === 1 ? 'lg' : level === 2 ? 'md' : 'sm'}
      {...rest}
    >
      {children}
    </Heading>
  );
}
