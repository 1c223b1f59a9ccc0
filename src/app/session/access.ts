// Who may enter a route (spec §6), as a plain function the guard saga and the tests share.

/** none; A = login; A+S = login and an active subscription; A but explicitly not S. */
export type Guard = 'none' | 'auth' | 'auth+subscription' | 'auth-not-subscription';

export type Access = 'allow' | 'login' | 'no-subscription';

export function accessFor(
  guard: Guard,
  user: { loggedIn: boolean; hasSubscription: boolean },
): Access {
  if (guard === 'none') return 'allow';
  if (!user.loggedIn) return 'login';
  if (guard === 'auth+subscription' && !user.hasSubscription) return 'no-subscription';
  // 'auth' and 'auth-not-subscription' (privacy settings: login, explicitly no subscription).
  return 'allow';
}
