// The reader's privacy choices per title (/personverninnstillinger, /samtykke1-3, the consent
// dialog). A save answers every choice after it, so the cached read is replaced with the answer
// instead of being fetched again.
import { privacyApi } from './privacy.gen';
import { withRetryAfter } from './retryAfter';

export const privacyEndpoints = privacyApi.enhanceEndpoints({
  endpoints: {
    getConsents: { providesTags: ['privacy'] },
    // The copy of the reader's data: asking for one replaces the latest; its content is read
    // once when the reader opens it (never kept in the cache).
    getDataExport: { providesTags: ['privacy'] },
    requestDataExport: {
      invalidatesTags: [],
      transformErrorResponse: withRetryAfter,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(privacyApi.util.upsertQueryData('getDataExport', undefined, { latest: data }));
        } catch {
          // The screen says why.
        }
      },
    },
    downloadDataExport: { keepUnusedDataFor: 0 },
    // The deletion of the reader's data. Asking ends the session: nothing is fetched again
    // after it (a 401 would start a login). Calling it off answers that none waits.
    getDeletionRequest: { providesTags: ['privacy'] },
    requestDeletion: { invalidatesTags: [], transformErrorResponse: withRetryAfter },
    cancelDeletion: {
      invalidatesTags: [],
      transformErrorResponse: withRetryAfter,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            privacyApi.util.upsertQueryData('getDeletionRequest', undefined, { waiting: null }),
          );
        } catch {
          // The caller says why.
        }
      },
    },
    saveConsents: {
      invalidatesTags: [],
      async onQueryStarted({ titleCode }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(privacyApi.util.upsertQueryData('getConsents', { titleCode }, data));
        } catch {
          // The caller shows the failure; the cached choices stay as they were.
        }
      },
    },
  },
});

export const {
  useGetConsentsQuery,
  useSaveConsentsMutation,
  useGetDataExportQuery,
  useRequestDataExportMutation,
  useLazyDownloadDataExportQuery,
  useGetDeletionRequestQuery,
  useRequestDeletionMutation,
  useCancelDeletionMutation,
} = privacyEndpoints;
export type {
  ConsentCategories,
  ConsentChange,
  ConsentPermissions,
  ConsentSettings,
  DataExport,
  DeletionRequest,
  GetDeletionRequestApiResponse,
  PersonalData,
  PersonalDataRecord,
  PersonalDataValue,
} from './privacy.gen';
