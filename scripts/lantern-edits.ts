// Edits of a Lighthouse run's network log (its DevTools protocol messages), for
// `npm run bench:lcp-graph`: what Lighthouse's simulated phone (Lantern) would make of the same
// page with a response smaller, larger or gone. A what-if for the benchmarks, not a measurement.

/** `<part of a URL>=<factor>`: each response whose URL contains the part, its size × factor. */
export interface SizeEdit {
  readonly urlPart: string;
  /** 0.9: 10 % smaller; 0: no bytes; DROP: the request is taken out of the log altogether. */
  readonly factor: number;
}

/** The factor that takes a request out of the log. */
export const DROP = -1;

/** `main.=0.9`, `favicon=-1`: one edit per argument; a malformed one is refused by name. */
export function parseEdits(args: readonly string[]): SizeEdit[] {
  return args.map((arg) => {
    const at = arg.lastIndexOf('=');
    const urlPart = arg.slice(0, at);
    const factor = Number(arg.slice(at + 1));
    if (at <= 0 || !Number.isFinite(factor) || (factor < 0 && factor !== DROP))
      throw new Error(
        `"${arg}" is not <part of a URL>=<factor> (a factor ≥ 0, or ${DROP} to drop the request)`,
      );
    return { urlPart, factor };
  });
}

/** A DevTools protocol message as Lighthouse saves it (devtoolslog.json). */
export interface ProtocolMessage {
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

type Params = Record<string, unknown> & { requestId?: string };

const scaled = (value: unknown, factor: number) =>
  typeof value === 'number' ? Math.round(value * factor) : value;

/**
 * The log with the edits applied: every size the simulation reads of an edited request (the
 * bytes received, the encoded length at the end) scaled, or the request's messages left out.
 * The first edit whose part a URL contains applies to it. The input is not changed.
 */
export function editLog(
  log: readonly ProtocolMessage[],
  edits: readonly SizeEdit[],
): ProtocolMessage[] {
  const factors = new Map<string, number>();
  for (const message of log) {
    if (message.method !== 'Network.requestWillBeSent') continue;
    const params = message.params as Params & { request: { url: string } };
    const edit = edits.find(({ urlPart }) => params.request.url.includes(urlPart));
    if (edit && params.requestId) factors.set(params.requestId, edit.factor);
  }
  const edited: ProtocolMessage[] = [];
  for (const message of log) {
    const params = message.params as Params | undefined;
    const factor = params?.requestId === undefined ? undefined : factors.get(params.requestId);
    if (factor === undefined) edited.push(message);
    else if (factor !== DROP) edited.push({ ...message, params: scaledParams(message, factor) });
  }
  return edited;
}

function scaledParams(message: ProtocolMessage, factor: number): Params {
  const params = { ...(message.params as Params) };
  if (message.method === 'Network.loadingFinished' || message.method === 'Network.dataReceived')
    params.encodedDataLength = scaled(params.encodedDataLength, factor);
  if (message.method === 'Network.dataReceived')
    params.dataLength = scaled(params.dataLength, factor);
  if (message.method === 'Network.responseReceived') {
    const response = params.response as Record<string, unknown>;
    params.response = {
      ...response,
      encodedDataLength: scaled(response.encodedDataLength, factor),
    };
  }
  return params;
}
