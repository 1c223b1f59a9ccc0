// lazyFlow: a flow's saga is loaded on the first action it acts on, runs with that action, and
// a module that fails to load is asked for again, then reported, without ending the root saga.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { configureStore, createAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { take } from 'redux-saga/effects';

import { PRELOAD_ERROR_EVENT } from '../../../src/app/lib/preloadError';
import { type FlowSaga, lazyFlow } from '../../../src/app/store/lazyFlow';

const start = createAction<number>('flow/start');
const verify = createAction<number>('flow/verify');
const other = createAction('other/thing');
const TRIGGERS = [start.type, verify.type];

type Handled = { type: string; payload?: unknown };

/** A flow saga that records each action it handles, the first one included. */
function recordingSaga(handled: string[]): FlowSaga {
  return function* saga(first): SagaIterator {
    let next: Handled | undefined = first;
    for (;;) {
      const action = next ?? ((yield take(TRIGGERS)) as Handled);
      next = undefined;
      handled.push(`${action.type}:${String(action.payload)}`);
    }
  };
}

function storeWith(flow: () => SagaIterator) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: (state: null = null) => state,
    middleware: (getDefault) => getDefault().concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(flow);
  return { store, task };
}

/** Lets pending promises (the module load) settle. */
const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('lazyFlow', () => {
  it('loads nothing until a trigger, then loads once and hands the saga that action', async () => {
    const handled: string[] = [];
    const load = jest.fn(() => Promise.resolve(recordingSaga(handled)));
    const { store } = storeWith(lazyFlow(TRIGGERS, load, []));

    store.dispatch(other());
    await settle();
    expect(load).not.toHaveBeenCalled();

    store.dispatch(start(1));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(handled).toEqual(['flow/start:1']);

    store.dispatch(verify(2));
    store.dispatch(start(3));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(handled).toEqual(['flow/start:1', 'flow/verify:2', 'flow/start:3']);
  });

  it('drops a trigger that arrives while the module loads, as the saga drops one while busy', async () => {
    const handled: string[] = [];
    let resolve: (saga: FlowSaga) => void = () => {};
    const load = jest.fn(() => new Promise<FlowSaga>((done) => (resolve = done)));
    const { store } = storeWith(lazyFlow(TRIGGERS, load, []));

    store.dispatch(start(1));
    store.dispatch(start(2)); // a second click while the module is on its way
    resolve(recordingSaga(handled));
    await settle();
    expect(handled).toEqual(['flow/start:1']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again for a module that did not load, after the given waits', async () => {
    const handled: string[] = [];
    const load = jest
      .fn<() => Promise<FlowSaga>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(recordingSaga(handled));
    const { store } = storeWith(lazyFlow(TRIGGERS, load, [5]));

    store.dispatch(start(1));
    await settle(40);
    expect(load).toHaveBeenCalledTimes(2);
    expect(handled).toEqual(['flow/start:1']);
  });

  it('reports a module that never loads, keeps running, and tries again on the next trigger', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const reported: unknown[] = [];
    const listener = (event: Event) =>
      reported.push((event as Event & { payload: unknown }).payload);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    try {
      const handled: string[] = [];
      const failure = new Error('chunk gone');
      const load = jest
        .fn<() => Promise<FlowSaga>>()
        .mockRejectedValueOnce(failure)
        .mockRejectedValueOnce(failure)
        .mockResolvedValueOnce(recordingSaga(handled));
      const { store, task } = storeWith(lazyFlow(TRIGGERS, load, [1]));

      store.dispatch(start(1));
      await settle(40);
      expect(load).toHaveBeenCalledTimes(2);
      // The last try is reported (a new deployment: the page reloads once).
      expect(reported).toEqual([failure]);
      expect(errors).toHaveBeenCalledWith('A flow could not be loaded', failure);
      expect(handled).toEqual([]);
      expect(task.isRunning()).toBe(true);

      store.dispatch(start(2));
      await settle();
      expect(load).toHaveBeenCalledTimes(3);
      expect(handled).toEqual(['flow/start:2']);
    } finally {
      window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    }
  });
});
