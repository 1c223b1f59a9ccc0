// Errors of the domain rules, independent of HTTP; handlers' error mapping gives them a status.
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'not-found'
  | 'conflict'
  | 'forbidden'
  /** An outside system (identity provider, payment provider) did not answer as it should. */
  | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
