// /koble-bruker (login): find an existing subscription — one bought by phone, say — by the
// e-mail or phone number on it, prove it with the SMS code, and connect it to the logged-in
// user (search-account → verify/ → account/assign), then reload the subscription so Min Side
// shows it. Nothing on the way says whether the e-mail or phone exists. Each new step's heading
// takes the focus.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useAssignAccountMutation } from '../../api/account';
import { callFailure } from '../../api/problem';
import { ASSIGN_MESSAGES } from '../../flows/connect/connectOutcome';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { CodeStep } from './CodeStep';
import { type AcceptedSearch, SearchStep } from './SearchStep';

type Step =
  | { readonly name: 'search' }
  | { readonly name: 'code'; readonly search: AcceptedSearch; readonly resent: boolean }
  | { readonly name: 'connecting'; readonly connectToken: string; readonly failed: boolean }
  | { readonly name: 'connected' }
  | { readonly name: 'stopped'; readonly messageKey: string };

const HEADINGS: Record<Step['name'], string> = {
  search: 'connect.search.heading',
  code: 'connect.code.heading',
  connecting: 'connect.connecting.heading',
  connected: 'connect.done.heading',
  stopped: 'connect.stopped.heading',
};

function StepSection({
  heading,
  focus,
  children,
}: {
  readonly heading: string;
  readonly focus: boolean;
  readonly children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <section aria-labelledby="connect-step-heading" className="screen">
      <h2 id="connect-step-heading" className="ds-heading" data-size="md" tabIndex={-1} ref={ref}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

export default function ConnectScreen() {
  const { t } = useTranslation('connect');
  const reload = useReloadSubscription();
  const title = useAppSelector(selectTitle);
  const user = useAppSelector(selectUser);
  const { hasSubscription } = useAppSelector(selectSubscription);
  const [assignAccount] = useAssignAccountMutation();
  const [step, setStep] = useState<Step>({ name: 'search' });
  const [lastSearch, setLastSearch] = useState<AcceptedSearch | null>(null);
  // The first step is where the page starts: only a change of step moves the focus.
  const [moved, setMoved] = useState(false);
  const titleCode = title?.titleCode ?? '';

  const go = (next: Step) => {
    setMoved(true);
    setStep(next);
  };
  const startOver = () => go({ name: 'search' });
  const askForCode = (search: AcceptedSearch) => {
    setLastSearch(search);
    go({ name: 'code', search, resent: false });
  };
  // A new code keeps the step (and the focus on its notice), with a new verification.
  const newCodeSent = (search: AcceptedSearch) => {
    setLastSearch(search);
    setStep({ name: 'code', search, resent: true });
  };
  const stop = (messageKey: string) => go({ name: 'stopped', messageKey });

  async function connect(connectToken: string) {
    go({ name: 'connecting', connectToken, failed: false });
    const result = await assignAccount({ assignAccountRequest: { connectToken } });
    if (result.data) {
      // requirements §4: reload the subscription of the account it now belongs to (the account slice
      // took it from this answer); the slice follows the lookup's answer.
      await reload();
      go({ name: 'connected' });
      return;
    }
    const { code } = callFailure(result.error);
    const final = code ? ASSIGN_MESSAGES[code] : undefined;
    if (final) go({ name: 'stopped', messageKey: final });
    else setStep({ name: 'connecting', connectToken, failed: true });
  }

  let body: ReactNode;
  switch (step.name) {
    case 'search':
      // Someone with access to the title already would get two subscriptions to it: the server
      // refuses (USER_HAS_ACTIVE_SUB), so the page says so before any code is sent.
      body = hasSubscription ? (
        <Notice>
          <p>{t('connect.already-subscriber', { title: title?.name ?? '' })}</p>
          <p>
            <HomeLink />
          </p>
        </Notice>
      ) : (
        <SearchStep titleCode={titleCode} previous={lastSearch} onAccepted={askForCode} />
      );
      break;
    case 'code':
      body = (
        <CodeStep
          key={step.search.verificationId}
          titleCode={titleCode}
          search={step.search}
          resent={step.resent}
          onResent={newCodeSent}
          onChangeSearch={startOver}
          onVerified={(token) => void connect(token)}
          onStopped={stop}
        />
      );
      break;
    case 'connecting':
      body = step.failed ? (
        <Notice color="danger" role="alert">
          <p>{t('connect.connect-failed')}</p>
          <button
            type="button"
            className="ds-button"
            onClick={() => void connect(step.connectToken)}
          >
            {t('connect.retry')}
          </button>
        </Notice>
      ) : (
        <Progress>{t('connect.connecting.progress')}</Progress>
      );
      break;
    case 'connected':
      body = (
        <>
          <Notice color="success">
            {title
              ? t('connect.done.text', { title: title.name })
              : t('connect.done.text-without-title')}
          </Notice>
          <p className="ds-paragraph">
            <HomeLink />
          </p>
        </>
      );
      break;
    case 'stopped':
      body = (
        <>
          <Notice color="warning">{t(step.messageKey)}</Notice>
          <div className="form-actions">
            <button type="button" className="ds-button" onClick={startOver}>
              {t('connect.stopped.start-over')}
            </button>
            <Link className="ds-link" to="/kundeservice">
              {t('connect.customer-service-link')}
            </Link>
          </div>
        </>
      );
      break;
  }

  return (
    <Screen headingId="connect-heading" heading={t('connect.heading')}>
      {step.name === 'search' ? (
        <>
          <p className="ds-paragraph">{t('connect.intro')}</p>
          {user.email ? (
            <p className="ds-paragraph">{t('connect.logged-in-as', { email: user.email })}</p>
          ) : null}
        </>
      ) : null}
      <StepSection heading={t(HEADINGS[step.name])} focus={moved} key={step.name}>
        {body}
      </StepSection>
    </Screen>
  );
}
