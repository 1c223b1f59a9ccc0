// The dunning terms: when an unpaid giro invoice gets a reminder and when its subscription is
// suspended, counted in days after the invoice's due date (Europe/Oslo calendar days). One set of
// defaults for every title; a title whose agreement with its readers differs gets an entry in
// `titleTerms` below (README, "Configuration": dunning). Checked once when this module loads, so a
// wrong entry stops the server at start rather than dunning readers on the wrong day.
//
// Between the reminder and the suspension there are always at least `suspensionDays -
// reminderDays` days: a reminder sent late (the job did not run, or the invoice came late)
// promises a later suspension date, and that promise is kept (dunning.ts).

export interface DunningTerms {
  /** The reminder goes out this many days after the due date (the due date itself is day 0). */
  readonly reminderDays: number;
  /** The subscription is suspended this many days after the due date, if still unpaid. */
  readonly suspensionDays: number;
}

export const DEFAULT_DUNNING_TERMS: DunningTerms = Object.freeze({
  reminderDays: 7,
  suspensionDays: 14,
});

/** Titles whose terms differ from the defaults (none of the demo titles does). */
const titleTerms: Readonly<Record<string, Partial<DunningTerms>>> = {};

/** Throws when terms cannot be applied: whole days, a reminder after the due date, then a suspension. */
export function validateTerms(name: string, terms: DunningTerms): DunningTerms {
  const { reminderDays, suspensionDays } = terms;
  if (!Number.isInteger(reminderDays) || reminderDays < 1 || reminderDays > 90)
    throw new Error(`Dunning reminderDays of ${name} must be a whole number from 1 to 90`);
  if (!Number.isInteger(suspensionDays) || suspensionDays <= reminderDays || suspensionDays > 180)
    throw new Error(
      `Dunning suspensionDays of ${name} must be a whole number above reminderDays, at most 180`,
    );
  return Object.freeze({ reminderDays, suspensionDays });
}

validateTerms('the defaults', DEFAULT_DUNNING_TERMS);
const resolved = new Map<string, DunningTerms>(
  Object.entries(titleTerms).map(([code, partial]) => [
    code,
    validateTerms(code, { ...DEFAULT_DUNNING_TERMS, ...partial }),
  ]),
);

/** The terms of a title: its own entry, else the defaults. */
export function dunningTermsOf(titleCode: string): DunningTerms {
  return resolved.get(titleCode.toUpperCase()) ?? DEFAULT_DUNNING_TERMS;
}

/** The titles with terms of their own and their terms (the job's SQL takes them as arrays). */
export function titlesWithOwnTerms(): readonly (readonly [string, DunningTerms])[] {
  return [...resolved.entries()];
}
