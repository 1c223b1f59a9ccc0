// Title handlers: a title's public configuration, and the page origin → title code lookup.
import { findPublication, titleCodeForOrigin, toTitle } from '../../shared/publications/registry';
import type { Handlers } from '../http/operations';
import { notFound } from '../http/problem';

export const handlers: Handlers = {
  async getTitle(request) {
    const { titleCode } = request.params;
    const publication = findPublication(titleCode);
    if (!publication)
      throw notFound('TITLE_NOT_FOUND', 'No publication config found for titleCode');
    return toTitle(publication);
  },

  // Never fails for an unknown origin: the spec's fallback is POL.
  async retrieveTitleCode(request) {
    return { titleCode: titleCodeForOrigin(request.body.minsideUrl) };
  },
};
