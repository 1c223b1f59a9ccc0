// /kontakt: first name, last name, phone and e-mail from the account profile, saved with PUT
// account; requirements §5 messages, server field errors on the fields, nothing lost on an error; what the
// identity provider owns shown with a link to change it there.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { AccountProfile } from '../../../src/app/api/account';
import ContactDetailsScreen from '../../../src/app/features/contact-details/ContactDetailsScreen';
import { subscriberState } from '../fixtures';
import { held, json, problem, renderWithState, serveApi } from '../render';

import { accountRoutes, puts } from './account-profile-support';

const profile: AccountProfile = {
  ariaAccountNo: 'A-2001',
  firstName: 'Kari',
  lastName: 'Nordmann',
  phoneNumber: '+4791234567',
  email: 'kari@example.no',
  birthDate: '1990-05-17',
  address: null,
  // An identity provider that knows no name: Min Side keeps it.
  identity: { ownedFields: [], loginEmail: 'kari@login.example', accountUrl: null },
};

const { profileRoute, putRoute } = accountRoutes(profile);

const renderScreen = (language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<ContactDetailsScreen />, {
    preloadedState: subscriberState(),
    language,
    namespaces: ['contact-details'],
  });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('ContactDetailsScreen', () => {
  it('shows the contact details and saves them, the phone as the reader wrote it', async () => {
    const calls = serveApi([profileRoute(), putRoute(() => json({ ariaAccountNo: 'A-2001' }))]);
    const { user } = await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Kontaktinformasjon' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Fornavn' })).toHaveValue('Kari');
    expect(field('Etternavn')).toHaveValue('Nordmann');
    // Shown as a Norwegian reader writes it; sent as it stands (the server stores E.164).
    expect(field('Telefonnummer')).toHaveValue('912 34 567');
    expect(field('E-postadresse')).toHaveValue('kari@example.no');

    await user.clear(field('Etternavn'));
    await user.type(field('Etternavn'), ' Nordmann-Hansen ');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));

    const saved = await screen.findByText('Kontaktinformasjonen er lagret.');
    await waitFor(() => expect(saved.closest('.ds-alert')).toHaveFocus());
    expect(await puts(calls)[0]!.json()).toEqual({
      ariaAccountNo: 'A-2001',
      firstName: 'Kari',
      lastName: 'Nordmann-Hansen',
      phoneNumber: '912 34 567',
      email: 'kari@example.no',
    });
    expect(puts(calls)).toHaveLength(1);
  });

  it('says exactly what is wrong before anything is sent', async () => {
    const calls = serveApi([profileRoute()]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Fornavn' });
    await user.clear(field('Fornavn'));
    await user.clear(field('Telefonnummer'));
    await user.type(field('Telefonnummer'), '12 34');
    await user.clear(field('E-postadresse'));
    await user.type(field('E-postadresse'), 'kari@');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));

    const box = (
      await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' })
    ).closest('.ds-error-summary') as HTMLElement;
    await waitFor(() => expect(box).toHaveFocus());
    expect(
      within(box)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Fornavn er påkrevd',
      'Telefonnummeret er ugyldig',
      'Vennligst skriv en gyldig e-postadresse',
    ]);
    expect(field('Fornavn')).toHaveAccessibleDescription('Fornavn er påkrevd');
    // After the help text (where receipts go).
    expect(field('E-postadresse')).toHaveAccessibleDescription(
      /kvitteringer .* Vennligst skriv en gyldig e-postadresse$/,
    );
    await user.clear(field('E-postadresse'));
    await user.tab();
    await waitFor(() =>
      expect(field('E-postadresse')).toHaveAccessibleDescription(/ E-postadresse er påkrevd$/),
    );
    expect(puts(calls)).toHaveLength(0);
  });

  it('requires a phone once one is saved (it cannot be removed)', async () => {
    serveApi([profileRoute()]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Fornavn' });
    expect(field('Telefonnummer')).toHaveAccessibleName('Telefonnummer');
    await user.clear(field('Telefonnummer'));
    await user.tab();
    // Nothing is said before the reader tries to save (see TextField).
    expect(field('Telefonnummer')).not.toHaveAccessibleDescription(/påkrevd/);
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    await waitFor(() =>
      expect(field('Telefonnummer')).toHaveAccessibleDescription(
        /^For eksempel 912 34 567.* Telefonnummer er påkrevd$/,
      ),
    );
  });

  it('lets the phone stay empty when none is saved', async () => {
    const calls = serveApi([
      profileRoute(() => json({ ...profile, phoneNumber: null })),
      putRoute(() => json({ ariaAccountNo: 'A-2001' })),
    ]);
    const { user } = await renderScreen();
    expect(await screen.findByRole('textbox', { name: /Telefonnummer \(valgfritt\)/ })).toHaveValue(
      '',
    );
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    await screen.findByText('Kontaktinformasjonen er lagret.');
    const body = (await puts(calls)[0]!.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('phoneNumber');
  });

  it("puts the server's field errors on the fields and keeps what was typed", async () => {
    serveApi([
      profileRoute(),
      putRoute(() =>
        problem(400, 'VALIDATION_FAILED', {
          errors: [{ field: 'email', message: 'must match format' }],
        }),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Fornavn' });
    await user.clear(field('Fornavn'));
    await user.type(field('Fornavn'), 'Karianne');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    await waitFor(() =>
      expect(field('E-postadresse')).toHaveAccessibleDescription(
        / Vennligst skriv en gyldig e-postadresse$/,
      ),
    );
    expect(field('Fornavn')).toHaveValue('Karianne');
  });

  it('says the save failed, keeps the input, and sends one request for a double click', async () => {
    const failingSave = held(() => problem(500, 'INTERNAL_ERROR'));
    const calls = serveApi([profileRoute(), putRoute(failingSave.answer)]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Fornavn' });
    await user.clear(field('Fornavn'));
    await user.type(field('Fornavn'), 'Karianne');
    const save = screen.getByRole('button', { name: 'Lagre endringene' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Lagrer …');
    await user.click(save);
    failingSave.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vi fikk ikke lagret endringene.');
    expect(field('Fornavn')).toHaveValue('Karianne');
    expect(puts(calls)).toHaveLength(1);
  });

  it('shows the name the identity provider owns with a link there, and edits only the rest', async () => {
    const calls = serveApi([
      profileRoute(() =>
        json({
          ...profile,
          identity: {
            ownedFields: ['firstName', 'lastName', 'birthDate'],
            loginEmail: 'kari@login.example',
            accountUrl: 'https://login.example/account?client_id=minside-fvn',
          },
        }),
      ),
      putRoute(() => json({ ariaAccountNo: 'A-2001' })),
    ]);
    const { user } = await renderScreen();
    const card = await screen.findByRole('region', { name: 'Fra innloggingskontoen din' });
    expect(within(card).getByText('Kari Nordmann')).toBeVisible();
    expect(within(card).getByText('kari@login.example')).toBeVisible();
    expect(
      within(card).getByRole('link', { name: 'Endre hos innloggingstjenesten' }),
    ).toHaveAttribute('href', 'https://login.example/account?client_id=minside-fvn');
    expect(screen.queryByRole('textbox', { name: 'Fornavn' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Etternavn' })).toBeNull();

    await user.clear(field('Telefonnummer'));
    await user.type(field('Telefonnummer'), '+46 70 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    await screen.findByText('Kontaktinformasjonen er lagret.');
    expect(await puts(calls)[0]!.json()).toEqual({
      ariaAccountNo: 'A-2001',
      phoneNumber: '+46 70 123 45 67',
      email: 'kari@example.no',
    });
    expect(field('Telefonnummer')).toHaveValue('+46 70 123 45 67');
  });

  it("puts the server's PHONE_INVALID on the phone field", async () => {
    serveApi([
      profileRoute(),
      putRoute(() =>
        problem(400, 'PHONE_INVALID', { errors: [{ field: 'phoneNumber', message: 'not valid' }] }),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Fornavn' });
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    await waitFor(() =>
      expect(field('Telefonnummer')).toHaveAccessibleDescription(/Telefonnummeret er ugyldig$/),
    );
  });

  it('says when the details could not be read', async () => {
    serveApi([profileRoute(() => problem(500, 'INTERNAL_ERROR'))]);
    await renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke hentet kontaktinformasjonen din.',
    );
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeEnabled();
  });

  it('reads in nynorsk', async () => {
    serveApi([profileRoute()]);
    const { user } = await renderScreen('nn');
    await screen.findByRole('textbox', { name: 'Førenamn' });
    await user.clear(field('Førenamn'));
    await user.click(screen.getByRole('button', { name: 'Lagre endringane' }));
    await waitFor(() =>
      expect(field('Førenamn')).toHaveAccessibleDescription('Førenamn er påkravd'),
    );
  });
});
