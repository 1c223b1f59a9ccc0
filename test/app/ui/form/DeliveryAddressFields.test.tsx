// The shared delivery-address fields with the postal-code register (usePostalPlace), as every
// form with an address has them (/leveringsadresse, the order's address step,
// /endre-avislevering): the place filled in from the server's register as soon as four digits
// are typed, an unknown code said at once and refused on submit with "Postnummeret finnes ikke",
// and nothing the reader typed lost on the way.
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object } from 'yup';

import {
  DeliveryAddressFields,
  useDeliveryAddressLabels,
} from '../../../../src/app/ui/form/DeliveryAddressFields';
import {
  deliveryAddressSchema,
  type DeliveryAddressValues,
  emptyDeliveryAddress,
} from '../../../../src/app/ui/form/deliveryAddressSchema';
import { ErrorSummary } from '../../../../src/app/ui/form/ErrorSummary';
import { SubmitButton } from '../../../../src/app/ui/form/SubmitButton';
import { problem, renderApp, serveApi } from '../../render';

import { postalLookups, postalRoute } from './postal-support';

interface Values {
  readonly address: DeliveryAddressValues;
}

function AddressForm({
  initial = emptyDeliveryAddress,
  onSubmit,
}: {
  readonly initial?: DeliveryAddressValues;
  readonly onSubmit: (values: Values) => void;
}) {
  const labels = useDeliveryAddressLabels('address');
  return (
    <Formik<Values>
      initialValues={{ address: initial }}
      validationSchema={object({ address: deliveryAddressSchema })}
      onSubmit={(values) => onSubmit(values)}
    >
      <Form noValidate>
        <ErrorSummary labels={labels} />
        <DeliveryAddressFields name="address" legend="Leveringsadresse" />
        <SubmitButton busyText="Lagrer …">Lagre</SubmitButton>
      </Form>
    </Formik>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function renderForm(
  options: { initial?: DeliveryAddressValues; language?: 'nb' | 'nn' } = {},
) {
  const onSubmit = jest.fn<(values: Values) => void>();
  await renderApp(<AddressForm initial={options.initial} onSubmit={onSubmit} />, options.language);
  return { onSubmit, user: userEvent.setup() };
}

async function typeStreet(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Navn'), 'Kari Nordmann');
  await user.type(field('Adresse'), 'Hytteveien');
  await user.type(field('Gatenummer'), '7');
}

describe('delivery-address fields and the postal-code register', () => {
  it('fill the place in from the server as soon as the postal code has four digits', async () => {
    const calls = serveApi([postalRoute()]);
    const { user, onSubmit } = await renderForm();
    await typeStreet(user);
    await user.type(field('Postnummer'), '4640');

    await waitFor(() => expect(field('Poststed')).toHaveValue('Søgne'));
    expect(screen.getByText('Postnummer 4640 er Søgne.')).toBeVisible();
    // One call for the whole code, to the server (the register is not in the browser).
    expect(postalLookups(calls)).toEqual(['4640']);
    expect(field('Poststed')).toHaveAccessibleDescription(
      /^Poststedet fylles ut når du skriver postnummeret\.\s*$/,
    );

    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].address).toMatchObject({
      coName: 'Kari Nordmann',
      street: 'Hytteveien',
      streetNumber: '7',
      postalCode: '4640',
      place: 'Søgne',
    });
  });

  it('say an unknown postal code at once, refuse it on submit, and keep everything typed', async () => {
    serveApi([postalRoute()]);
    const { user, onSubmit } = await renderForm();
    await typeStreet(user);
    await user.type(field('Poststed'), 'Hyttebyen');
    await user.type(field('Postnummer'), '0000');

    expect(
      await screen.findByText('Vi finner ikke postnummer 0000. Sjekk at det er riktig.'),
    ).toBeVisible();
    // Not marked on the field before a submit (no message appears on leaving a field).
    expect(field('Postnummer')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    const summary = await screen.findByRole('heading', { name: 'Sjekk dette før du går videre:' });
    const box = summary.closest('.ds-error-summary') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Postnummeret finnes ikke' })).toBeVisible();
    expect(field('Postnummer')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Postnummer')).toHaveAccessibleDescription('Postnummeret finnes ikke');
    expect(onSubmit).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(field('Postnummer')).toHaveValue('0000');
    expect(field('Poststed')).toHaveValue('Hyttebyen');
    expect(field('Adresse')).toHaveValue('Hytteveien');
    expect(field('Navn')).toHaveValue('Kari Nordmann');

    // A known code instead: the message goes, the place is the register's, and it is sent.
    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '6800');
    await waitFor(() => expect(field('Poststed')).toHaveValue('Førde'));
    expect(field('Postnummer')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Postnummer 6800 er Førde.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].address).toMatchObject({
      postalCode: '6800',
      place: 'Førde',
    });
  });

  it('leave a stored address as it is until its postal code changes, and keep a place typed after', async () => {
    const calls = serveApi([postalRoute()]);
    const stored = {
      ...emptyDeliveryAddress,
      coName: 'Kari Nordmann',
      street: 'Markens gate',
      streetNumber: '12B',
      postalCode: '4611',
      place: 'Kristiansand',
    };
    const { user, onSubmit } = await renderForm({ initial: stored });
    await user.type(field('Bolignummer'), 'H0201');
    expect(field('Poststed')).toHaveValue('Kristiansand');
    expect(postalLookups(calls)).toEqual([]);

    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '4640');
    await waitFor(() => expect(field('Poststed')).toHaveValue('Søgne'));
    // The place typed after the lookup is the reader's (the server stores the register's).
    await user.clear(field('Poststed'));
    await user.type(field('Poststed'), 'Høllen');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].address).toEqual({
      ...stored,
      flatNumber: 'H0201',
      postalCode: '4640',
      place: 'Høllen',
    });
    expect(postalLookups(calls)).toEqual(['4640']);
  });

  it('let the reader type the place when the register cannot be asked', async () => {
    serveApi([postalRoute(() => problem(500, 'INTERNAL_ERROR'))]);
    const { user, onSubmit } = await renderForm();
    await typeStreet(user);
    await user.type(field('Postnummer'), '4640');
    await user.type(field('Poststed'), 'Søgne');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/Vi finner ikke postnummer/)).not.toBeInTheDocument();
    expect(field('Poststed')).toHaveValue('Søgne');
  });

  it('read in nynorsk', async () => {
    serveApi([postalRoute()]);
    const { user } = await renderForm({ language: 'nn' });
    await user.type(field('Postnummer'), '0000');
    expect(
      await screen.findByText('Vi finn ikkje postnummer 0000. Sjekk at det er rett.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() =>
      expect(field('Postnummer')).toHaveAccessibleDescription('Postnummeret finst ikkje'),
    );
    await user.clear(field('Postnummer'));
    await user.type(field('Postnummer'), '6800');
    expect(await screen.findByText('Postnummer 6800 er Førde.')).toBeVisible();
    expect(field('Poststad')).toHaveValue('Førde');
  });
});
