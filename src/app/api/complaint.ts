// Complaint endpoints in use by the SPA (/tilbakemelding): the codes, the complaint page of a
// subscription, and filing. The codes do not change while the page is open, so filing refreshes
// only the complaint page (its days and the earlier complaints), not the codes.
import { complaintApi } from './complaint.gen';
import { withRetryAfter } from './retryAfter';

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
