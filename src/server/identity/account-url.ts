// Where a reader changes what the identity provider owns of their profile (name, birth date,
// login e-mail): the provider's own account page, per title because the page may need to know
// which client sent the reader there and where to send them back. The template (config
// IDENTITY_ACCOUNT_URL, or the embedded provider's page) may name `{clientId}` (the title's client
// id at the provider) and `{returnTo}` (the Min Side origin the reader came from).
import { findPublication } from '../../shared/publications/registry';

import { IDP_MOUNT_PATH } from './provider';

/** The path of the embedded provider's account page (account-page.ts). */
export const ACCOUNT_PAGE_PATH = `${IDP_MOUNT_PATH}/account`;

/** The embedded provider's account page, for the issuer `issuer`, as a template. */
export const embeddedAccountUrl = (issuer: string): string =>
  `${issuer.replace(/\/$/, '')}/account?client_id={clientId}&return_to={returnTo}`;

/**
 * The account page of a title's readers from a template; null for every title when there is
 * no template.
 */
export function identityAccountUrls(
  template: string | undefined,
): (titleCode: string, returnTo: string) => string | null {
  return (titleCode, returnTo) => {
    const publication = findPublication(titleCode);
    if (!template || !publication) return null;
    return template
      .replaceAll('{clientId}', encodeURIComponent(publication.spidClientId))
      .replaceAll('{returnTo}', encodeURIComponent(returnTo));
  };
}
