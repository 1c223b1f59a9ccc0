// The first screen's data, answered with the page (plugins/spa.ts writes it into index.html):
// the session as GET /api/session gives it and, signed in, the consent choices and a waiting
// deletion the layout reads on every page, on the home page the reader's segment messages, on
// the invoice list the invoices, on the order, plan-change and customer-service screens the
// title's catalogue, and on the delivery-change screen the subscription's delivery changes.
// The SPA puts them into its cache before the first render (src/app/session/firstScreen.ts), so
// the first screen needs no request of its own and nothing arrives later to push it down. Each
// answer comes from the same function as its operation, so the two cannot say different things.
import type { FastifyRequest } from 'fastify';

import { FIRST_SCREEN_PATHS, type FirstScreenOf } from '../../shared/page/first-screen';
import { segmentOf } from '../../shared/segments/segment';
import { deliveryChangeOverview } from '../domain/delivery/changes';
import { listInvoices } from '../domain/invoices/invoices';
import { getCatalogue } from '../domain/orders/catalogue';
import { readConsents } from '../domain/privacy/consents';
import { waitingDeletion } from '../domain/privacy/deletion';
import { messagesFor } from '../domain/segments/segments';
import { publicationForRequest } from '../http/security';

import { readSessionView } from './identity';

type SessionView = Awaited<ReturnType<typeof readSessionView>>['view'];

export type FirstScreen = FirstScreenOf<
  SessionView,
  Awaited<ReturnType<typeof readConsents>>,
  { readonly waiting: Awaited<ReturnType<typeof waitingDeletion>> },
  {
    readonly segmentId: string;
    readonly messages: Awaited<ReturnType<typeof messagesFor>>;
  },
  { readonly invoices: Awaited<ReturnType<typeof listInvoices>> },
  Awaited<ReturnType<typeof getCatalogue>>,
  Awaited<ReturnType<typeof deliveryChangeOverview>>
>;

/** The screens whose segment messages come with the page (the home page's `home` context). */
const HOME_PATH = '/';
/** The invoice list, whose rows would otherwise arrive after the page and push it down. */
const INVOICES_PATH = '/fakturaoversikt';
/** The screens whose page carries the catalogue, and the delivery changes (shared/page). */
const CATALOGUE_PATHS: ReadonlySet<string> = new Set(FIRST_SCREEN_PATHS.catalogue);
const DELIVERY_CHANGES_PATHS: ReadonlySet<string> = new Set(FIRST_SCREEN_PATHS.deliveryChanges);

export async function firstScreen(request: FastifyRequest, pathname: string): Promise<FirstScreen> {
  const publication = publicationForRequest(request);
  const { db, clock } = request.server.services;
  const { titleCode, language } = publication;
  const [{ session, view }, catalogue] = await Promise.all([
    readSessionView(request, publication),
    CATALOGUE_PATHS.has(pathname) ? getCatalogue(db, titleCode) : null,
  ]);
  const products = catalogue && { catalogue: { titleCode, answer: catalogue } };
  if (!session) return { session: view, ...products };
  const segmentId = segmentOf(view.subscription);
  const accountNo = session.account?.ariaAccountNo;
  const subscriptionNo = view.subscription?.subscriptionNo;
  const [consents, waiting, messages, invoices, deliveryChanges] = await Promise.all([
    readConsents(db, session.spidId, titleCode),
    waitingDeletion(db, session.spidId),
    pathname === HOME_PATH
      ? messagesFor(db, {
          spidId: session.spidId,
          titleCode,
          segmentId,
          context: 'home',
          language,
          now: clock.now(),
        })
      : null,
    pathname === INVOICES_PATH && accountNo
      ? listInvoices(db, accountNo, titleCode, clock.now())
      : null,
    // The session's subscription is the account's own (the one the screen asks about).
    DELIVERY_CHANGES_PATHS.has(pathname) && accountNo && subscriptionNo
      ? deliveryChangeOverview({ db, clock }, accountNo, subscriptionNo)
      : null,
  ]);
  return {
    session: view,
    consents: { titleCode, answer: consents },
    deletion: { waiting },
    ...(messages && {
      segment: {
        id: segmentId,
        request: { titleCode, context: 'home' as const, language },
        answer: { segmentId, messages },
      },
    }),
    ...(invoices && accountNo && { invoices: { accountNo, titleCode, answer: { invoices } } }),
    ...(deliveryChanges &&
      subscriptionNo && { deliveryChanges: { subscriptionNo, answer: deliveryChanges } }),
    ...products,
  };
}
