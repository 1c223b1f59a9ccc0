// The reader's privacy choices per title (/personverninnstillinger, /samtykke1-3, the consent
// dialog): the session's identity only (domain/privacy/consents.ts holds the rules).
import { readConsents, saveConsents } from '../domain/privacy/consents';
import type { Handlers } from '../http/operations';
import { requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

export const handlers: Handlers = {
  async getConsents(request) {
    const session = await requireSession(request);
    return readConsents(
      request.server.services.db,
      session.spidId,
      normaliseTitleCode(request.params.titleCode),
    );
  },

  async saveConsents(request) {
    const session = await requireSession(request);
    return saveConsents(
      request.server.services,
      session.spidId,
      normaliseTitleCode(request.params.titleCode),
      request.body,
    );
  },
};
