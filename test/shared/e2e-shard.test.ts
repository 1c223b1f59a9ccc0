// What `npm run test:e2e` reads back from a shard: a CI run once died on the empty report of a
// shard whose browser never opened («Unexpected end of JSON input»), and no journey of that shard
// ran. These tests hold the two decisions it now makes: start such a shard again, and never let
// an unreadable report end the run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { browserDidNotOpen, durationsPerFile, readReport } from '../../scripts/e2e-shard';

// The lines TestCafe printed in that CI run (the flags shortened).
const NOT_OPENED = [
  'ERROR Unable to open the "chromium:headless --no-sandbox --disable-gpu" browser due to the following error:',
  '',
  'Error: connect ECONNREFUSED 127.0.0.1:33817',
].join('\n');

const FAILED_JOURNEY = [
  ' Bestill abonnement',
  ' ✖ a reader orders a digital subscription',
  '   1) AssertionError: expected 0 to deeply equal 1',
  ' 1/12 failed (2m 03s)',
].join('\n');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'e2e-shard-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
}

const report = (fixtures: { path: string; tests: { durationMs: number }[] }[]) =>
  JSON.stringify({ total: fixtures.length, fixtures });

describe('readReport', () => {
  it('reads a whole report', () => {
    const f = file(
      'r.json',
      report([{ path: '/x/testcafe/a.test.ts', tests: [{ durationMs: 5 }] }]),
    );
    expect(readReport(f)?.fixtures[0]?.tests).toEqual([{ durationMs: 5 }]);
  });

  it.each([
    ['an empty file', ''],
    ['half a file', '{"total": 3, "fixtures": [{"path": '],
    ['JSON that is not a report', '{"startTime": "2026-12-06"}'],
  ])('gives nothing for %s', (_, text) => {
    expect(readReport(file('r.json', text))).toBeUndefined();
  });

  it('gives nothing when there is no file', () => {
    expect(readReport(path.join(dir, 'none.json'))).toBeUndefined();
  });
});

describe('browserDidNotOpen', () => {
  it('is true when TestCafe could not open the browser and left no report', () => {
    expect(browserDidNotOpen(NOT_OPENED, undefined)).toBe(true);
  });

  it('is true when the report it left holds no journey', () => {
    expect(browserDidNotOpen(NOT_OPENED, { total: 0, fixtures: [] })).toBe(true);
  });

  it('is false when a journey failed: that failure stands', () => {
    expect(browserDidNotOpen(FAILED_JOURNEY, undefined)).toBe(false);
    const ran = { total: 1, fixtures: [{ path: 'a', tests: [{ durationMs: 9 }] }] };
    expect(browserDidNotOpen(FAILED_JOURNEY, ran)).toBe(false);
  });

  it('is false when journeys ran before the browser was lost', () => {
    const ran = { total: 1, fixtures: [{ path: 'a', tests: [{ durationMs: 9 }] }] };
    expect(browserDidNotOpen(`${FAILED_JOURNEY}\n${NOT_OPENED}`, ran)).toBe(false);
  });
});

describe('durationsPerFile', () => {
  it('adds up the journeys of each file, over shards, and leaves out unreadable reports', () => {
    const one = file(
      'shard-1.json',
      report([
        { path: '/repo/testcafe/a.test.ts', tests: [{ durationMs: 100 }, { durationMs: 50 }] },
        { path: '/repo/testcafe/a.test.ts', tests: [{ durationMs: 25 }] },
      ]),
    );
    const two = file(
      'shard-2.json',
      report([{ path: '/repo/testcafe/b.test.ts', tests: [{ durationMs: 7 }] }]),
    );
    const empty = file('shard-3.json', '');
    expect(durationsPerFile([two, empty, one], '/repo')).toEqual({
      'testcafe/a.test.ts': 175,
      'testcafe/b.test.ts': 7,
    });
  });
});
