// Who may enter a route (requirements §6), as a plain function the guard saga and the tests share.

/** none; A = login; A+S = login and an active subscription; A but explicitly not S. */
export type Guard = 'none' | 'auth' | 'auth+subscription' | 'auth-not-subscription';

export type Access = 'allow' | 'login' | 'no-subscription';

/**
 * Where a reader whose subscription is SUSPENDED (a giro invoice unpaid past its reminder's day,
 * or a card or Vipps charge that failed: dunning) may still go, as route paths: home (it says
 * why), the invoices and paying one (paying resumes it), a new payment method (the failed charge
 * is then taken with it, which resumes it), cancelling it and the cancellation's receipt, the
 * contact details and the profile (where the reminders go), and the unguarded prices and customer
 * service. The other A+S routes send them to /ingen-abonnement, like any reader without access:
 * what they do there (change, delivery) is refused while suspended.
 */
export const OPEN_WHILE_SUSPENDED: readonly string[] = [
  '/',
  '/fakturaoversikt',
  '/betal-faktura/:ariaInvoiceNo',
  '/endre-betalingsmetode',
  '/endre-betalingsmetode/verify',
  '/legg-til-betalingskort',
  '/legg-til-betalingskort/verify',
  '/avslutt-abonnement',
  '/abonnement-avsluttet',
  '/kontakt',
  '/endre-profil',
  '/nye-priser',
  '/kundeservice',
];

/** Whether a link to `to` (a route path or a plain path) is open to a suspended subscriber. */
export function openWhileSuspended(to: string): boolean {
  const path = to.split(/[?#]/)[0]!;
  return OPEN_WHILE_SUSPENDED.some((route) =>
    route.includes('/:')
      ? path.startsWith(route.slice(0, route.indexOf('/:') + 1))
      : route === path,
  );
}

export function accessFor(
  guard: Guard,
  user: { loggedIn: boolean; hasSubscription: boolean; suspended?: boolean },
  /** The route's path (from the route table); decides what a suspended subscriber may enter. */
  path?: string,
): Access {
  if (guard === 'none') return 'allow';
  if (!user.loggedIn) return 'login';
  if (guard === 'auth+subscription' && !user.hasSubscription) {
    const open = !!user.suspended && path !== undefined && OPEN_WHILE_SUSPENDED.includes(path);
    if (!open) return 'no-subscription';
  }
  // 'auth' and 'auth-not-subscription' (privacy settings: login, explicitly no subscription).
  return 'allow';
}
