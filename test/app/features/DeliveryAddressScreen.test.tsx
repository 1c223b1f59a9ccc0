// /leveringsadresse: the stored address in the shared delivery-address form, saved with PUT
// account; requirements §5 messages, the place filled in from the postal-code register and an unknown
// postal code refused (by the form and by the server), server field errors on the fields,
// nothing lost on an error, and an explanation instead of the form for a digital subscription.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';

import type { AccountProfile } from '../../../src/app/api/account';
import DeliveryAddressScreen from '../../../src/app/features/delivery-address/DeliveryAddressScreen';
import { subscriberState, subscriptionWith } from '../fixtures';
import { held, json, problem, renderWithState, serveApi } from '../render';
import { postalLookups, postalRoute } from '../ui/form/postal-support';

import { accountRoutes, puts } from './account-profile-support';

const profile: AccountProfile = {
  ariaAccountNo: 'A-2001',
  firstName: 'Kari',
  lastName: 'Nordmann',
  phoneNumber: '+47 912 34 567',
  email: 'kari@example.no',
  birthDate: '1990-05-17',
  address: {
    coName: 'Kari Nordmann',
    street: 'Markens gate',
    streetNumber: '12B',
    postalCode: '4611',
    place: 'Kristiansand S',
  },
  identity: { ownedFields: [], loginEmail: 'kari@example.no', accountUrl: null },
};

const paper = subscriptionWith({ planProductType: 'COMBO', planName: 'Papir + digital' });

const { profileRoute, putRoute } = accountRoutes(profile);

const renderScreen = (subscription = paper, language: 'nb' | 'nn' = 'nb') =>
  renderWithState(<DeliveryAddressScreen />, {
    preloadedState: subscriberState(subscription),
    language,
    namespaces: ['delivery-address'],
  });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('DeliveryAddressScreen', () => {
  it('shows the stored address and saves a change', async () => {
    const calls = serveApi([
      profileRoute(),
      putRoute(() => json({ ariaAccountNo: 'A-2001', spidId: 'u-1' })),
    ]);
    const { user } = await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Leveringsadresse' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Adresse' })).toHaveValue('Markens gate');
    expect(field('Navn')).toHaveValue('Kari Nordmann');
    expect(field('Gatenummer')).toHaveValue('12B');
    expect(field('Postnummer')).toHaveValue('4611');
    expect(field('Poststed')).toHaveValue('Kristiansand S');
    expect(field('Bolignummer')).toHaveValue('');

    await user.clear(field('Adresse'));
    await user.type(field('Adresse'), '  Tollbodgata ');
    await user.type(field('Bolignummer'), 'H0201');
    await user.click(screen.getByRole('button', { name: 'Lagre adressen' }));

    const saved = await screen.findByText('Leveringsadressen er lagret.');
    await waitFor(() => expect(saved.closest('.ds-alert')).toHaveFocus());
    expect(puts(calls)).toHaveLength(1);
    expect(await puts(calls)[0]!.json()).toEqual({
      ariaAccountNo: 'A-2001',
      address: {
        coName: 'Kari Nordmann',
        street: 'Tollbodgata',
        streetNumber: '12B',
        flatNumber: 'H0201',
        postalCode: '4611',
        place: 'Kristiansand S',
      },
    });
    expect(field('Adresse')).toHaveValue('Tollbodgata');
  });

  it('checks every field with the messages of requirements §5 before anything is sent', async () => {
    const calls = serveApi([profileRoute()]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Adresse' });
    for (const name of ['Navn', 'Adresse', 'Gatenummer', 'Poststed']) await user.clear(field(name));
    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '46a');
    await user.click(screen.getByRole('button', { name: 'Lagre adressen' }));

    const summary = await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' });
    const box = summary.closest('.ds-error-summary') as HTMLElement;
    await waitFor(() => expect(box).toHaveFocus());
    expect(
      within(box)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Navn er påkrevd på leveringsadresse',
      'Adresse er påkrevd',
      'Gatenummer er påkrevd',
      'Postnummeret må være fire siffer',
      'Poststed er påkrevd',
    ]);
    expect(field('Navn')).toHaveAccessibleDescription('Navn er påkrevd på leveringsadresse');
    expect(field('Adresse')).toHaveAccessibleDescription('Adresse er påkrevd');
    expect(field('Gatenummer')).toHaveAccessibleDescription('Gatenummer er påkrevd');
    expect(field('Postnummer')).toHaveAccessibleDescription('Postnummeret må være fire siffer');
    expect(field('Poststed')).toHaveAccessibleDescription(/Poststed er påkrevd$/);
    expect(field('Navn')).toHaveAttribute('aria-invalid', 'true');

    // A link in the summary takes the reader to the field.
    await user.click(within(box).getByRole('link', { name: 'Gatenummer er påkrevd' }));
    expect(field('Gatenummer')).toHaveFocus();
    expect(puts(calls)).toHaveLength(0);
  });

  it("puts the server's field errors on the fields and keeps what was typed", async () => {
    serveApi([
      profileRoute(),
      putRoute(() =>
        problem(400, 'VALIDATION_FAILED', {
          errors: [{ field: 'address.postalCode', message: 'must match pattern' }],
        }),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Adresse' });
    await user.clear(field('Adresse'));
    await user.type(field('Adresse'), 'Tollbodgata');
    await user.click(screen.getByRole('button', { name: 'Lagre adressen' }));

    await waitFor(() =>
      expect(field('Postnummer')).toHaveAccessibleDescription('Postnummeret må være fire siffer'),
    );
    expect(field('Adresse')).toHaveValue('Tollbodgata');
    expect(screen.queryByText('Leveringsadressen er lagret.')).not.toBeInTheDocument();
  });

  it('fills the place in from a new postal code, and saves the address with it', async () => {
    const calls = serveApi([
      profileRoute(),
      postalRoute(),
      putRoute(() => json({ ariaAccountNo: 'A-2001', spidId: 'u-1' })),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Adresse' });
    // The stored address is shown as stored: nothing is looked up for it.
    expect(postalLookups(calls)).toEqual([]);
    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '4640');
    await waitFor(() => expect(field('Poststed')).toHaveValue('Søgne'));
    expect(screen.getByText('Postnummer 4640 er Søgne.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lagre adressen' }));
    await screen.findByText('Leveringsadressen er lagret.');
    expect(await puts(calls)[0]!.json()).toMatchObject({
      address: { postalCode: '4640', place: 'Søgne' },
    });
  });

  it('refuses an unknown postal code before sending, and keeps what was typed', async () => {
    const calls = serveApi([profileRoute(), postalRoute()]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Adresse' });
    await user.clear(field('Adresse'));
    await user.type(field('Adresse'), 'Tollbodgata');
    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '0000');
    expect(await screen.findByText(/Vi finner ikke postnummer 0000/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lagre adressen' }));
    await waitFor(() =>
      expect(field('Postnummer')).toHaveAccessibleDescription('Postnummeret finnes ikke'),
    );
    expect(puts(calls)).toHaveLength(0);
    expect(field('Postnummer')).toHaveValue('0000');
    expect(field('Adresse')).toHaveValue('Tollbodgata');
    expect(field('Poststed')).toHaveValue('Kristiansand S');
  });

  it("puts the server's POSTAL_CODE_UNKNOWN on the postal code (the register could not be asked first)", async () => {
    serveApi([
      profileRoute(),
      postalRoute(() => problem(500, 'INTERNAL_ERROR')),
      putRoute(() =>
        problem(400, 'POSTAL_CODE_UNKNOWN', {
          errors: [{ field: 'address.postalCode', message: 'Postnummeret 0000 finnes ikke' }],
        }),
      ),
    ]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Adresse' });
    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '0000');
    await user.click(screen.getByRole('button', { name: 'Lagre adressen' }));
    await waitFor(() =>
      expect(field('Postnummer')).toHaveAccessibleDescription('Postnummeret finnes ikke'),
    );
    expect(field('Postnummer')).toHaveValue('0000');
    expect(screen.queryByText('Leveringsadressen er lagret.')).not.toBeInTheDocument();
  });

  it('says the save failed, keeps the input, and sends one request for a double click', async () => {
    const failingSave = held(() => problem(500, 'INTERNAL_ERROR'));
    const calls = serveApi([profileRoute(), putRoute(failingSave.answer)]);
    const { user } = await renderScreen();
    await screen.findByRole('textbox', { name: 'Adresse' });
    await user.clear(field('Poststed'));
    await user.type(field('Poststed'), 'Vågsbygd');
    const save = screen.getByRole('button', { name: 'Lagre adressen' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Lagrer adressen …');
    await user.click(save);
    failingSave.release();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vi fikk ikke lagret adressen.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field('Poststed')).toHaveValue('Vågsbygd');
    expect(save).toBeEnabled();
    expect(puts(calls)).toHaveLength(1);
  });

  it('starts from the account holder name when no address is stored', async () => {
    serveApi([profileRoute(() => json({ ...profile, address: null }))]);
    await renderScreen();
    expect(
      await screen.findByText(/Vi har ikke registrert noen leveringsadresse på deg ennå/),
    ).toBeVisible();
    expect(field('Navn')).toHaveValue('Kari Nordmann');
    expect(field('Adresse')).toHaveValue('');
  });

  it('explains that a digital subscription has no delivery address', async () => {
    const calls = serveApi([]);
    await renderScreen(subscriptionWith({ planProductType: 'DIGITAL', planName: 'Digital' }));
    expect(
      screen.getByText(
        'Leveringsadresse gjelder bare abonnement med papiravis. Abonnementet ditt (Digital) er digitalt, så vi trenger ingen leveringsadresse.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says when the address could not be read, and tries again', async () => {
    let fail = true;
    serveApi([profileRoute(() => (fail ? problem(500, 'INTERNAL_ERROR') : json(profile)))]);
    const { user } = await renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi fikk ikke hentet leveringsadressen din.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('textbox', { name: 'Adresse' })).toHaveValue('Markens gate');
  });

  it('reads in nynorsk', async () => {
    serveApi([profileRoute()]);
    const { user } = await renderScreen(paper, 'nn');
    await screen.findByRole('textbox', { name: 'Adresse' });
    await user.clear(field('Namn'));
    await user.clear(field('Poststad'));
    await user.click(screen.getByRole('button', { name: 'Lagre adressa' }));
    await waitFor(() =>
      expect(field('Namn')).toHaveAccessibleDescription('Namn er påkravd på leveringsadressa'),
    );
    expect(field('Poststad')).toHaveAccessibleDescription(/Poststad er påkravd$/);
  });
});
