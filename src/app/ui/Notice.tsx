// A Designsystemet alert (div.ds-alert): information, a success, a warning or a refusal. An
// `alert` notice is announced and can take the focus (pass `ref` and `tabIndex={-1}`) when it
// reports what just happened; a plain one is static text on the page.
import type { HTMLAttributes, ReactNode, Ref } from 'react';

type Props = HTMLAttributes<HTMLDivElement> & {
  readonly color?: 'info' | 'success' | 'warning' | 'danger';
  /** An optional heading inside the notice (an h2, size xs). */
  readonly heading?: ReactNode;
  readonly ref?: Ref<HTMLDivElement>;
  readonly children?: ReactNode;
};

export function Notice({ color = 'info', heading, className, children, ref, ...rest }: Props) {
  return (
    <div
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
    </div>
  );
}
