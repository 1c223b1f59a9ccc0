// The form fields on formik: a labelled text field whose error shows (and is described) only
// after a submit, the error summary linking to it, and a submit button that cannot be pressed
// twice while the form submits.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object, string } from 'yup';

import { ErrorSummary } from '../../../src/app/ui/form/ErrorSummary';
import { SubmitButton } from '../../../src/app/ui/form/SubmitButton';
import { TextField } from '../../../src/app/ui/form/TextField';
import { MESSAGES } from '../../../src/app/ui/form/validation';
import { renderApp } from '../render';

function NameForm({ onSubmit }: { readonly onSubmit: () => Promise<void> }) {
  return (
    <Formik
      initialValues={{ name: '' }}
      validationSchema={object({ name: string().required(MESSAGES.required) })}
      onSubmit={onSubmit}
    >
      <Form noValidate>
        <ErrorSummary labels={{ name: 'Navn' }} />
        <TextField name="name" label="Navn" description="Som i folkeregisteret" />
        <SubmitButton busyText="Lagrer …">Lagre</SubmitButton>
      </Form>
    </Formik>
  );
}

describe('form fields', () => {
  it('show a field error only after a submit, described on the field and in the summary', async () => {
    await renderApp(<NameForm onSubmit={async () => {}} />);
    const field = screen.getByRole('textbox', { name: 'Navn' });
    expect(field).toHaveAccessibleDescription(/^Som i folkeregisteret\s*$/);
    expect(field).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field.getAttribute('aria-describedby')).toContain('name');
    const link = await screen.findByRole('link', { name: /Navn/ });
    expect(link).toHaveAttribute('href', `#${field.id}`);
  });

  it('disable the submit button with a progress text while the form submits', async () => {
    let finish: () => void = () => {};
    const pending = new Promise<void>((resolve) => (finish = resolve));
    await renderApp(<NameForm onSubmit={() => pending} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Navn' }), 'Kari');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled());
    expect(screen.getByText('Lagrer …')).toBeVisible();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lagre' })).toBeEnabled());
  });
});
