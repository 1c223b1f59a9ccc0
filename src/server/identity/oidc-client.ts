// The relying-party side (openid-client): one client per title against the configured issuer,
// the embedded provider at /idp by default or any OpenID provider in production. Discovery is
// lazy and cached per title, since the embedded issuer is this same process.
import * as oidc from 'openid-client';

import type { Publication } from '../../shared/publications/types';
import { DomainError } from '../errors';

export interface RelyingPartyConfig {
  readonly issuer: string;
  /** The client secret of a title's client. */
  readonly clientSecretFor: (clientId: string) => string;
}

/**
 * requirements §4: scope openid and offline_access; email, profile and phone release the name, e-mail,
 * phone and birth date Min Side shows and needs for the age rules (18+, UNG under 34).
 */
export const LOGIN_SCOPE = 'openid offline_access email profile phone';

export class RelyingParty {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly config: RelyingPartyConfig) {}

  get issuer(): string {
    return this.config.issuer;
  }

  configurationFor(publication: Publication): Promise<oidc.Configuration> {
    const clientId = publication.spidClientId;
    let configuration = this.configurations.get(clientId);
    if (!configuration) {
      const secret = this.config.clientSecretFor(clientId);
      const issuer = new URL(this.config.issuer);
      configuration = oidc
        .discovery(
          issuer,
          clientId,
          undefined,
          oidc.ClientSecretBasic(secret),
          issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          // The reason goes to the log (as the cause), not to the browser.
          throw Object.assign(
            new DomainError(
              'upstream',
              'UPSTREAM_ERROR',
              'The identity provider could not be reached.',
            ),
            { cause: error },
          );
        });
      // A failed discovery is retried on the next login rather than cached.
      configuration.catch(() => this.configurations.delete(clientId));
      this.configurations.set(clientId, configuration);
    }
    return configuration;
  }

  /** The provider's end-session URL for this login, or null if it has none. */
  async endSessionUrl(
    publication: Publication,
    idToken: string,
    returnTo: string,
  ): Promise<string | null> {
    const configuration = await this.configurationFor(publication);
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: returnTo,
    }).href;
  }

  /**
   * Revokes a refresh token at the provider's revocation endpoint (RFC 7009); false when the
   * provider names none.
   */
  async revokeRefreshToken(publication: Publication, refreshToken: string): Promise<boolean> {
    const configuration = await this.configurationFor(publication);
    if (!configuration.serverMetadata().revocation_endpoint) return false;
    await oidc.tokenRevocation(configuration, refreshToken, { token_type_hint: 'refresh_token' });
    return true;
  }
}
