// Segment messages (home-page banners). A message the reader closes is taken out of the cached
// answer at once (no refetch); the server keeps it closed on every device.
import { segmentApi } from './segment.gen';

export const segmentEndpoints = segmentApi.enhanceEndpoints({
  endpoints: {
    postSegmentMessage: { providesTags: ['segment'] },
    dismissSegmentMessage: { invalidatesTags: [] },
  },
});

export const { usePostSegmentMessageQuery, useDismissSegmentMessageMutation } = segmentEndpoints;

export type { SegmentMessage, SegmentMessageRequest, SegmentMessageResponse } from './segment.gen';
