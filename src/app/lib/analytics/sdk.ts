// The production analytics transport behind the port: the configured analytics SDK,
// whose script is added to the page only when the first page view is sent — and page views are
// sent only once the reader has accepted analytics (session/analytics.ts) — so without consent
// it is never loaded. Events wait in the SDK's command queue (`window.pulse.q`, the usual
// snippet) until it has loaded and reads them: pulse('track', 'pageView', event).
import type { AnalyticsTransport } from './pageView';

type Command = (...args: unknown[]) => void;

export interface SdkWindow {
  pulse?: Command & { q?: unknown[][] };
}

export function sdkTransport(
  sdkUrl: string,
  win: SdkWindow = window as unknown as SdkWindow,
  doc: Pick<Document, 'createElement' | 'head'> = document,
): AnalyticsTransport {
  let loaded = false;
  return {
    send(event) {
      if (!win.pulse) {
        const queue: unknown[][] = [];
        const command = ((...args: unknown[]) => {
          queue.push(args);
        }) as Command & { q?: unknown[][] };
        command.q = queue;
        win.pulse = command;
      }
      if (!loaded) {
        loaded = true;
        const script = doc.createElement('script');
        script.src = sdkUrl;
        script.async = true;
        script.addEventListener('error', () =>
          console.error('Analytics SDK could not be loaded', sdkUrl),
        );
        doc.head.append(script);
      }
      win.pulse('track', 'pageView', event);
    },
  };
}
