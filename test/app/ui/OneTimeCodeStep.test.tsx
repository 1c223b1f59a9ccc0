// The one-time code step the connect, business and student screens share: the code's input
// rules (spaces allowed, digits of the length), the count-down of wrong tries to a lock that
// takes the focus, the wait before a new code may be asked for, and a labelled field that works
// from the keyboard. The rules on their own: oneTimeCode.ts.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';

import { createI18n } from '../../../src/app/lib/i18n/i18n';
import {
  codeDigits,
  isCodeOfLength,
  secondsUntil,
  triesLeft,
} from '../../../src/app/ui/oneTimeCode';
import {
  type CodeAnswer,
  OneTimeCodeStep,
  type OneTimeCodeStepProps,
} from '../../../src/app/ui/OneTimeCodeStep';

const TEXTS = {
  label: 'Kode fra SMS',
  description: 'Koden har seks siffer.',
  submit: 'Bekreft koden',
  checking: 'Sjekker koden …',
  resend: 'Send koden på nytt',
  resending: 'Sender ny kode …',
  remaining: (remaining: number) => `Du har ${remaining} forsøk igjen.`,
};
const ERRORS = { format: 'connect:connect.code.format', wrong: 'connect:connect.code.wrong' };

type Props = OneTimeCodeStepProps<'expired'>;

async function renderStep(props: Partial<Props> = {}) {
  const i18n = await createI18n('nb', ['common', 'connect']);
  const onSubmit = jest.fn<Props['onSubmit']>(async () => undefined);
  const onResend = jest.fn<Props['onResend']>();
  render(
    <I18nextProvider i18n={i18n}>
      <OneTimeCodeStep<'expired'>
        texts={TEXTS}
        errors={ERRORS}
        onSubmit={onSubmit}
        onResend={onResend}
        resending={false}
        {...props}
      />
    </I18nextProvider>,
  );
  return { onSubmit: props.onSubmit ?? onSubmit, onResend: props.onResend ?? onResend };
}

const codeField = () => screen.getByLabelText('Kode fra SMS');

afterEach(() => {
  jest.useRealTimers();
});

describe('oneTimeCode rules', () => {
  it('drop spaces and want digits of the length', () => {
    expect(codeDigits(' 123 456 ')).toBe('123456');
    expect(isCodeOfLength('123 456', 6)).toBe(true);
    expect(isCodeOfLength('12345', 6)).toBe(false);
    expect(isCodeOfLength('12345a', 6)).toBe(false);
    expect(isCodeOfLength('1234', 4)).toBe(true);
  });

  it('count tries left and whole seconds of a wait', () => {
    expect(triesLeft(5, 2)).toBe(3);
    expect(triesLeft(5, 7)).toBe(0);
    expect(secondsUntil(null, 1_000)).toBe(0);
    expect(secondsUntil(2_500, 1_000)).toBe(2);
    expect(secondsUntil(1_000, 2_000)).toBe(0);
  });
});

describe('OneTimeCodeStep', () => {
  it('is a labelled one-time-code field that submits from the keyboard, spaces removed', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderStep();
    const field = codeField();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription(/^Koden har seks siffer\./);

    await user.click(field);
    await user.keyboard('123 456{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('123456', 0));
  });

  it('asks for the code, then for digits of its length, without submitting', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderStep({ length: 4, maxLength: 5 });
    expect(codeField()).toHaveAttribute('maxlength', '5');

    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(await screen.findAllByText('Kode fra SMS er påkrevd')).not.toHaveLength(0);

    await user.type(codeField(), '12a4');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(await screen.findAllByText('Koden må være seks siffer')).not.toHaveLength(0);
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(codeField());
    await user.type(codeField(), '12 34');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('1234', 0));
  });

  it('counts wrong codes down to the limit, then locks the code in a focused alert', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn<Props['onSubmit']>(async () => 'wrong');
    await renderStep({
      onSubmit,
      maxWrongTries: 2,
      deadText: (reason) => `Dead: ${reason}`,
    });

    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(
      await screen.findAllByText('Koden stemmer ikke. Sjekk SMS-en og prøv igjen.'),
    ).not.toHaveLength(0);
    expect(screen.getByText('Du har 1 forsøk igjen.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dead: locked');
    expect(alert).toHaveFocus();
    expect(onSubmit).toHaveBeenLastCalledWith('111111', 1);
    expect(codeField()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bekreft koden' })).toBeDisabled();
    expect(screen.queryByText(/forsøk igjen/)).not.toBeInTheDocument();
  });

  it("says why a code is dead by the screen's reason, and a refused form on the field", async () => {
    const user = userEvent.setup();
    const answers: CodeAnswer<'expired'>[] = ['malformed', { dead: 'expired' }];
    await renderStep({
      onSubmit: async () => answers.shift(),
      deadText: (reason) => `Dead: ${reason}`,
    });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(await screen.findAllByText('Koden må være seks siffer')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Bekreft koden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dead: expired');
    expect(codeField()).toBeDisabled();
  });

  it('counts the wait down and then lets the reader ask for a new code', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onResend = jest.fn<Props['onResend']>((clearCode) => clearCode());
    await renderStep({
      texts: { ...TEXTS, resending: undefined, resendWait: (s) => `Vent ${s} sekunder.` },
      resendAvailableAt: Date.now() + 2_500,
      onResend,
    });
    const resend = screen.getByRole('button', { name: 'Send koden på nytt' });
    expect(resend).toBeDisabled();
    expect(screen.getByText('Vent 3 sekunder.')).toHaveAttribute('role', 'status');

    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Vent 2 sekunder.')).toBeVisible();
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.queryByText(/^Vent/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();

    await user.type(codeField(), '12');
    await user.click(resend);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(codeField()).toHaveValue('');
  });

  it('shows a new code on its way, and offers the other way on', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    await renderStep({ resending: true, otherAction: { label: 'Søk med noe annet', onClick } });
    expect(screen.getByRole('button', { name: 'Send koden på nytt' })).toBeDisabled();
    expect(screen.getByText('Sender ny kode …')).toBeVisible();

    screen.getByRole('button', { name: 'Søk med noe annet' }).focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
