// In production the identity provider's privacy portal makes the copy and the deletion (config
// PRIVACY_PORTAL_URL, named to the page): /schibstedTakeoutGateway and /schibstedDeleteGateway
// say so and hand the reader over. Without it, Min Side does both itself.
import { useTranslation } from 'react-i18next';

import { readIntegrations } from '../../lib/integrations';
import { Screen } from '../../ui/Screen';

/** The portal's address for this page, or null (Min Side's own screens). */
export const privacyPortal = (): string | null => readIntegrations().privacyPortal;

export function PortalHandover({
  deletion = false,
  url,
}: {
  /** The deletion's page (else the copy's). */
  readonly deletion?: boolean;
  readonly url: string;
}) {
  const { t } = useTranslation('privacy');
  const kind = deletion ? 'deletion' : 'export';
  return (
    <Screen
      headingId="portal-heading"
      className="privacy"
      heading={t(kind === 'export' ? 'privacy.export.heading' : 'privacy.deletion.heading')}
    >
      <p className="ds-paragraph">
        {t(kind === 'export' ? 'privacy.portal.export' : 'privacy.portal.deletion')}
      </p>
      <p>
        <a className="ds-button" data-variant="primary" href={url}>
          {t('privacy.portal.go')}
        </a>
      </p>
    </Screen>
  );
}
