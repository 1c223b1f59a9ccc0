// The network-log edits of `npm run bench:lcp-graph` (scripts/lantern-edits.ts): a response made
// smaller or larger is so in every size Lighthouse's simulation reads, a dropped request leaves
// no message behind, other requests are untouched, and a malformed edit is refused by name.
import { describe, expect, it } from '@jest/globals';

import { DROP, editLog, parseEdits, type ProtocolMessage } from '../../scripts/lantern-edits';

/** The messages of one request as Chromium writes them: sent, answered, data, finished. */
const request = (requestId: string, url: string, bytes: number): ProtocolMessage[] => [
  { method: 'Network.requestWillBeSent', params: { requestId, request: { url } } },
  {
    method: 'Network.responseReceived',
    params: { requestId, response: { url, status: 200, encodedDataLength: 300 } },
  },
  {
    method: 'Network.dataReceived',
    params: { requestId, dataLength: bytes * 3, encodedDataLength: bytes },
  },
  { method: 'Network.loadingFinished', params: { requestId, encodedDataLength: bytes + 300 } },
];

const log: ProtocolMessage[] = [
  { method: 'Page.frameNavigated', params: { frame: { id: 'F' } } },
  ...request('1', 'http://fvn.localhost/assets/main.abc.js', 20_000),
  ...request('2', 'http://fvn.localhost/assets/9837.def.js', 100_000),
  ...request('3', 'https://www.fvn.no/favicon.ico', 0),
];

const sizesOf = (messages: readonly ProtocolMessage[], requestId: string) =>
  messages
    .filter((m) => m.params?.requestId === requestId)
    .map((m) => {
      const p = m.params as Record<string, unknown> & { response?: Record<string, unknown> };
      return [p.encodedDataLength ?? p.response?.encodedDataLength, p.dataLength].filter(
        (n) => n !== undefined,
      );
    });

describe('editing a run’s network log', () => {
  it('scales every size of the responses whose URL holds the part, and no other', () => {
    const edited = editLog(log, parseEdits(['main.=0.5']));
    expect(sizesOf(edited, '1')).toEqual([[], [150], [10_000, 30_000], [10_150]]);
    expect(sizesOf(edited, '2')).toEqual(sizesOf(log, '2'));
    expect(edited).toHaveLength(log.length);
    // The log it was given is as it was.
    expect(sizesOf(log, '1')).toEqual([[], [300], [20_000, 60_000], [20_300]]);
  });

  it('drops every message of a request edited by -1', () => {
    const edited = editLog(log, parseEdits(['favicon=-1']));
    expect(edited.filter((m) => m.params?.requestId === '3')).toEqual([]);
    expect(edited).toHaveLength(log.length - 4);
    expect(edited[0]).toEqual(log[0]);
  });

  it('applies the first edit whose part the URL holds', () => {
    const edited = editLog(log, parseEdits(['9837=2', '.js=0']));
    expect(sizesOf(edited, '2')[3]).toEqual([200_600]);
    expect(sizesOf(edited, '1')[3]).toEqual([0]);
  });

  it('refuses an edit that is not <part>=<factor ≥ 0 or -1>', () => {
    expect(parseEdits(['main.=0.9', 'x=0', `y=${DROP}`])).toEqual([
      { urlPart: 'main.', factor: 0.9 },
      { urlPart: 'x', factor: 0 },
      { urlPart: 'y', factor: -1 },
    ]);
    for (const bad of ['main.', '=0.5', 'main.=-0.5', 'main.=big'])
      expect(() => parseEdits([bad])).toThrow(`"${bad}" is not <part of a URL>=<factor>`);
  });
});
