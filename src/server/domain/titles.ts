// A title code that reaches the domain names one of the group's publications, or the request is
// refused before anything is read or written: a path's unknown title is not found (404
// TITLE_NOT_FOUND), a body's is invalid input on that field (400 UNKNOWN_TITLE).
import { findPublication } from '../../shared/publications/registry';
import type { Publication } from '../../shared/publications/types';
import { DomainError } from '../errors';

/** The publication a path names (`/privacy/{titleCode}/…`). */
export function titleOfPath(titleCode: string): Publication {
  const publication = findPublication(titleCode);
  if (!publication)
    throw new DomainError('not-found', 'TITLE_NOT_FOUND', `No publication ${titleCode}`);
  return publication;
}

/** The publication a request body names in its `titleCode` field. */
export function titleOfBody(titleCode: string): Publication {
  const publication = findPublication(titleCode);
  if (!publication)
    throw new DomainError(
      'invalid',
      'UNKNOWN_TITLE',
      `Unknown title code ${titleCode}`,
      'titleCode',
    );
  return publication;
}
