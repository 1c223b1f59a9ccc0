// jsdom plus the fetch API of Node (fetch, Request, Response, Headers, streams), so the SPA's
// real RTK Query client runs in component tests. Relative URLs resolve against the page, as in a
// browser.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const page = this.global;
    const NodeRequest = globalThis.Request;
    class PageRequest extends NodeRequest {
      constructor(input, init) {
        const resolved =
          typeof input === 'string' ? new URL(input, page.location.href).href : input;
        super(resolved, init);
      }
    }
    Object.assign(page, {
      // Each test answers the API itself (test/app/render.tsx serveApi); nothing reaches a network.
      fetch: () => Promise.reject(new Error('No API is served in this test: call serveApi()')),
      Request: PageRequest,
      Response: globalThis.Response,
      Headers: globalThis.Headers,
      FormData: globalThis.FormData,
      ReadableStream: globalThis.ReadableStream,
      TextEncoder: globalThis.TextEncoder,
      TextDecoder: globalThis.TextDecoder,
      structuredClone: globalThis.structuredClone,
      AbortController: globalThis.AbortController,
      AbortSignal: globalThis.AbortSignal,
    });
  }
}

module.exports = JsdomWithFetch;
