// The step where the reader types a one-time code sent by SMS or e-mail: a labelled code field
// with the form's error summary, the submit button, a button to ask for a new code (with the wait
// before one may be asked for counting down) and an optional way back. Wrong codes count down to
// a limit; a code that can no longer be used (locked by the limit, expired, spent) is said in an
// alert that takes the focus, and the field and submit button are disabled. What a code is
// checked against, what a new code costs and every text are the screen's: they come in as props.
import { Form, FormikProvider, useFormik } from 'formik';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';

import { ErrorSummary } from './form/ErrorSummary';
import { SubmitButton } from './form/SubmitButton';
import { TextField, type TextFieldProps } from './form/TextField';
import { Notice } from './Notice';
import { codeDigits, codeSchema, triesLeft } from './oneTimeCode';
import { Spinner } from './Spinner';
import { useSecondsUntil } from './useSecondsUntil';

/** What became of a code the screen checked. */
export type CodeAnswer<Dead extends string> =
  /** The screen took it from here (a result, a notice or a step of its own). */
  | undefined
  /** A wrong code: one try less, and the code is locked at `maxWrongTries`. */
  | 'wrong'
  /** The server refused the code's form: the field says so (`errors.format`). */
  | 'malformed'
  /** The code can no longer be used, for this reason (see `deadText`). */
  | { readonly dead: Dead };

/** The step's words, translated by the screen. */
export interface OneTimeCodeTexts {
  /** The field's label (also its name in the error summary). */
  readonly label: string;
  /** The help text under the label. */
  readonly description: string;
  readonly submit: string;
  /** Beside the submit button while the code is checked. */
  readonly checking: string;
  readonly resend: string;
  /** Beside the resend button while a new code is on its way (without it: no progress text). */
  readonly resending?: string;
  /** The wait before a new code may be asked for, by its seconds (with `resendAvailableAt`). */
  readonly resendWait?: (seconds: number) => string;
  /** How many tries are left after a wrong code (with `maxWrongTries`). */
  readonly remaining?: (remaining: number) => string;
}

/** A secondary way on: another address, another search. */
export interface OtherAction {
  readonly label: string;
  readonly onClick: () => void;
}

export interface OneTimeCodeStepProps<Dead extends string> {
  readonly texts: OneTimeCodeTexts;
  /** The field's messages as message keys ("<namespace>:<key>", translated by the field). */
  readonly errors: {
    /** Not `length` digits (also the server's refusal of the code's form). */
    readonly format: string;
    /** A wrong code, while tries are left. */
    readonly wrong?: string;
  };
  /** Digits in a code. */
  readonly length?: number;
  /** The input's maxLength (room for a space), if any. */
  readonly maxLength?: number;
  /** Wrong codes that lock the code ('locked'); without it the screen counts nothing. */
  readonly maxWrongTries?: number;
  /** The alert of a code that can no longer be used. */
  readonly deadText?: (reason: Dead | 'locked') => string;
  /** Marks the field invalid for an answer the screen shows itself. */
  readonly invalid?: boolean;
  /** Checks the code (spaces removed); `wrongTries` is the count of wrong codes so far. */
  readonly onSubmit: (code: string, wrongTries: number) => Promise<CodeAnswer<Dead>>;
  /** Asks for a new code; `clearCode` empties the field (and its errors) once one is sent. */
  readonly onResend: (clearCode: () => void) => void;
  /** A new code is on its way: the resend button is disabled. */
  readonly resending: boolean;
  /** When a new code may be asked for (ms since the epoch); until then the wait counts down. */
  readonly resendAvailableAt?: number | null;
  readonly otherAction?: OtherAction;
  /** First in the form: the step's heading, what was sent where, that a new code was sent. */
  readonly intro?: ReactNode;
  /** Notices of the screen's own (a failed call, a rate limit), above the error summary. */
  readonly notices?: ReactNode;
  /** Notices of the answer to a code, between the error summary and the field. */
  readonly answerNotices?: ReactNode;
  /** The id of the form's heading (in `intro`). */
  readonly labelledBy?: string;
  /**
   * The step as a box of its own (`className`) with its buttons in a row under the form
   * (`actionsClassName`); without it the buttons end the form in its form-actions row.
   */
  readonly box?: { readonly className: string; readonly actionsClassName: string };
}

const CODE_INPUT: Omit<TextFieldProps, 'label'> = {
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  spellCheck: false,
};

export function OneTimeCodeStep<Dead extends string = never>({
  texts,
  errors,
  length = 6,
  maxLength,
  maxWrongTries,
  deadText,
  invalid,
  onSubmit,
  onResend,
  resending,
  resendAvailableAt = null,
  otherAction,
  intro,
  notices,
  answerNotices,
  labelledBy,
  box,
}: OneTimeCodeStepProps<Dead>) {
  const [wrong, setWrong] = useState(0);
  const [dead, setDead] = useState<Dead | 'locked' | null>(null);
  const deadRef = useRef<HTMLDivElement>(null);
  const wait = useSecondsUntil(resendAvailableAt);
  const validationSchema = useMemo(
    () => codeSchema(length, errors.format),
    [length, errors.format],
  );
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema,
    onSubmit: async (values, form) => {
      const answer = await onSubmit(codeDigits(values.code), wrong);
      if (answer === 'wrong') {
        const count = wrong + 1;
        setWrong(count);
        if (maxWrongTries !== undefined && count >= maxWrongTries) setDead('locked');
        else if (errors.wrong) form.setFieldError('code', errors.wrong);
      } else if (answer === 'malformed') {
        form.setFieldError('code', errors.format);
      } else if (answer) {
        setDead(answer.dead);
      }
    },
  });

  useEffect(() => {
    if (dead) deadRef.current?.focus();
  }, [dead]);

  const actions = (
    <div className={box ? box.actionsClassName : 'form-actions'}>
      <button
        type="button"
        className="ds-button"
        data-variant="secondary"
        disabled={wait > 0 || resending}
        onClick={() => onResend(() => formik.resetForm())}
      >
        {texts.resend}
      </button>
      {otherAction ? (
        <button
          type="button"
          className="ds-button"
          data-variant="tertiary"
          onClick={otherAction.onClick}
        >
          {otherAction.label}
        </button>
      ) : null}
      {texts.resending === undefined ? null : (
        <span role="status" className="form-progress">
          {resending ? (
            <>
              <Spinner data-size="sm" /> {texts.resending}
            </>
          ) : null}
        </span>
      )}
    </div>
  );
  const waitStatus = texts.resendWait ? (
    <p className="ds-paragraph" role="status">
      {wait > 0 ? texts.resendWait(wait) : ''}
    </p>
  ) : null;

  const form = (
    <FormikProvider value={formik}>
      <Form noValidate className="form-stack" aria-labelledby={labelledBy}>
        {intro}
        {dead && deadText ? (
          <Notice color="danger" role="alert" tabIndex={-1} ref={deadRef}>
            {deadText(dead)}
          </Notice>
        ) : null}
        {notices}
        <ErrorSummary labels={{ code: texts.label }} />
        {answerNotices}
        <TextField
          {...CODE_INPUT}
          maxLength={maxLength}
          label={texts.label}
          description={texts.description}
          disabled={dead !== null}
          aria-invalid={invalid || undefined}
        />
        {maxWrongTries !== undefined && texts.remaining && wrong > 0 && !dead ? (
          <p className="ds-paragraph" aria-live="polite">
            {texts.remaining(triesLeft(maxWrongTries, wrong))}
          </p>
        ) : null}
        <SubmitButton busyText={texts.checking} disabled={dead !== null}>
          {texts.submit}
        </SubmitButton>
        {box ? null : (
          <>
            {actions}
            {waitStatus}
          </>
        )}
      </Form>
    </FormikProvider>
  );

  return box ? (
    <div className={box.className}>
      {form}
      {actions}
      {waitStatus}
    </div>
  ) : (
    form
  );
}
