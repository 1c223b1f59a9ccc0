// Errors of the domain rules, independent of HTTP; handlers' error mapping gives them a status.
export type DomainErrorKind = 'invalid' | 'not-found' | 'conflict' | 'forbidden';

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
