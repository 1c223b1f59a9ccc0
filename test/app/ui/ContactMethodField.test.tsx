// The e-mail-or-phone field: the choice of two radios and the one field for the chosen way,
// labelled and described by the screen, checked by the rules the server applies too (messages
// after a submit), starting afresh on the other way; the reader's own contact is offered by
// autofill, someone else's is not.
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';

import {
  ContactMethodField,
  type ContactMethodFieldProps,
  type ContactMethodValues,
  contactMethodSchema,
  contactRefusal,
  contactValueOf,
} from '../../../src/app/ui/form/ContactMethodField';
import { MESSAGES } from '../../../src/app/ui/form/validation';
import { renderApp } from '../render';

const EMPTY: ContactMethodValues = { method: 'email', email: '', phone: '' };

function ContactForm({
  onSubmit = () => {},
  ...props
}: Partial<ContactMethodFieldProps> & {
  readonly onSubmit?: (values: ContactMethodValues) => void;
}) {
  return (
    <Formik initialValues={EMPTY} validationSchema={contactMethodSchema} onSubmit={onSubmit}>
      <Form noValidate>
        <ContactMethodField
          idPrefix="contact"
          legend="Hvordan vil du sende?"
          methodLabels={{ email: 'E-post', phone: 'SMS' }}
          labels={{ email: 'E-postadresse', phone: 'Mobilnummer' }}
          descriptions={{ email: 'Adressen til mottakeren.', phone: 'For eksempel 912 34 567.' }}
          {...props}
        />
        <button type="submit">Send</button>
      </Form>
    </Formik>
  );
}

describe('ContactMethodField', () => {
  it('starts with e-mail: the radios under the legend and the labelled, described field', async () => {
    await renderApp(<ContactForm />);
    expect(screen.getByRole('group', { name: 'Hvordan vil du sende?' })).toBeVisible();
    expect(screen.getByLabelText('E-post')).toBeChecked();
    expect(screen.getByLabelText('SMS')).not.toBeChecked();
    expect(screen.getByLabelText('E-post')).toHaveAttribute('id', 'contact-email');
    const field = screen.getByLabelText('E-postadresse');
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAccessibleDescription(/^Adressen til mottakeren\./);
    expect(screen.queryByLabelText('Mobilnummer')).toBeNull();
  });

  it('says what is wrong with the e-mail address after a submit', async () => {
    const user = userEvent.setup();
    await renderApp(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const field = screen.getByLabelText('E-postadresse');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/E-postadresse er påkrevd/));
    await user.type(field, 'kari@');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Vennligst skriv en gyldig e-postadresse/),
    );
  });

  it('changes to the phone field afresh, checked by the phone rule', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    await renderApp(<ContactForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('E-postadresse er påkrevd');
    await user.click(screen.getByLabelText('SMS'));
    const field = screen.getByLabelText('Mobilnummer');
    expect(field).toHaveAttribute('type', 'tel');
    expect(screen.queryByText('E-postadresse er påkrevd')).toBeNull();
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Telefonnummeret er ugyldig')).toBeVisible();
    await user.clear(field);
    await user.type(field, '912 34 567');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ method: 'phone', phone: '912 34 567' });
  });

  it("offers the reader's own contact by autofill, not someone else's", async () => {
    const { unmount } = await renderApp(<ContactForm />);
    expect(screen.getByLabelText('E-postadresse')).toHaveAttribute('autocomplete', 'email');
    unmount();
    await renderApp(<ContactForm whose="other" optionClassName="extra" />);
    const field = screen.getByLabelText('E-postadresse');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAttribute('spellcheck', 'false');
    expect(screen.getByLabelText('E-post').parentElement).toHaveClass('ds-field', 'extra');
  });

  it('sends the contact trimmed, a phone without spaces, and words a refusal by the rules', () => {
    expect(contactValueOf('email', ' kari@example.no ')).toBe('kari@example.no');
    expect(contactValueOf('phone', ' 912 34-567 ')).toBe('91234567');
    expect(contactRefusal('email')).toBe(MESSAGES.email);
    expect(contactRefusal('phone')).toBe(MESSAGES.phone);
  });
});
