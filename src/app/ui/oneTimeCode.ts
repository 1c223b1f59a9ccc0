// The rules of a one-time code as the reader types it, kept apart from the markup: spaces are
// allowed ("123 456", as it often stands in the message) and dropped, the rest must be digits of
// the code's length. Also the count of wrong tries left and the seconds of a wait.
import { object, string } from 'yup';

import { MESSAGES } from './form/validation';

/** The code as the server takes it: what the reader typed without spaces. */
export const codeDigits = (code: string): string => code.replace(/\s/g, '');

/** Whether a typed code is `length` digits (spaces aside). */
export const isCodeOfLength = (code: string, length: number): boolean =>
  new RegExp(`^[0-9]{${length}}$`).test(codeDigits(code));

/**
 * The form's schema: the code must be given (the shared "{info} er påkrevd"), then be `length`
 * digits, else `formatMessage` (a message key, "<namespace>:<key>").
 */
export const codeSchema = (length: number, formatMessage: string) =>
  object({
    code: string()
      .trim()
      .required(MESSAGES.required)
      .test('digits', formatMessage, (value) => !value || isCodeOfLength(value, length)),
  });

/** Tries left after `wrong` wrong codes of `max` (never below none). */
export const triesLeft = (max: number, wrong: number): number => Math.max(0, max - wrong);

/** Whole seconds from `now` until `at` (ms since the epoch), rounded up; none once it is past. */
export const secondsUntil = (at: number | null, now: number): number =>
  at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
