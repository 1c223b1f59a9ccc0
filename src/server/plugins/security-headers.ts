// The security headers of every response: the SPA's Content-Security-Policy (the default; API
// responses and static files get it too, where it costs nothing), framing forbidden, `nosniff`,
// the referrer policy, HSTS over HTTPS only, and the Permissions-Policy helmet does not know;
// helmet's other defaults stay (Cross-Origin-Opener- and -Resource-Policy same-origin,
// Origin-Agent-Cluster, X-DNS-Prefetch-Control off, …). Pages that render their own HTML (identity
// provider, payment sandbox) and index.html replace them with theirs through `reply.helmet`
// (http/html.ts: pageSecurity).
//
// The headers every response gets come from one helmet middleware built at start, and
// `reply.helmet(options)` builds one per options object once. @fastify/helmet, which did both
// before, built its middleware anew for every request (parsing the policy: 7–10 % of the
// server's time per signed-in API read), and even with `global: false` ran two hooks on every
// request (one of them async) to offer `reply.helmet` to the few pages that use it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sets this response's security headers anew: SECURITY_HEADERS with `options` over them
     * (helmet's options, merged shallowly), for a page with a policy of its own. Pass the same
     * options object each time: its headers are worked out once per object.
     */
    helmet(options: HelmetOptions): void;
  }
}

type ContentSecurityPolicy = Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>;

/**
 * The SPA's policy. The build emits only same-origin files (scripts with `defer`, extracted CSS,
 * lazy chunks and their CSS added as <script src>/<link href>); index.html's one inline element
 * is the title's JSON in <script type="application/json">, a data block the browser never runs,
 * so script-src needs no nonce or hash. No style attribute or <style> element is rendered, so
 * style-src is 'self' too. Images: our logos, the design system's data: icons in its CSS, and
 * `imageOrigins` (the favicon, which lives on the title's own news site).
 */
export function spaContentSecurityPolicy(
  imageOrigins: readonly string[] = [],
  integrationOrigins: readonly string[] = [],
) {
  // The production adapters (a consent manager, an analytics SDK: config.ts `integrations`)
  // load their script from, talk to, and (the consent manager's message) frame their origins.
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...integrationOrigins],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', ...imageOrigins, ...integrationOrigins],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...integrationOrigins],
      ...(integrationOrigins.length > 0 ? { frameSrc: [...integrationOrigins] } : {}),
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      // The SPA's forms are handled by script; login and payment leave by navigation, not post.
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // No upgrade-insecure-requests: every URL the SPA loads is relative, and locally (dev, e2e)
      // it is served over plain http on *.localhost, which the directive would break.
    },
  } satisfies ContentSecurityPolicy;
}

/**
 * Browser features no page of ours uses, switched off for our pages and anything they could
 * embed: no camera, microphone, location, sensors or USB, and no Payment Request API (payments
 * go through the provider's own page by redirect, which our policy does not govern).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** One year, the subdomains of our host too (helmet's default, without preload). */
const HSTS_VALUE = `max-age=${365 * 24 * 60 * 60}; includeSubDomains`;

/** The options of every response's headers; `reply.helmet(options)` starts from them too. */
const SECURITY_HEADERS = {
  contentSecurityPolicy: spaContentSecurityPolicy(),
  // Same as frame-ancestors 'none', for browsers that know only X-Frame-Options.
  frameguard: { action: 'deny' },
  // Never a path (invoice numbers) to another site, nothing over http. Not 'no-referrer': it
  // makes Chromium send `Origin: null` with our own POSTs, which the CSRF defence refuses.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Only over HTTPS, below (RFC 6797 §7.2: not over plain http).
  strictTransportSecurity: false,
} satisfies HelmetOptions;

/** Helmet (8.1 on) throws its errors itself; an error handed on is thrown the same way. */
const rethrow = (error?: unknown) => {
  if (error) throw error;
};

/** Must run before any plugin whose pages call `reply.helmet` (checked with hasReplyDecorator). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = new WeakMap<HelmetOptions, ReturnType<typeof helmet>>();
  app.decorateReply('helmet', function (this: FastifyReply, options: HelmetOptions) {
    let middleware = pageHeaders.get(options);
    if (!middleware) {
      middleware = helmet({ ...SECURITY_HEADERS, ...options } as HelmetOptions);
      pageHeaders.set(options, middleware);
    }
    middleware(this.request.raw, this.raw, rethrow);
  });
  const securityHeaders = helmet(SECURITY_HEADERS);
  // Raw headers, like helmet's own, so they are on responses Fastify does not send itself (the
  // identity provider through middie, hijacked replies). Synchronous: it awaits nothing.
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, rethrow);
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    // trustProxy: behind the TLS-terminating proxy, X-Forwarded-Proto says https.
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
    done();
  });
}
