// Reads composed into one statement. A request that needs its session and, say, the home page's
// subscription asks the database once: the session lookup carries the read as a scalar subquery
// over the session's account (identity/sessions.ts, findSessionWith). Each domain module keeps
// its own SQL and row mapping; a composed read only puts the pieces into one statement.
import type { Queryable } from './db';

/** Adds a parameter to the statement being composed and answers its reference (`$3`). */
export type Param = (value: unknown) => string;

/** Parameter references numbered after the `taken` parameters a statement already has. */
export function paramsAfter(taken: readonly unknown[]): { values: unknown[]; param: Param } {
  const values = [...taken];
  return { values, param: (value) => `$${values.push(value)}` };
}

/**
 * A read of one account, composed into another statement: `sql` is a subquery that answers at
 * most one row of one json column (no row: null) for the account whose number is the SQL
 * expression `account` (it may be null: a user without an account yet); `read` turns that json
 * into the value. Timestamps arrive as ISO strings and bigints as numbers, as `to_json` writes
 * them, so mappers take `new Date(…)` and `Number(…)` of either.
 */
export interface AccountRead<T> {
  sql(account: string, param: Param): string;
  read(json: unknown): T;
}

/** Runs a read on its own, for the account `ariaAccountNo` (one statement). */
export async function readAccount<T>(
  db: Queryable,
  read: AccountRead<T>,
  ariaAccountNo: string | null,
): Promise<T> {
  const { values, param } = paramsAfter([ariaAccountNo]);
  const [row] = await db.query<{ value: unknown }>(
    `select (${read.sql('$1::text', param)}) as value`,
    values,
  );
  return read.read(row?.value ?? null);
}

/** Two reads of the same account as one (a json array of both). */
export function bothReads<A, B>(
  first: AccountRead<A>,
  second: AccountRead<B>,
): AccountRead<readonly [A, B]> {
  return {
    sql: (account, param) =>
      `select json_build_array((${first.sql(account, param)}), (${second.sql(account, param)}))`,
    read(json) {
      const [a = null, b = null] = (json as [unknown, unknown] | null) ?? [];
      return [first.read(a), second.read(b)];
    },
  };
}
