// The page's first screen shown (lib/screenShown.ts): the first completed navigation marks it,
// and what waits for it (a first visit's web fonts, main.tsx) starts only then.
import { describe, expect, it } from '@jest/globals';
import { runSaga } from 'redux-saga';

import { firstScreenShown } from '../../../src/app/lib/screenShown';
import { completedSaga } from '../../../src/app/session/navigationSaga';
import { navigationCompleted } from '../../../src/app/session/navigationSlice';

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

describe('firstScreenShown', () => {
  it('waits until the first navigation has completed, then stays resolved', async () => {
    await expect(settled(firstScreenShown)).resolves.toBe(false);
    const completed = navigationCompleted({ location: '/', path: '/', track: false });
    const complete = () =>
      runSaga({ dispatch: () => {}, getState: () => ({}) }, completedSaga, completed).toPromise();
    await complete();
    await expect(settled(firstScreenShown)).resolves.toBe(true);
    // A later screen changes nothing.
    await complete();
    await expect(settled(firstScreenShown)).resolves.toBe(true);
  });
});
