// Complaint endpoints in use by the SPA (/tilbakemelding): the codes, the complaint page of a
// subscription, and filing. The codes do not change while the page is open, so filing refreshes
// only the complaint page (its days and the earlier complaints), not the codes.
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { complaintApi } from './complaint.gen';

/** Keeps a 429's Retry-After (seconds), which RTK Query's error does not carry (problem.ts). */
function withRetryAfter(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined) {
  const seconds = Number(meta?.response?.headers.get('retry-after') ?? NaN);
  return { ...error, retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
}

export const complaintEndpoints = complaintApi.enhanceEndpoints({
  endpoints: {
    getComplaintCodes: { providesTags: [], keepUnusedDataFor: 60 * 60 },
    fileComplaint: { transformErrorResponse: withRetryAfter },
  },
});

export const { useGetComplaintCodesQuery, useGetComplaintsQuery, useFileComplaintMutation } =
  complaintEndpoints;

export type {
  Complaint,
  ComplaintCode,
  ComplaintOverview,
  ComplaintReceipt,
  ComplaintRequest,
} from './complaint.gen';
