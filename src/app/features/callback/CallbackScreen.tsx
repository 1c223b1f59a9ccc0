// /callback: the identity provider returns here with code and state; the server exchanges them
// (the session saga) and the user goes on to where the login started.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { callbackReceived, loginRequested } from '../../session/sessionActions';
import { selectSession } from '../../session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';

export default function CallbackScreen() {
  const { t } = useTranslation('callback');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  const { callbackError } = useAppSelector(selectSession);

  useEffect(() => {
    if (code && state) dispatch(callbackReceived({ code, state }));
  }, [dispatch, code, state]);

  if (providerError || !code || !state || callbackError) {
    const key = providerError === 'access_denied' ? 'callback.cancelled' : 'callback.failed';
    return (
      <section aria-labelledby="callback-heading">
        <h1 id="callback-heading">{t('callback.heading')}</h1>
        <Notice color="danger" role="alert">
          {t(key)}
        </Notice>
        <button
          type="button"
          className="ds-button"
          onClick={() => dispatch(loginRequested({ returnUrl: '/' }))}
        >
          {t('callback.try-again')}
        </button>
      </section>
    );
  }
  return <p role="status">{t('callback.signing-in')}</p>;
}
