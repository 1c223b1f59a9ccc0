// The account profile's form once the profile has loaded (hooks/useAccountProfile looks it up),
// with a loading text before and an error with a retry when the lookup failed. The texts come
// in as props so that each screen's keys stay in its own namespace.
import { Fragment, type ReactNode } from 'react';

import type { AccountProfile } from '../api/account';

import { Notice } from './Notice';

/** Where the lookup of the account profile stands. */
export interface AccountProfileLookup {
  readonly data: AccountProfile | undefined;
  /** The lookup failed, or there is no account to look up. */
  readonly failed: boolean;
  /** Asks again; absent when there is no account to ask about. */
  readonly retry?: () => void;
}

export interface AccountProfileLoaderProps {
  readonly profile: AccountProfileLookup;
  readonly texts: { readonly loading: string; readonly loadFailed: string; readonly retry: string };
  /** The form for the loaded profile; it starts afresh when the account changes. */
  readonly children: (profile: AccountProfile) => ReactNode;
}

/** Shows the form for the loaded profile, or that it is loading or failed to load. */
export function AccountProfileLoader({ profile, texts, children }: AccountProfileLoaderProps) {
  if (profile.data)
    return <Fragment key={profile.data.ariaAccountNo}>{children(profile.data)}</Fragment>;
  if (profile.failed)
    return (
      <Notice color="danger" role="alert">
        <p>{texts.loadFailed}</p>
        {profile.retry ? (
          <button type="button" className="ds-button" onClick={profile.retry}>
            {texts.retry}
          </button>
        ) : null}
      </Notice>
    );
  return (
    <p className="ds-paragraph" role="status">
      {texts.loading}
    </p>
  );
}
