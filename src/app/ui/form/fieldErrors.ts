// Helpers shared by the form components: stable element ids for a field name, the flat list of
// a formik error tree, and the server's 400 field errors turned into formik errors.
import type { FormikErrors } from 'formik';

import { callFailure } from '../../api/problem';

import { MESSAGES } from './validation';

/** The input id of a field: 'address.postalCode' → 'field-address-postalCode'. */
export const fieldId = (name: string): string => `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The id of the element that shows a field's error. */
export const errorId = (name: string): string => `${fieldId(name)}-error`;

/** The id of a field's help text. */
export const descriptionId = (name: string): string => `${fieldId(name)}-description`;

/** Every error of a (nested) formik error tree with its dotted field name, in form order. */
export function flattenErrors(errors: unknown, prefix = ''): { name: string; message: string }[] {
  if (typeof errors === 'string') return prefix ? [{ name: prefix, message: errors }] : [];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, value]) =>
    flattenErrors(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The value at a dotted path of a nested object. */
function getIn(tree: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      tree,
    );
}

function setIn(tree: Record<string, unknown>, path: string, value: string) {
  const keys = path.split('.');
  let node = tree;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    node[key] = next && typeof next === 'object' ? next : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}

/** The catalogue message per form field, and the form field of a request field. */
export interface ServerFieldErrorOptions {
  readonly messages?: Readonly<Record<string, string>>;
  /**
   * The catalogue message of a problem `code`, over `messages`: one field can be refused for
   * different reasons (a birth date that is not valid, or one that is known already).
   */
  readonly codeMessages?: Readonly<Record<string, string>>;
  readonly fieldOf?: (field: string) => string | null;
}

/**
 * The server's field errors as formik errors on the form's own fields. The server's English
 * message is for developers; the field shows the catalogue message of `messages[field]` (or
 * "{info} er ikke gyldig"). `fieldOf` maps a request field to the form's field name when they
 * differ; a field the form does not have is left out (the caller shows a general error then).
 */
export function serverFieldErrors<Values>(
  error: unknown,
  values: Values,
  options: ServerFieldErrorOptions = {},
): FormikErrors<Values> {
  const errors: Record<string, unknown> = {};
  const { code, fields } = callFailure(error);
  const byCode = code === null ? undefined : options.codeMessages?.[code];
  for (const field of fields) {
    const name = options.fieldOf ? options.fieldOf(field) : field;
    if (!name || getIn(values, name) === undefined) continue;
    setIn(errors, name, byCode ?? options.messages?.[name] ?? MESSAGES.invalid);
  }
  return errors as FormikErrors<Values>;
}
