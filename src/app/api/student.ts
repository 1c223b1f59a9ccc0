// Student and pupil verification endpoints in use by the SPA (/student-verifisering(2),
// /elev-verifisering). Registering can be rate-limited: the 429's Retry-After is kept, which
// RTK Query's error does not carry (problem.ts reads it). Nothing here is cached.
import { withRetryAfter } from './retryAfter';
import { studentApi } from './student.gen';

export const studentEndpoints = studentApi.enhanceEndpoints({
  endpoints: {
    registerStudentEmail: { invalidatesTags: [], transformErrorResponse: withRetryAfter },
    registerStudent: { invalidatesTags: [], transformErrorResponse: withRetryAfter },
    activateStudentSubscription: { invalidatesTags: [], transformErrorResponse: withRetryAfter },
    activateStudent: { invalidatesTags: [], transformErrorResponse: withRetryAfter },
  },
});

export const {
  useRegisterStudentEmailMutation,
  useRegisterStudentMutation,
  useActivateStudentSubscriptionMutation,
  useActivateStudentMutation,
} = studentEndpoints;

export type { StudentResult } from './student.gen';
