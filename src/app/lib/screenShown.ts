// The moment the page's first screen has been rendered (its navigation completed): what waits
// for it (the web fonts of a first visit, main.tsx) then never delays the screen itself.
let markShown: () => void = () => {};

/** Resolves once the page's first screen has been rendered. */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** A screen has been rendered (session/navigationSaga.ts); only the first one counts. */
export const screenShown = () => markShown();
