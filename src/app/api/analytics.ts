// The embedded analytics collector (POST /api/analytics/events): fire and forget.
import { analyticsApi } from './analytics.gen';

export const analyticsEndpoints = analyticsApi.enhanceEndpoints({
  endpoints: { collectPageView: { invalidatesTags: [] } },
});

export type { PageViewEvent } from './analytics.gen';
