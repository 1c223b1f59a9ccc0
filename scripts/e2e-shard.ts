// What `npm run test:e2e` reads back from one shard's TestCafe run: its JSON report, and whether
// the run ended before any journey because TestCafe could not open the browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface JsonReport {
  total: number;
  fixtures: { path: string; tests: { durationMs: number }[] }[];
}

/**
 * A shard's report, or undefined when there is none to read: TestCafe writes it only at the end
 * of a run, so a run that ended early (the browser did not open, TestCafe was killed) leaves no
 * file, an empty one, or half of one.
 */
export function readReport(file: string): JsonReport | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as Partial<JsonReport>;
    return Array.isArray(report.fixtures) ? (report as JsonReport) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a failed run ran no journey because the browser could not be opened. On a busy machine
 * TestCafe asks Chromium's DevTools port for its targets before Chromium listens on it and gives
 * up ("Unable to open the "chromium:headless …" browser … connect ECONNREFUSED"): the journeys
 * were never started, so starting the shard again is not retrying a failed journey.
 */
export function browserDidNotOpen(output: string, report: JsonReport | undefined): boolean {
  const ranSomething = report !== undefined && report.fixtures.some((f) => f.tests.length > 0);
  return !ranSomething && /Unable to open the "[^"]*" browser/.test(output);
}

/** Milliseconds per journey file (relative to `root`) over the given reports; unreadable ones are left out. */
export function durationsPerFile(reports: string[], root: string): Record<string, number> {
  const durations: Record<string, number> = {};
  for (const file of reports) {
    const report = readReport(file);
    if (!report) continue;
    const perFile = new Map<string, number>();
    for (const fixture of report.fixtures) {
      const name = path.relative(root, fixture.path);
      const ms = fixture.tests.reduce((sum, test) => sum + test.durationMs, 0);
      perFile.set(name, (perFile.get(name) ?? 0) + ms);
    }
    for (const [name, ms] of perFile) durations[name] = ms;
  }
  return Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
}
