// The page layout: login and logout, the title's logo and its wordmark fallback, the small-screen
// menu, the loading indicator, the footer's contact details, the language switch and the privacy
// settings.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { Layout } from '../../../src/app/layout/Layout';
import { storedLanguage } from '../../../src/app/lib/i18n/i18n';
import { loginRequested, logoutRequested } from '../../../src/app/session/sessionActions';
import { initialSessionState } from '../../../src/app/session/sessionSlice';
import {
  DEFAULT_SPINNER_MESSAGE,
  startSpinner,
  stopSpinner,
} from '../../../src/app/session/spinnerSlice';
import { initialUserState } from '../../../src/app/session/userSlice';
import type { RootState } from '../../../src/app/store/store';
import { lookupRoute, premium } from '../features/lifecycle-support';
import { fvn, subscriberState } from '../fixtures';
import {
  answered,
  asked,
  callsTo,
  json,
  renderWithState,
  type RenderWithStateOptions,
  route,
  serveApi,
} from '../render';

const renderLayout = (
  state: Partial<RootState> = subscriberState(),
  options: RenderWithStateOptions = {},
) =>
  renderWithState(
    <Layout>
      <h1>Innhold</h1>
    </Layout>,
    { preloadedState: state, ...options },
  );

beforeEach(() => {
  window.localStorage.clear();
});

describe('login and logout', () => {
  it('offers a login that returns to the current path, query and hash', async () => {
    const { user, actions } = await renderLayout(
      { ...subscriberState(), user: initialUserState },
      { route: '/kundeservice?kilde=epost#faq' },
    );
    expect(screen.queryByRole('button', { name: 'Logg ut' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(actions).toContainEqual(loginRequested({ returnUrl: '/kundeservice?kilde=epost#faq' }));
  });

  it('offers a logout to a logged-in user', async () => {
    const { user, actions } = await renderLayout();
    expect(screen.queryByRole('button', { name: 'Logg inn' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg ut' }));
    expect(actions).toContainEqual(logoutRequested());
  });

  it('shows a failed login as an alert instead of the loading indicator', async () => {
    await renderLayout({
      ...subscriberState(),
      session: { ...initialSessionState, loginError: 'No login token received' },
      spinner: { showSpinner: true, spinnerMsg: DEFAULT_SPINNER_MESSAGE },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Vi fikk ikke startet innloggingen');
    expect(screen.queryByText('Henter informasjon..')).not.toBeInTheDocument();
  });

  it.each([
    ['Identity not initialized', 'Innloggingstjenesten svarer ikke'],
    ['session-expired-again', 'Innloggingen din gikk ut igjen'],
  ])('words the login error %s', async (loginError, text) => {
    await renderLayout({ ...subscriberState(), session: { ...initialSessionState, loginError } });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
});

describe('header', () => {
  it('links the logo and the navigation, and skips to the main area', async () => {
    await renderLayout();
    const header = screen.getByRole('banner');
    const logo = within(header).getByRole('link', { name: fvn.name });
    expect(logo).toHaveAttribute('href', '/');
    expect(within(logo).getByRole('img')).toHaveAttribute('src', '/logos/fvn.no.svg');
    const nav = within(header).getByRole('navigation', { name: 'Hovedmeny' });
    expect(within(nav).getByRole('link', { name: 'Min side' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Kundeservice' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );
    expect(within(header).getByRole('link', { name: 'Hopp til hovedinnholdet' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it("shows the title's logo from its domain path once it has loaded", async () => {
    await renderLayout();
    const logo = within(screen.getByRole('banner')).getByRole('img', { name: fvn.name });
    expect(logo).toHaveAttribute('src', '/logos/fvn.no.svg');
    // Invisible until loaded: a failed image never shows as a broken-image icon.
    expect(logo).toHaveAttribute('data-loaded', 'false');
    fireEvent.load(logo);
    expect(logo).toHaveAttribute('data-loaded', 'true');
  });

  it('falls back to the generated wordmark, then to the name, when an image fails', async () => {
    await renderLayout();
    const header = screen.getByRole('banner');
    fireEvent.error(within(header).getByRole('img', { name: fvn.name }));

    const wordmark = within(header).getByRole('img', { name: fvn.name });
    expect(wordmark).toHaveAttribute('src', '/wordmarks/fvn.svg');
    expect(wordmark).toHaveAttribute('data-loaded', 'false');
    fireEvent.load(wordmark);
    expect(wordmark).toHaveAttribute('data-loaded', 'true');
    expect(within(header).getByRole('link', { name: fvn.name })).toHaveAttribute('href', '/');

    fireEvent.error(wordmark);
    expect(within(header).queryByRole('img')).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: fvn.name })).toHaveTextContent(fvn.name);
  });

  it('starts from the wordmark where the page says the title has no logo deployed', async () => {
    const preload = Object.assign(document.createElement('meta'), {
      name: 'minside-header-image',
      content: '/wordmarks/fvn.svg',
    });
    document.head.append(preload);
    try {
      await renderLayout();
      const image = within(screen.getByRole('banner')).getByRole('img', { name: fvn.name });
      expect(image).toHaveAttribute('src', '/wordmarks/fvn.svg');
    } finally {
      preload.remove();
    }
  });

  it('starts from the wordmark the page carries, asking for no image', async () => {
    const inline = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
    const named = Object.assign(document.createElement('meta'), {
      name: 'minside-header-image',
      content: inline,
    });
    document.head.append(named);
    try {
      await renderLayout();
      const image = within(screen.getByRole('banner')).getByRole('img', { name: fvn.name });
      expect(image).toHaveAttribute('src', inline);
      fireEvent.load(image);
      expect(image).toHaveAttribute('data-loaded', 'true');
      // If even that fails, the name in text.
      fireEvent.error(image);
      expect(within(screen.getByRole('banner')).queryByRole('img')).not.toBeInTheDocument();
    } finally {
      named.remove();
    }
  });

  it('moves focus to the main area from the skip link', async () => {
    const { user } = await renderLayout();
    await user.click(screen.getByRole('link', { name: 'Hopp til hovedinnholdet' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('opens the menu and closes it on a click outside it', async () => {
    const { user } = await renderLayout();
    const menuButton = screen.getByRole('button', { name: 'Meny' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!);
    expect(menu).toContainElement(screen.getByRole('navigation', { name: 'Hovedmeny' }));

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('group', { name: 'Språk' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('heading', { name: 'Innhold' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape and gives focus back to the menu button', async () => {
    const { user } = await renderLayout();
    const menuButton = screen.getByRole('button', { name: 'Meny' });
    await user.click(menuButton);
    await user.tab();
    expect(menuButton).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});

describe('loading indicator', () => {
  it('shows the fetching message while the spinner is on and hides it when stopped', async () => {
    const { store } = await renderLayout({
      ...subscriberState(),
      spinner: { showSpinner: true, spinnerMsg: DEFAULT_SPINNER_MESSAGE },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Henter informasjon..');
    // The routed view stays mounted under the indicator.
    expect(screen.getByRole('heading', { name: 'Innhold' })).toBeInTheDocument();

    act(() => {
      store.dispatch(stopSpinner());
    });
    expect(screen.queryByText('Henter informasjon..')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows a given message as it is, and a label when the message is empty', async () => {
    const { store } = await renderLayout();
    act(() => {
      store.dispatch(startSpinner('Lagrer endringene'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Lagrer endringene');
    act(() => {
      store.dispatch(startSpinner());
    });
    expect(screen.getByRole('status')).toHaveTextContent('Laster inn');
  });
});

describe('footer', () => {
  it("shows the title's name, contact details and the current year", async () => {
    await renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: fvn.name })).toHaveAttribute(
      'href',
      'https://www.fvn.no/',
    );
    expect(within(footer).getByRole('link', { name: '+47 400 00 001' })).toHaveAttribute(
      'href',
      'tel:+4740000001',
    );
    expect(within(footer).getByRole('link', { name: 'kundesenter@fvn.no' })).toHaveAttribute(
      'href',
      'mailto:kundesenter@fvn.no',
    );
    expect(within(footer).getByText('Org.nr.')).toBeInTheDocument();
    expect(within(footer).getByText('999 000 001')).toBeInTheDocument();
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} ${fvn.name}`),
    ).toBeInTheDocument();
  });
});

describe('footer: leaving is one click away', () => {
  const cancelLink = () =>
    within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Si opp abonnementet' });

  it('offers «Si opp abonnementet» to a subscriber who can cancel in self-service', async () => {
    await renderLayout(subscriberState(premium()));
    expect(cancelLink()).toHaveAttribute('href', '/avslutt-abonnement');
  });

  it('offers it to no one who cannot: signed out, cancelled already, shared, business', async () => {
    for (const state of [
      { ...subscriberState(null), user: initialUserState },
      subscriberState(premium({ instStatusCode: 2, status: 'PENDING_CANCELLATION' })),
      subscriberState(premium({ eligibleForSharing: false })),
      subscriberState(premium({ subsRetrieveSubscriptionAddInfo: { subscriptionInfo1: 'admin' } })),
    ]) {
      const { unmount } = await renderLayout(state);
      expect(cancelLink()).toBeNull();
      unmount();
    }
  });

  it('says it in nynorsk', async () => {
    await renderLayout(subscriberState(premium()), { language: 'nn' });
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Sei opp abonnementet' }),
    ).toHaveAttribute('href', '/avslutt-abonnement');
  });
});

describe('language switch', () => {
  it('switches to nynorsk and remembers the choice', async () => {
    const { user } = await renderLayout();
    const nynorsk = screen.getByRole('button', { name: 'Nynorsk' });
    expect(screen.getByRole('button', { name: 'Bokmål' })).toHaveAttribute('aria-pressed', 'true');
    expect(nynorsk).toHaveAttribute('aria-pressed', 'false');

    await user.click(nynorsk);

    expect(await screen.findByRole('link', { name: 'Mi side' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nynorsk' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Personverninnstillingar' })).toBeInTheDocument();
    expect(storedLanguage()).toBe('nn');
  });
});

describe('privacy settings', () => {
  it('opens the consent dialog from the footer and saves the choice', async () => {
    const { user } = await renderLayout();
    const opener = within(screen.getByRole('contentinfo')).getByRole('button', {
      name: 'Personverninnstillinger',
    });
    await user.click(opener);

    // The dialog's module comes when it is opened.
    const dialog = await screen.findByRole('dialog', { name: 'Personverninnstillinger' });
    // The test page runs on a .localhost host, where consent is disabled.
    expect(within(dialog).getByText(/Samtykkeløsningen er slått av/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(dialog).getByRole('checkbox', { name: 'Annonser' })).toHaveAccessibleDescription(
      /Annonser tilpasset det du leser/,
    );
    for (const name of ['Annonser', 'Analyse og statistikk', 'Markedsføring', 'Tilpasset innhold'])
      expect(within(dialog).getByRole('checkbox', { name })).not.toBeChecked();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Analyse og statistikk' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lagre valg' }));

    expect(JSON.parse(window.localStorage.getItem('CMP:accepted')!)).toEqual(['analytics']);
    expect(JSON.parse(window.localStorage.getItem('CMP:rejected')!)).toEqual([
      'advertising',
      'marketing',
      'personalization',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('shows the stored choice, accepts or rejects all, and closes on Escape', async () => {
    window.localStorage.setItem('CMP:accepted', JSON.stringify(['marketing']));
    const { user } = await renderLayout();
    const opener = screen.getByRole('button', { name: 'Personverninnstillinger' });

    await user.click(opener);
    expect(await screen.findByRole('checkbox', { name: 'Markedsføring' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Godta alle' }));
    expect(JSON.parse(window.localStorage.getItem('CMP:accepted')!)).toEqual([
      'advertising',
      'analytics',
      'marketing',
      'personalization',
    ]);
    expect(JSON.parse(window.localStorage.getItem('CMP:rejected')!)).toEqual([]);

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Avvis alle' }));
    expect(JSON.parse(window.localStorage.getItem('CMP:accepted')!)).toEqual([]);

    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    // Closing without saving keeps the stored choice.
    expect(JSON.parse(window.localStorage.getItem('CMP:accepted')!)).toEqual([]);
  });

  it('uses the native modal dialog where the browser has one', async () => {
    // A browser's <dialog>: showModal opens it, close() closes it and fires 'close'.
    const prototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
    const calls: string[] = [];
    prototype.showModal = function (this: HTMLDialogElement) {
      calls.push('showModal');
      this.setAttribute('open', '');
    };
    prototype.close = function (this: HTMLDialogElement) {
      calls.push('close');
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
    try {
      const { user } = await renderLayout();
      await user.click(screen.getByRole('button', { name: 'Personverninnstillinger' }));
      expect(
        await screen.findByRole('dialog', { name: 'Personverninnstillinger' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Avvis alle' }));
      expect(calls).toEqual(['showModal', 'close']);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(JSON.parse(window.localStorage.getItem('CMP:rejected')!)).toHaveLength(4);
    } finally {
      delete prototype.showModal;
      delete prototype.close;
    }
  });
});

describe('a deletion of the reader’s data that waits', () => {
  const waiting = {
    id: '0b7c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4',
    requestedAt: '2026-11-27T10:00:00.000Z',
    eraseAt: '2026-12-27T10:00:00.000Z',
    stoppedSubscriptions: [],
  };

  it('is said on every page, and called off right there', async () => {
    const calls = serveApi([
      route('GET', '/api/privacy/deletion', () => json({ waiting })),
      route('DELETE', '/api/privacy/deletion', () => json({ renewedAgain: [] })),
      lookupRoute(() => premium()),
    ]);
    const { user } = await renderLayout(subscriberState(), { route: '/fakturaoversikt' });
    const notice = await screen.findByRole('region', { name: 'Sletting av opplysningene dine' });
    expect(notice).toHaveTextContent('Opplysningene dine slettes 27. desember 2026.');
    await user.click(within(notice).getByRole('button', { name: 'Avbryt slettingen' }));
    const done = await screen.findByText('Slettingen er avbrutt. Vi sletter ingenting.');
    expect(done.closest('[role="status"]')).toHaveFocus();
    expect(
      screen.queryByRole('region', { name: 'Sletting av opplysningene dine' }),
    ).not.toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/privacy/deletion')).toHaveLength(1);
  });

  it('is not asked about when signed out, nor said on the deletion page itself', async () => {
    const calls = serveApi([route('GET', '/api/privacy/deletion', () => json({ waiting }))]);
    const signedOut = await renderLayout({ ...subscriberState(), user: initialUserState });
    // A query asked for is in the store at once (before its request goes out): none was.
    expect(asked(signedOut.store.getState(), 'getDeletionRequest')).toBe(false);
    expect(callsTo(calls, 'GET', '/api/privacy/deletion')).toHaveLength(0);
    signedOut.unmount();

    const { store } = await renderLayout(subscriberState(), { route: '/schibstedDeleteGateway' });
    // Only once the waiting request is in the store can the notice's absence say anything.
    await waitFor(() => expect(answered(store.getState(), 'getDeletionRequest')).toBe(true));
    expect(
      screen.queryByRole('region', { name: 'Sletting av opplysningene dine' }),
    ).not.toBeInTheDocument();
  });
});
