// A status line with the spinner: something is being fetched or sent. The live region is always
// in the page (so the text is announced when it appears); with no text it is empty.
import type { HTMLAttributes, ReactNode } from 'react';

import { Spinner } from './Spinner';

type Props = HTMLAttributes<HTMLParagraphElement> & { readonly children?: ReactNode };

export function Progress({ children, className, ...rest }: Props) {
  return (
    <p
      role="status"
      className={['ds-paragraph', 'progress', className].filter(Boolean).join(' ')}
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
