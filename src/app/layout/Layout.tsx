// Page layout of requirements §2: header, a login error if any, the main area with the full-page loading
// indicator over the routed view (kept mounted under it), and the footer.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { LOGIN_ERRORS } from '../session/sagas';
import { selectSession } from '../session/sessionSlice';
import { useAppSelector } from '../store/hooks';
import { Notice } from '../ui/Notice';

import { DeletionNotice } from './DeletionNotice';
import { Footer } from './Footer';
import { Header, MAIN_ID } from './Header';
import { PageSpinner } from './PageSpinner';

type Props = { readonly children: ReactNode };

/** The catalogue key of a login failure's message (sessionSlice.loginError). */
export function loginErrorKey(message: string): string {
  switch (message) {
    case LOGIN_ERRORS.noToken:
      return 'errors.no-login-token';
    case LOGIN_ERRORS.noIdentity:
      return 'errors.identity-not-initialized';
    case 'session-expired-again':
      return 'errors.session-expired-again';
    default:
      return 'errors.login-failed';
  }
}

export function Layout({ children }: Props) {
  const { t } = useTranslation();
  const { loginError } = useAppSelector(selectSession);
  return (
    <div className="site-layout">
      <Header />
      {loginError ? (
        <Notice color="danger" className="site-alert" role="alert">
          {t(loginErrorKey(loginError))}
        </Notice>
      ) : null}
      <DeletionNotice />
      <main id={MAIN_ID} tabIndex={-1} className="site-main">
        {/* A failed login leaves the flag on (the guard waits for the redirect); the reader
            must see the error instead of a spinner that never stops. */}
        <PageSpinner suppressed={!!loginError} />
        {children}
      </main>
      <Footer />
    </div>
  );
}
