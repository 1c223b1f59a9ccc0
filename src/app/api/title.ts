// Title endpoints in use by the SPA. A title's configuration never changes while the page is
// open, so it is kept for the whole visit.
import { titleApi } from './title.gen';

export const titleEndpoints = titleApi.enhanceEndpoints({
  endpoints: {
    getTitle: { keepUnusedDataFor: 24 * 60 * 60 },
    retrieveTitleCode: { keepUnusedDataFor: 24 * 60 * 60 },
  },
});

export const { useGetTitleQuery, useRetrieveTitleCodeQuery } = titleEndpoints;
export type { Title } from './title.gen';
