// `npm run bench:lcp-graph -- <run's artifacts folder> [<part of a URL>=<factor> …]`: what
// Lighthouse's simulated phone (Lantern) put in front of a page's LCP, read from one run of
// `LIGHTHOUSE_ARTIFACTS=1 npm run bench:lighthouse` (bench-results/lighthouse/<page>-<n>.artifacts).
// Prints the simulated FCP and LCP and the LCP graph node by node (Lantern's pessimistic one:
// every request that had finished before the observed LCP paint, with what it waited for), each
// request with its simulated start and end, priority and size. With edits (`main.=0.9`: that
// response 10 % smaller; `favicon=-1`: the request gone), the same run is simulated again on the
// edited network log and the LCP it would give is printed beside the measured one: a what-if for
// docs/benchmarks.md, not a measurement.
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

import { editLog, parseEdits, type ProtocolMessage } from './lantern-edits';

const [dir, ...editArgs] = process.argv.slice(2);
if (!dir) {
  console.error(
    'Usage: npm run bench:lcp-graph -- <artifacts folder> [<part of a URL>=<factor> …]',
  );
  process.exit(1);
}
const edits = parseEdits(editArgs);

interface SimulatedNode {
  readonly type: string;
  readonly request?: { url: string; priority: string; transferSize: number };
  readonly duration?: number;
  didPerformLayout?(): boolean;
  getEvaluateScriptURLs?(): Set<string>;
}
interface Timing {
  readonly startTime: number;
  readonly endTime: number;
}

/** Lantern's FCP and LCP of the run, on its network log as given. */
async function simulate(log: readonly ProtocolMessage[]) {
  const artifacts = await loadArtifacts(dir!);
  const settings = { ...defaultSettings, ...artifacts.settings, throttlingMethod: 'simulate' };
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: log,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  // Lighthouse's computed artifacts, called as its audits call them.
  const request = (metric: unknown) =>
    (metric as { request: (d: unknown, c: unknown) => Promise<LanternResult> }).request(
      data,
      context,
    );
  return {
    fcp: await request(LanternFirstContentfulPaint),
    lcp: await request(LanternLargestContentfulPaint),
  };
}

interface LanternResult {
  readonly timing: number;
  readonly pessimisticEstimate: { readonly nodeTimings: Map<SimulatedNode, Timing> };
}

const shortUrl = (url: string) => {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  return path.length > 80 ? `${path.slice(0, 77)}…` : path;
};

function describe(node: SimulatedNode): string {
  if (node.type === 'network' && node.request) {
    const { url, priority, transferSize } = node.request;
    return `${shortUrl(url)}  ${priority}  ${(transferSize / 1024).toFixed(1)} KB`;
  }
  const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map(shortUrl).join(', ');
  const layout = node.didPerformLayout?.() ? ' layout' : '';
  return `main thread ${((node.duration ?? 0) / 1000).toFixed(1)} ms observed${layout}${scripts ? ` (evaluates ${scripts})` : ''}`;
}

const measured = await loadArtifacts(dir);
const original = measured.DevtoolsLog as unknown as ProtocolMessage[];
const { fcp, lcp } = await simulate(original);
console.log(`${dir}\nsimulated FCP ${fcp.timing.toFixed(0)} ms, LCP ${lcp.timing.toFixed(0)} ms`);
console.log('LCP graph (start – end, ms):');
const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort(
  (a, b) => a[1].startTime - b[1].startTime,
);
for (const [node, timing] of rows)
  console.log(
    `${timing.startTime.toFixed(0).padStart(6)} – ${timing.endTime.toFixed(0).padStart(6)}  ${describe(node)}`,
  );
if (edits.length > 0) {
  const edited = await simulate(editLog(original, edits));
  console.log(`\nwith ${editArgs.join(' ')}: LCP ${edited.lcp.timing.toFixed(0)} ms (a what-if)`);
}
