// A Designsystemet alert (div.ds-alert): information, a success, a warning or a refusal. An
// `alert` notice is announced and can take the focus (pass `ref` and `tabIndex={-1}`) when it
// reports what just happened; a plain one is static text on the page. A notice named by its
// own heading can be a region: `region` (a section) with `aria-labelledby` pointing at it.
import type { HTMLAttributes, ReactNode, Ref } from 'react';

type Props = HTMLAttributes<HTMLDivElement> & {
  /** A section instead of a div: a region, when `aria-labelledby` names it. */
  readonly region?: boolean;
  readonly color?: 'info' | 'success' | 'warning' | 'danger';
  /** An optional heading inside the notice (an h2, size xs). */
  readonly heading?: ReactNode;
  readonly ref?: Ref<HTMLDivElement>;
  readonly children?: ReactNode;
};

export function Notice({
  region = false,
  color = 'info',
  heading,
  className,
  children,
  ref,
  ...rest
}: Props) {
  const Element = region ? 'section' : 'div';
  return (
    <Element
      ref={ref}
      className={['ds-alert', className].filter(Boolean).join(' ')}
      data-color={color}
      {...rest}
    >
      {heading ? (
        <h2 className="ds-heading" data-size="xs">
          {heading}
        </h2>
      ) : null}
      {typeof children === 'string' ? <p>{children}</p> : children}
    </Element>
  );
}
