// Demo of a paused subscription, through the owning modules: pause (Pål Pause) has
// Fædrelandsvennen and Setesdølen (nynorsk) digital, monthly by card, and paused both for two
// months ten days ago (as /avslutt-abonnement pauses it): the home page says «Pauset til …»
// (nn «Pausa til …») with «Avslutt pausen», and the renewal date has moved on by the pause.
import type { Queryable } from '../db/db';
import { pauseInTx } from '../domain/subscriptions/pauses';
import { currentSubscription } from '../domain/subscriptions/subscriptions';

export const PAUSE_DEMO_EMAIL = 'pause@demo.minside.no';
const TITLES = ['FVN', 'SET'] as const;
const PAUSED_DAYS_AGO = 10;

export async function seedPauseDemo(db: Queryable, now: Date): Promise<void> {
  const [account] = await db.query<{ aria_account_no: string }>(
    `select a.aria_account_no from accounts a join identity_users u on u.spid_id = a.spid_id
      where u.email = $1`,
    [PAUSE_DEMO_EMAIL],
  );
  if (!account) return;
  const then = new Date(now.getTime() - PAUSED_DAYS_AGO * 24 * 3_600_000);
  for (const title of TITLES) {
    const { subscription } = await currentSubscription(db, account.aria_account_no, title);
    if (!subscription) continue;
    await pauseInTx(
      db,
      { now: () => then },
      account.aria_account_no,
      subscription.subscriptionNo,
      2,
      {
        seed: true,
      },
    );
  }
}
