// The frame of a screen about the paper delivery (/endre-avislevering, /tilbakemelding): the
// level-1 heading, the screen's introduction for a paper (COMBO) subscriber, then the screen's
// flow for the signed-in reader's subscription, or the way back to Min side while none is known.
// What a digital subscriber sees instead of the flow is the flow's own PaperOnlyNotice (the
// server's eligibility decides it).
import type { ReactNode } from 'react';

import type { Subscription } from '../api/subscription';

import { HomeLink } from './HomeLink';
import { Screen } from './Screen';

export interface PaperScreenProps {
  /** The id of the level-1 heading, which names the screen. */
  readonly headingId: string;
  /** The signed-in reader's subscription, when known. */
  readonly subscription: Subscription | null | undefined;
  readonly heading: string;
  /** Shown to a paper subscriber only. */
  readonly intro: string;
  /** The screen's flow for the reader's subscription. */
  readonly children: (subscription: Subscription) => ReactNode;
}

export function PaperScreen({
  headingId,
  subscription,
  heading,
  intro,
  children,
}: PaperScreenProps) {
  return (
    <Screen headingId={headingId} heading={heading}>
      {subscription?.planProductType === 'COMBO' ? <p className="ds-paragraph">{intro}</p> : null}
      {subscription ? (
        children(subscription)
      ) : (
        <p className="ds-paragraph">
          <HomeLink />
        </p>
      )}
    </Screen>
  );
}
