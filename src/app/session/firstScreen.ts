// The first screen's data the server wrote into the page (src/server/handlers/first-screen.ts):
// put into RTK Query's cache before the first render under the very arguments the screens ask
// with, so they render from the page instead of asking the API and moving when the answer comes.
// An entry whose arguments differ from what a screen asks (the reader chose the other language)
// is simply not used: that screen asks as before.
import type { Dispatch } from '@reduxjs/toolkit';

import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenOf } from '../../shared/page/first-screen';
import type { DeliveryChangeOverview } from '../api/delivery';
import type { Session } from '../api/identity';
import type { Catalogue } from '../api/order';
import { type InvoiceList, paymentEndpoints } from '../api/payment';
import {
  type ConsentSettings,
  type GetDeletionRequestApiResponse,
  privacyEndpoints,
} from '../api/privacy';
import { segmentEndpoints, type SegmentMessageResponse } from '../api/segment';

export type FirstScreen = FirstScreenOf<
  Session,
  ConsentSettings,
  GetDeletionRequestApiResponse,
  SegmentMessageResponse,
  InvoiceList,
  Catalogue,
  DeliveryChangeOverview
>;

/** The first screen's data in the page, if the server wrote it (and it is whole JSON). */
export function firstScreenInPage(doc: Document = document): FirstScreen | undefined {
  const text = doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent?.trim();
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as FirstScreen | null;
    return parsed && typeof parsed.session === 'object' && parsed.session ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the answers besides the session into the cache; the session goes to the bootstrap. The
 * endpoints of the catalogue and of the delivery changes come with the screens that show them
 * (chunks of their own, preloaded with a page that carries them): the promise settles once those
 * are in the cache too.
 */
export function cacheFirstScreen(dispatch: Dispatch, data: FirstScreen): Promise<void> {
  const { consents, deletion, segment, invoices, catalogue, deliveryChanges } = data;
  // The layout's two reads in one update of the cache.
  type PrivacyEntry = Parameters<typeof privacyEndpoints.util.upsertQueryEntries>[0][number];
  const privacy: PrivacyEntry[] = [];
  if (consents)
    privacy.push({
      endpointName: 'getConsents',
      arg: { titleCode: consents.titleCode },
      value: consents.answer,
    });
  if (deletion)
    privacy.push({ endpointName: 'getDeletionRequest', arg: undefined, value: deletion });
  if (privacy.length > 0) dispatch(privacyEndpoints.util.upsertQueryEntries(privacy));
  if (segment)
    dispatch(
      segmentEndpoints.util.upsertQueryEntries([
        {
          endpointName: 'postSegmentMessage',
          arg: { id: segment.id, segmentMessageRequest: segment.request },
          value: segment.answer,
        },
      ]),
    );
  if (invoices)
    dispatch(
      paymentEndpoints.util.upsertQueryEntries([
        {
          endpointName: 'listInvoices',
          arg: { accountNo: invoices.accountNo, titleCode: invoices.titleCode },
          value: invoices.answer,
        },
      ]),
    );
  // The chunks' names are the ones the server preloads with such a page (FIRST_SCREEN_CHUNKS).
  return Promise.all(
    [
      catalogue &&
        import(/* webpackChunkName: "first-screen-catalogue" */ '../api/order').then(
          ({ orderEndpoints }) => {
            dispatch(
              orderEndpoints.util.upsertQueryEntries([
                {
                  endpointName: 'getCatalogue',
                  arg: { titleCode: catalogue.titleCode },
                  value: catalogue.answer,
                },
              ]),
            );
          },
        ),
      deliveryChanges &&
        import(/* webpackChunkName: "first-screen-delivery-changes" */ '../api/delivery').then(
          ({ deliveryEndpoints }) => {
            dispatch(
              deliveryEndpoints.util.upsertQueryEntries([
                {
                  endpointName: 'getDeliveryChanges',
                  arg: { subscriptionNo: deliveryChanges.subscriptionNo },
                  value: deliveryChanges.answer,
                },
              ]),
            );
          },
        ),
    ].map((part) => Promise.resolve(part).catch(() => undefined)),
  ).then(() => undefined);
}
