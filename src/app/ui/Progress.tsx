// A status line with the spinner: something is being fetched or sent. The live region is always
// in the page (so the text is announced when it appears); with no text it is empty.
import type { HTMLAttributes, ReactNode } from 'react';

import { Spinner } from './Spinner';

import './progress.css';

type Props = HTMLAttributes<HTMLParagraphElement> & {
  readonly children?: ReactNode;
  /**
   * Stands in for a screen's body while it loads: holds a screen's height, so what comes after
   * it does not move when the body arrives (no layout shift).
   */
  readonly reserve?: boolean;
};

export function Progress({ children, className, reserve = false, ...rest }: Props) {
  return (
    <p
      role="status"
      className={['ds-paragraph', 'progress', reserve && 'progress--reserve', className]
        .filter(Boolean)
        .join(' ')}
      {...rest}
    >
      {children ? (
        <>
          <Spinner data-size="sm" /> {children}
        </>
      ) : null}
    </p>
  );
}
