// The reader's privacy choices per title (/personverninnstillinger, /samtykke1-3, the consent
// dialog). A save answers every choice after it, so the cached read is replaced with the answer
// instead of being fetched again.
import { privacyApi } from './privacy.gen';

export const privacyEndpoints = privacyApi.enhanceEndpoints({
  endpoints: {
    getConsents: { providesTags: ['privacy'] },
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

export const { useGetConsentsQuery, useSaveConsentsMutation } = privacyEndpoints;
export type {
  ConsentCategories,
  ConsentChange,
  ConsentPermissions,
  ConsentSettings,
} from './privacy.gen';
