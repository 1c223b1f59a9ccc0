// The payment method screens: /endre-betalingsmetode and /legg-til-betalingskort show how the
// subscription pays now and start the change; the verify screens ask the saga to verify it and
// show the outcome. The saga is not running here: the tests see what the screens dispatch, and
// play the saga's reports into the store.
import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';

import type { Subscription } from '../../../src/app/api/subscription';
import AddCardScreen from '../../../src/app/features/payment-method/AddCardScreen';
import ChangeToVippsScreen from '../../../src/app/features/payment-method/ChangeToVippsScreen';
import VerifyCardScreen from '../../../src/app/features/payment-method/VerifyCardScreen';
import VerifyVippsScreen from '../../../src/app/features/payment-method/VerifyVippsScreen';
import {
  changeRefused,
  changeRequested,
  providerOpened,
  startPaymentMethodChange,
  verificationFinished,
  verificationStarted,
  verificationWaiting,
  verifyPaymentMethodChange,
} from '../../../src/app/flows/payment-method/paymentMethodSlice';
import type { RootState } from '../../../src/app/store/store';
import { subscriberState, subscriptionWith } from '../fixtures';
import { renderWithState } from '../render';

const vippsMethod = {
  provider: 'VIPPS' as const,
  label: 'Vipps',
  maskedCardNumber: null,
  cardExpiry: null,
};
const newCard = subscriptionWith({
  paymentMethod: {
    provider: 'SWEDBANK-PPG',
    label: 'Betalingskort',
    maskedCardNumber: '************0004',
    cardExpiry: '12/29',
  },
});

function render(
  ui: React.ReactElement,
  options: {
    subscription?: Subscription;
    language?: 'nb' | 'nn';
    route?: string;
    subscriptionError?: string;
  } = {},
) {
  const state = subscriberState(options.subscription ?? subscriptionWith());
  const preloadedState: Partial<RootState> = options.subscriptionError
    ? { ...state, subscription: { ...state.subscription!, error: options.subscriptionError } }
    : state;
  return renderWithState(ui, {
    preloadedState,
    language: options.language,
    route: options.route,
    namespaces: ['payment-method'],
  });
}

/** The value of a fact (<dt> label → its <dd>). */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return value;
}

const starts = (actions: { type: string }[]) =>
  actions.filter((action) => startPaymentMethodChange.match(action));
const verifies = (actions: { type: string }[]) =>
  actions.filter((action) => verifyPaymentMethodChange.match(action));

describe('ChangeToVippsScreen (/endre-betalingsmetode)', () => {
  it('shows the current method and starts the change to Vipps', async () => {
    const { user, actions } = await render(<ChangeToVippsScreen />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Endre betalingsmåte til Vipps' }),
    ).toBeVisible();
    expect(fact('Nå betaler du med')).toHaveTextContent('Betalingskort **** 1234, utløper 08/28');
    await user.click(screen.getByRole('button', { name: 'Gå til Vipps for å godkjenne' }));
    expect(starts(actions).map((a) => a.payload)).toEqual([
      { flow: 'vipps', subscriptionNo: 'S-1001' },
    ]);
  });

  it('disables the button and shows the progress while the change starts', async () => {
    const { store, user, actions } = await render(<ChangeToVippsScreen />);
    act(() => {
      store.dispatch(changeRequested({ flow: 'vipps' }));
    });
    const button = screen.getByRole('button', { name: 'Gå til Vipps for å godkjenne' });
    expect(button).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Starter endringen …');
    await user.click(button);
    expect(starts(actions)).toHaveLength(0);
    act(() => {
      store.dispatch(providerOpened());
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sender deg videre til Vipps …');
    expect(button).toBeDisabled();
  });

  it('words a refused start in an alert that gets the focus', async () => {
    const { store } = await render(<ChangeToVippsScreen />);
    act(() => {
      store.dispatch(changeRequested({ flow: 'vipps' }));
      store.dispatch(changeRefused({ status: 409, code: 'PAYMENT_METHOD_NOT_SELF_SERVICE' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Betalingsmåten for dette abonnementet kan ikke endres her. Kontakt kundeservice om du trenger hjelp.',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Gå til Vipps for å godkjenne' })).toBeEnabled();
    act(() => {
      store.dispatch(changeRequested({ flow: 'vipps' }));
      store.dispatch(changeRefused({ status: 500, code: 'INTERNAL_ERROR' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Vi fikk ikke startet endringen. Prøv igjen om litt.',
    );
  });

  it('offers no change when the subscription is paid with Vipps already', async () => {
    await render(<ChangeToVippsScreen />, {
      subscription: subscriptionWith({ paymentMethod: vippsMethod }),
    });
    expect(fact('Nå betaler du med')).toHaveTextContent('Vipps');
    expect(screen.getByText('Abonnementet betales allerede med Vipps.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Legg til nytt betalingskort i stedet' }),
    ).toHaveAttribute('href', '/legg-til-betalingskort');
  });

  it('offers a new Vipps agreement when the one the subscription has could not be charged', async () => {
    await render(<ChangeToVippsScreen />, {
      subscription: subscriptionWith({
        paymentMethod: vippsMethod,
        unpaidInvoices: [
          {
            ariaInvoiceNo: '800000045',
            amount: 299_000,
            dueDate: '2026-11-20',
            overdue: true,
            suspendsOn: '2026-12-04',
            paymentFailure: { method: 'VIPPS', reason: 'USER_ACTION_REQUIRED', retryOn: null },
          },
        ],
      }),
    });
    expect(screen.queryByText('Abonnementet betales allerede med Vipps.')).toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Godkjenn en ny Vipps-avtale' }),
    ).toBeVisible();
    expect(
      screen.getByText(/Vi fikk ikke trukket betalingen med Vipps-avtalen du har\./),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Gå til Vipps for å godkjenne' })).toBeEnabled();
  });

  it('asks for a new Vipps agreement when the reader stopped the one the subscription had', async () => {
    await render(<ChangeToVippsScreen />, {
      subscription: subscriptionWith({
        paymentMethod: vippsMethod,
        paymentNotice: 'VIPPS_AGREEMENT_STOPPED',
      }),
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Godkjenn en ny Vipps-avtale' }),
    ).toBeVisible();
    expect(
      screen.getByText(/Vipps-avtalen for abonnementet er stoppet, så vi kan ikke trekke/),
    ).toBeVisible();
    expect(screen.queryByText(/Vi fikk ikke trukket/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Gå til Vipps for å godkjenne' })).toBeEnabled();
  });

  it('offers no change to a family-share invitee', async () => {
    await render(<ChangeToVippsScreen />, {
      subscription: subscriptionWith({ eligibleForSharing: false, paymentMethod: null }),
    });
    expect(
      screen.getByText(
        'Dette abonnementet betales ikke av deg, så betalingsmåten kan ikke endres her.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('AddCardScreen (/legg-til-betalingskort)', () => {
  it('starts a card registration', async () => {
    const { user, actions } = await render(<AddCardScreen />, {
      subscription: subscriptionWith({ paymentMethod: vippsMethod }),
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Legg til nytt betalingskort' }),
    ).toBeVisible();
    expect(within(fact('Nå betaler du med')).getByText('Vipps', { exact: true })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Gå til kortregistrering' }));
    expect(starts(actions).map((a) => a.payload)).toEqual([
      { flow: 'card', subscriptionNo: 'S-1001' },
    ]);
  });

  it('says exactly that a card without details has none to show', async () => {
    await render(<AddCardScreen />, {
      subscription: subscriptionWith({
        paymentMethod: {
          provider: 'SWEDBANK-PPG',
          label: 'Betalingskort',
          maskedCardNumber: null,
          cardExpiry: null,
        },
      }),
    });
    expect(
      within(fact('Nå betaler du med')).getByText('Ingen kortdetaljer tilgjengelig.', {
        exact: true,
      }),
    ).toBeVisible();
  });

  it('says the payment method could not be fetched when the lookup failed', async () => {
    await render(<AddCardScreen />, { subscriptionError: 'FETCH_ERROR' });
    expect(
      within(fact('Nå betaler du med')).getByText(
        'Det oppstod en feil ved henting av betalingsmetode.',
        { exact: true },
      ),
    ).toBeVisible();
  });

  it('reads in nynorsk', async () => {
    await render(<AddCardScreen />, { language: 'nn' });
    expect(fact('No betaler du med')).toHaveTextContent('Betalingskort **** 1234, går ut 08/28');
    expect(screen.getByRole('link', { name: 'Tilbake til Mi side' })).toHaveAttribute('href', '/');
  });
});

describe('the verify screens', () => {
  it('asks the saga once to verify, and shows the progress', async () => {
    const { store, actions } = await render(<VerifyVippsScreen />, {
      route: '/endre-betalingsmetode/verify',
    });
    expect(verifies(actions).map((a) => a.payload)).toEqual([{ flow: 'vipps' }]);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'vipps' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sjekker om endringen er godkjent …');
    act(() => {
      store.dispatch(verificationWaiting({ pendingAnswers: 1 }));
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Svaret er ikke klart ennå. Vi spør igjen (forsøk 2 av 5) …',
    );
  });

  it('shows the new card after an approved change', async () => {
    const { store } = await render(<VerifyCardScreen />);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'card' }));
      store.dispatch(verificationFinished({ outcome: 'approved', subscription: newCard }));
    });
    const heading = screen.getByRole('heading', { level: 2, name: 'Det nye kortet er lagt til' });
    expect(heading).toHaveFocus();
    expect(fact('Du betaler nå med')).toHaveTextContent('Betalingskort **** 0004, utløper 12/29');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows Vipps after an approved change to Vipps', async () => {
    const { store } = await render(<VerifyVippsScreen />);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'vipps' }));
      store.dispatch(
        verificationFinished({
          outcome: 'approved',
          subscription: subscriptionWith({ paymentMethod: vippsMethod }),
        }),
      );
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Betalingsmåten er endret til Vipps' }),
    ).toHaveFocus();
    expect(within(fact('Du betaler nå med')).getByText('Vipps', { exact: true })).toBeVisible();
  });

  it('says a declined change keeps the old method, and offers to start again', async () => {
    const { store } = await render(<VerifyVippsScreen />);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'vipps' }));
      store.dispatch(verificationFinished({ outcome: 'declined', subscription: null }));
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Endringen ble ikke godkjent' }),
    ).toHaveFocus();
    expect(
      screen.getByText('Betalingsmåten er ikke endret. Du betaler fortsatt som før.'),
    ).toBeVisible();
    expect(fact('Nå betaler du med')).toHaveTextContent('Betalingskort **** 1234, utløper 08/28');
    expect(screen.getByRole('link', { name: 'Start på nytt' })).toHaveAttribute(
      'href',
      '/endre-betalingsmetode',
    );
  });

  it('says clearly when there is nothing stored to verify, with a link to start again', async () => {
    const { store } = await render(<VerifyCardScreen />);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'card' }));
      store.dispatch(verificationFinished({ outcome: 'missing', subscription: null }));
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Ingen endring å bekrefte' }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Start på nytt' })).toHaveAttribute(
      'href',
      '/legg-til-betalingskort',
    );
  });

  it('says when the change is not found, or the verification failed', async () => {
    const { store } = await render(<VerifyCardScreen />);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'card' }));
      store.dispatch(verificationFinished({ outcome: 'not-found', subscription: null }));
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Fant ikke endringen' })).toBeVisible();
    act(() => {
      store.dispatch(verificationStarted({ flow: 'card' }));
      store.dispatch(verificationFinished({ outcome: 'error', subscription: null }));
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Noe gikk galt' })).toBeVisible();
    expect(
      screen.getByText(
        'Vi fikk ikke bekreftet endringen. Betalingsmåten er ikke endret. Prøv igjen om litt.',
      ),
    ).toBeVisible();
  });

  it('lets the reader check again when the answer is still pending', async () => {
    const { store, user, actions } = await render(<VerifyVippsScreen />);
    act(() => {
      store.dispatch(verificationStarted({ flow: 'vipps' }));
      store.dispatch(verificationFinished({ outcome: 'pending', subscription: null }));
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Vi har ikke fått svar ennå' }),
    ).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Sjekk igjen' }));
    expect(verifies(actions)).toHaveLength(2);
  });

  it('reads in nynorsk', async () => {
    const { store } = await render(<VerifyVippsScreen />, { language: 'nn' });
    act(() => {
      store.dispatch(verificationStarted({ flow: 'vipps' }));
      store.dispatch(verificationFinished({ outcome: 'declined', subscription: null }));
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Endringa vart ikkje godkjend' }),
    ).toBeVisible();
  });
});
