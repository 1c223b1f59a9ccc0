// Shared helpers of the TestCafe journeys: per-title URLs on {code}.localhost and the axe check.
import { checkForViolations } from '@testcafe-community/axe';

export const port = Number(process.env.E2E_PORT ?? 8080);

/** The URL of a path on a title's local host, e.g. http://fvn.localhost:PORT/ */
export const titleUrl = (code: string, path = '/') =>
  `http://${code.toLowerCase()}.localhost:${port}${path}`;

/** Fails the test on any WCAG 2.1 A/AA violation axe finds on the current page. */
export async function expectAccessible(t: TestController) {
  // `rules` must exist: the plugin switches off axe's document-title rule (TestCafe cannot see
  // <head>); the document title is asserted by the journeys themselves.
  await checkForViolations(t, undefined, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: {},
  });
}
