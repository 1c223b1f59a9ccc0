// Title handlers: a title's public configuration, and the page origin → title code lookup.
import type { FastifyRequest } from 'fastify';

import { findPublication, titleCodeForOrigin, toTitle } from '../../shared/publications/registry';
import type { OperationHandler } from '../http/contract';
import { notFound } from '../http/problem';

type GetTitle = FastifyRequest<{ Params: { titleCode: string } }>;
type RetrieveTitleCode = FastifyRequest<{ Body: { minsideUrl: string } }>;

export const handlers: Record<string, OperationHandler> = {
  async getTitle(request) {
    const { titleCode } = (request as GetTitle).params;
    const publication = findPublication(titleCode);
    if (!publication)
      throw notFound('TITLE_NOT_FOUND', 'No publication config found for titleCode');
    return toTitle(publication);
  },

  // Never fails for an unknown origin: the spec's fallback is POL.
  async retrieveTitleCode(request) {
    return { titleCode: titleCodeForOrigin((request as RetrieveTitleCode).body.minsideUrl) };
  },
};
