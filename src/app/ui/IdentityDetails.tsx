// What the identity provider owns of a reader's profile (the login e-mail, and the name and the
// birth date when the provider has them), shown as facts with a link to change them there: Min
// Side does not edit them (PUT account refuses them). Texts come in as props, from the screen's
// own catalogue.
import type { AccountProfile } from '../api/account';

import { Facts, type Fact } from './Facts';

import './identity-details.css';

type IdentityProfile = Pick<AccountProfile, 'firstName' | 'lastName' | 'birthDate' | 'identity'>;

/**
 * The facts of what the provider owns of `profile`: the name (when it owns it), the birth date
 * (when it owns it and the screen shows one: `labels.birthDate`), the login e-mail.
 */
export function identityFacts(
  profile: IdentityProfile,
  labels: { readonly name: string; readonly loginEmail: string; readonly birthDate?: string },
  formatDate: (date: string) => string = (date) => date,
): Fact[] {
  const owned = profile.identity.ownedFields;
  const facts: Fact[] = [];
  if (owned.includes('firstName') || owned.includes('lastName'))
    facts.push({
      key: 'name',
      label: labels.name,
      value: [profile.firstName, profile.lastName].filter(Boolean).join(' '),
    });
  if (labels.birthDate && owned.includes('birthDate') && profile.birthDate)
    facts.push({
      key: 'birth-date',
      label: labels.birthDate,
      value: formatDate(profile.birthDate),
    });
  if (profile.identity.loginEmail)
    facts.push({
      key: 'login-email',
      label: labels.loginEmail,
      value: profile.identity.loginEmail,
    });
  return facts;
}

export interface IdentityDetailsProps {
  readonly id: string;
  readonly heading: string;
  readonly intro: string;
  readonly facts: readonly Fact[];
  /** The provider's account page; without one, `noLinkText` says where to go instead. */
  readonly accountUrl: string | null;
  readonly linkText: string;
  readonly noLinkText: string;
}

export function IdentityDetails({
  id,
  heading,
  intro,
  facts,
  accountUrl,
  linkText,
  noLinkText,
}: IdentityDetailsProps) {
  return (
    <section aria-labelledby={id} className="ds-card identity-details">
      <h2 id={id} className="ds-heading" data-size="xs">
        {heading}
      </h2>
      <p className="ds-paragraph">{intro}</p>
      <Facts facts={facts} />
      <p className="ds-paragraph">
        {accountUrl ? (
          <a className="ds-link" href={accountUrl}>
            {linkText}
          </a>
        ) : (
          noLinkText
        )}
      </p>
    </section>
  );
}
