// /endre-profil: what the identity provider owns (name, birth date, login e-mail) shown with a
// link to change it there; the phone (Norwegian or international, the server's rule) and the
// contact e-mail edited here with PUT account; the birth date given once when nobody knows it,
// read-only afterwards; requirements §5 messages; nothing typed is lost; bokmål and nynorsk.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { AccountProfile } from '../../../src/app/api/account';
import ProfileScreen from '../../../src/app/features/profile/ProfileScreen';
import { subscriberState } from '../fixtures';
import { held, json, problem, renderWithState, serveApi } from '../render';

import { accountRoutes, puts } from './account-profile-support';

const ACCOUNT_URL = 'https://login.example/account?client_id=minside-fvn';

/** A reader whose identity provider knows the name and the birth date (most readers). */
const known: AccountProfile = {
  ariaAccountNo: 'A-2001',
  firstName: 'Kari',
  lastName: 'Nordmann',
  phoneNumber: '+4791234567',
  email: 'kari@example.no',
  birthDate: '1990-05-17',
  address: null,
  identity: {
    ownedFields: ['firstName', 'lastName', 'birthDate'],
    loginEmail: 'kari@login.example',
    accountUrl: ACCOUNT_URL,
  },
};

/** A reader the provider knows nothing of but the login e-mail: everything else is Min Side's. */
const unknown: AccountProfile = {
  ...known,
  firstName: null,
  lastName: null,
  phoneNumber: null,
  email: 'kari@login.example',
  birthDate: null,
  identity: { ownedFields: [], loginEmail: 'kari@login.example', accountUrl: null },
};

const renderScreen = (language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<ProfileScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['profile'],
  });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const saveButton = (name = 'Lagre endringene') => screen.getByRole('button', { name });

async function errorSummaryLinks() {
  const box = (
    await screen.findByRole('heading', { name: /^Sjekk dette før du går vid[ae]re:$/ })
  ).closest('.ds-error-summary') as HTMLElement;
  await waitFor(() => expect(box).toHaveFocus());
  return within(box)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('ProfileScreen', () => {
  it('shows what the login account owns, with a link there, and edits only the rest', async () => {
    const { profileRoute } = accountRoutes(known);
    serveApi([profileRoute()]);
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Profilen din' })).toBeVisible();
    const card = await screen.findByRole('region', { name: 'Fra innloggingskontoen din' });
    expect(within(card).getByText('Kari Nordmann')).toBeVisible();
    expect(within(card).getByText('17. mai 1990')).toBeVisible();
    expect(within(card).getByText('kari@login.example')).toBeVisible();
    expect(
      within(card).getByRole('link', { name: 'Endre hos innloggingstjenesten' }),
    ).toHaveAttribute('href', ACCOUNT_URL);

    const own = screen.getByRole('region', { name: 'Kontaktinformasjon' });
    expect(
      within(own)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['phoneNumber', 'email']);
    expect(field('Telefonnummer')).toHaveValue('912 34 567');
    expect(field('E-postadresse')).toHaveValue('kari@example.no');
  });

  it('refuses a bad phone number with the spec message, then saves the corrected one', async () => {
    const { profileRoute, putRoute } = accountRoutes(known);
    const calls = serveApi([profileRoute(), putRoute(() => json({ ariaAccountNo: 'A-2001' }))]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: /^Telefonnummer/ });

    await user.clear(field('Telefonnummer'));
    await user.type(field('Telefonnummer'), '123 45 678');
    await user.click(saveButton());
    expect(await errorSummaryLinks()).toEqual(['Telefonnummeret er ugyldig']);
    expect(field('Telefonnummer')).toHaveAccessibleDescription(/Telefonnummeret er ugyldig$/);
    expect(field('Telefonnummer')).toHaveValue('123 45 678');
    expect(puts(calls)).toHaveLength(0);

    await user.clear(field('Telefonnummer'));
    await user.type(field('Telefonnummer'), '+46 70 123 45 67');
    await user.click(saveButton());
    const saved = await screen.findByText('Profilen er lagret.');
    await waitFor(() => expect(saved.closest('.ds-alert')).toHaveFocus());
    expect(await puts(calls)[0]!.json()).toEqual({
      ariaAccountNo: 'A-2001',
      // As typed: the server checks it by the same rule and stores it in E.164.
      phoneNumber: '+46 70 123 45 67',
      email: 'kari@example.no',
    });
    expect(field('Telefonnummer')).toHaveValue('+46 70 123 45 67');
  });

  it('requires the e-mail and checks it', async () => {
    const { profileRoute } = accountRoutes(known);
    const calls = serveApi([profileRoute()]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: /^E-postadresse/ });
    await user.clear(field('E-postadresse'));
    await user.click(saveButton());
    expect(await errorSummaryLinks()).toEqual(['E-postadresse er påkrevd']);
    await user.type(field('E-postadresse'), 'kari@');
    await waitFor(() =>
      expect(field('E-postadresse')).toHaveAccessibleDescription(
        / Vennligst skriv en gyldig e-postadresse$/,
      ),
    );
    expect(puts(calls)).toHaveLength(0);
  });

  it('takes the birth date once when nobody knows it, then shows it read-only', async () => {
    let current = unknown;
    const { profileRoute, putRoute } = accountRoutes(unknown);
    const calls = serveApi([
      profileRoute(() => json(current)),
      putRoute(() => {
        current = {
          ...unknown,
          firstName: 'Kari',
          lastName: 'Nordmann',
          phoneNumber: '+4791234567',
          birthDate: '1990-05-17',
        };
        return json({ ariaAccountNo: 'A-2001' });
      }),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: /^Fornavn/ });
    expect(screen.getByText('Kontakt kundeservice hvis noe her er feil.')).toBeVisible();
    expect(field('Fødselsdato')).toHaveAccessibleName('Fødselsdato (valgfritt)');
    expect(screen.getByRole('region', { name: 'Kontaktinformasjon og fødselsdato' })).toBeVisible();

    await user.type(field('Fornavn'), 'Kari');
    await user.type(field('Etternavn'), 'Nordmann');
    await user.type(field('Telefonnummer'), '912 34 567');
    await user.type(field('Fødselsdato'), '31.02.1990');
    await user.click(saveButton());
    expect(await errorSummaryLinks()).toEqual([
      'Datoen finnes ikke. Sjekk dag og måned, for eksempel 28.02.2001',
    ]);
    await user.clear(field('Fødselsdato'));
    await user.type(field('Fødselsdato'), '1990');
    await user.click(saveButton());
    expect(await errorSummaryLinks()).toEqual([
      'Skriv fødselsdatoen som dd.mm.åååå, for eksempel 17.05.1990',
    ]);
    await user.clear(field('Fødselsdato'));
    await user.type(field('Fødselsdato'), '17.05.2999');
    await waitFor(() =>
      expect(field('Fødselsdato')).toHaveAccessibleDescription(
        / Fødselsdatoen kan ikke være fram i tid$/,
      ),
    );
    await user.clear(field('Fødselsdato'));
    await user.type(field('Fødselsdato'), '17.05.1990');
    await user.click(saveButton());

    await screen.findByText('Profilen er lagret.');
    expect(await puts(calls)[0]!.json()).toEqual({
      ariaAccountNo: 'A-2001',
      firstName: 'Kari',
      lastName: 'Nordmann',
      phoneNumber: '912 34 567',
      email: 'kari@login.example',
      birthDate: '1990-05-17',
    });
    // Given now: read-only, with who can correct it.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Fødselsdato/ })).toBeNull());
    expect(screen.getByText('17. mai 1990')).toBeVisible();
    expect(screen.getByRole('link', { name: 'kontakt kundeservice.' })).toHaveAttribute(
      'href',
      '/kundeservice',
    );

    // A second save does not send the birth date again.
    await user.click(saveButton());
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(await puts(calls)[1]!.json()).not.toHaveProperty('birthDate');
  });

  it('shows a birth date given earlier read-only, and never sends one', async () => {
    const earlier: AccountProfile = { ...unknown, birthDate: '1985-01-31' };
    const { profileRoute, putRoute } = accountRoutes(earlier);
    const calls = serveApi([profileRoute(), putRoute(() => json({ ariaAccountNo: 'A-2001' }))]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: /^Fornavn/ });
    expect(screen.queryByRole('textbox', { name: /^Fødselsdato/ })).toBeNull();
    expect(screen.getByText('31. januar 1985')).toBeVisible();
    expect(screen.getByText(/Du har oppgitt fødselsdatoen din/)).toBeVisible();
    await user.type(field('Fornavn'), 'Kari');
    await user.type(field('Etternavn'), 'Nordmann');
    await user.click(saveButton());
    await screen.findByText('Profilen er lagret.');
    expect(await puts(calls)[0]!.json()).toEqual({
      ariaAccountNo: 'A-2001',
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: 'kari@login.example',
    });
  });

  it('says so when the birth date was given meanwhile (409), keeping what was typed', async () => {
    const { profileRoute, putRoute } = accountRoutes(unknown);
    serveApi([
      profileRoute(),
      putRoute(() =>
        problem(409, 'BIRTH_DATE_ALREADY_SET', {
          errors: [{ field: 'birthDate', message: 'known' }],
        }),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: /^Fornavn/ });
    await user.type(field('Fornavn'), 'Kari');
    await user.type(field('Etternavn'), 'Nordmann');
    await user.type(field('Fødselsdato'), '17.05.1990');
    await user.click(saveButton());
    await waitFor(() =>
      expect(field('Fødselsdato')).toHaveAccessibleDescription(
        / Fødselsdatoen er allerede registrert\. Last siden på nytt for å se den\.$/,
      ),
    );
    expect(field('Fornavn')).toHaveValue('Kari');
  });

  it("puts the server's PHONE_INVALID on the phone and keeps the input after a failed save", async () => {
    const failing = held(() => problem(500, 'INTERNAL_ERROR'));
    const { profileRoute, putRoute } = accountRoutes(known);
    let answer: () => Response | Promise<Response> = () =>
      problem(400, 'PHONE_INVALID', { errors: [{ field: 'phoneNumber', message: 'not valid' }] });
    const calls = serveApi([profileRoute(), putRoute(() => answer())]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: /^Telefonnummer/ });
    await user.click(saveButton());
    await waitFor(() =>
      expect(field('Telefonnummer')).toHaveAccessibleDescription(/Telefonnummeret er ugyldig$/),
    );

    answer = failing.answer;
    await user.clear(field('Telefonnummer'));
    await user.type(field('Telefonnummer'), '400 00 033');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await user.click(saveButton());
    failing.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vi fikk ikke lagret endringene.');
    expect(field('Telefonnummer')).toHaveValue('400 00 033');
    expect(puts(calls)).toHaveLength(2);
  });

  it('says when the profile could not be read', async () => {
    const { profileRoute } = accountRoutes(known);
    serveApi([profileRoute(() => problem(500, 'INTERNAL_ERROR'))]);
    await renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vi fikk ikke hentet profilen din.');
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeEnabled();
  });

  it('reads in nynorsk, the spec messages too', async () => {
    const { profileRoute } = accountRoutes(unknown);
    serveApi([profileRoute()]);
    const { user } = await renderScreen('nn');
    expect(await screen.findByRole('region', { name: 'Frå innloggingskontoen din' })).toBeVisible();
    await screen.findByRole('textbox', { name: /^Førenamn/ });
    expect(screen.getByText('E-postadressa du loggar inn med')).toBeVisible();
    await user.type(field('Telefonnummer'), '12345678');
    await user.click(saveButton('Lagre endringane'));
    expect(await errorSummaryLinks()).toEqual([
      'Førenamn er påkravd',
      'Etternamn er påkravd',
      'Telefonnummeret er ugyldig',
    ]);
  });
});
