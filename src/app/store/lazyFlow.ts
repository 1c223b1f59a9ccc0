// A flow's saga (buying, changing the payment method) is not part of every page's first load:
// most visits never start one. lazyFlow stands in for it in the root saga: it waits for the first
// action the flow acts on, loads the saga's module, and runs the saga with that action, which
// handles it and then waits for the next as it always did. Actions that arrive while the module
// loads are dropped, as the saga drops a start that arrives while one runs.
//
// A module that fails to load is asked for again (the network may be back); if it still fails,
// the preload-error event lets the page reload once to pick up a new deployment
// (lib/preloadError.ts), and otherwise the flow waits for the reader's next try.
import type { SagaIterator } from 'redux-saga';
import { call, delay, take } from 'redux-saga/effects';

import { withPreloadError } from '../lib/preloadError';

export type FlowSaga = (first: { type: string }) => SagaIterator;

/** The waits before asking again for a module that did not load. */
export const FLOW_LOAD_RETRIES_MS: readonly number[] = [500, 2_000];

export function lazyFlow(
  triggers: readonly string[],
  load: () => Promise<FlowSaga>,
  retriesMs: readonly number[] = FLOW_LOAD_RETRIES_MS,
): () => SagaIterator {
  const loadOrReport = withPreloadError(load);
  return function* flow(): SagaIterator {
    for (;;) {
      const first: { type: string } = yield take([...triggers]);
      let saga: FlowSaga | undefined;
      for (const wait of [...retriesMs, undefined]) {
        try {
          saga = (yield call(wait === undefined ? loadOrReport : load)) as FlowSaga;
          break;
        } catch (error) {
          if (wait === undefined) console.error('A flow could not be loaded', error);
          else yield delay(wait);
        }
      }
      if (saga) {
        yield call(saga, first);
        return;
      }
    }
  };
}
