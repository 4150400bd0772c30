// Watches: one long GET whose body is newline-delimited JSON events. Used by `--wait`, which
// lists, then watches from the list's resourceVersion, and re-lists when told the version is too
// old (an ERROR event with code 410). A watch is not retried here: the caller re-watches.
// A watch never trusts the server to end it: with timeoutSeconds, a stream still open well past
// that (a silent server, a half-open connection) is ended here ('expired'); no event line may
// pass MAX_WATCH_EVENT_BYTES.
import { ERROR_BODY_BYTES, MAX_OBJECT_BYTES } from './body-limits.js';
import { qualifiedName, type ResourceType } from '../../kube/resources.js';
import type { KubeObject } from '../../kube/types.js';
import { SourceError } from '../source.js';
import { errorFromResponse, errorFromTransport, invalidResponse, responseTooLarge, type Operation } from './errors.js';
import { safeJsonMessage } from '../parse-messages.js';
import type { HttpClient, HttpStream } from './http-client.js';
import { collectionPath, withQuery } from './paths.js';
import { withTypeMeta } from './type-meta.js';

export interface WatchOptions {
  /** undefined = all namespaces (or a cluster-scoped resource). */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Start after this version (from a list); undefined = synthetic ADDED events for what exists now. */
  resourceVersion?: string;
  /** Server-side end of the watch; the stream then closes normally ('closed'). */
  timeoutSeconds?: number;
}

/** The Status an ERROR event carries, e.g. code 410 "too old resource version". */
export interface WatchStatus {
  kind?: string;
  code?: number;
  reason?: string;
  message?: string;
}

export type WatchEvent<T extends KubeObject = KubeObject> =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK'; object: T }
  | { type: 'ERROR'; object: WatchStatus };

/**
 * 'closed': the server ended the stream (timeoutSeconds, restart): re-watch. 'aborted': the
 * signal fired. 'expired': the server kept a timeoutSeconds watch open past it, so we ended it.
 */
export type WatchEnd = 'closed' | 'aborted' | 'expired';

/** An event is one object and a little envelope. */
export const MAX_WATCH_EVENT_BYTES = MAX_OBJECT_BYTES + 1024 * 1024;
/** How long past timeoutSeconds a server may take to close the stream. */
export const WATCH_GRACE_MS = 15_000;

export async function watchResource<T extends KubeObject>(
  client: HttpClient,
  r: ResourceType,
  opts: WatchOptions,
  onEvent: (event: WatchEvent<T>) => void | Promise<void>,
  signal: AbortSignal,
  graceMs = WATCH_GRACE_MS,
): Promise<WatchEnd> {
  if (signal.aborted) return 'aborted';
  const op: Operation = { verb: 'watch', resource: qualifiedName(r) };
  const path = withQuery(collectionPath(r, opts.namespace), {
    watch: 'true',
    allowWatchBookmarks: 'true',
    labelSelector: opts.labelSelector,
    fieldSelector: opts.fieldSelector,
    resourceVersion: opts.resourceVersion,
    timeoutSeconds: opts.timeoutSeconds,
  });
  // Our deadline covers the wait for headers too: a server that never answers is a silent one.
  const deadline = new AbortController();
  const timer = opts.timeoutSeconds !== undefined ? setTimeout(() => deadline.abort(), opts.timeoutSeconds * 1000 + graceMs) : undefined;
  const both = AbortSignal.any([signal, deadline.signal]);
  const ended = (): WatchEnd | undefined => (signal.aborted ? 'aborted' : deadline.signal.aborted ? 'expired' : undefined);
  let res: HttpStream | undefined;
  let callbackError: { err: unknown } | undefined;
  try {
    try {
      res = await client.openStream({ method: 'GET', path, op }, both);
    } catch (err) {
      const end = ended();
      if (end) return end;
      throw err;
    }
    if (res.status < 200 || res.status >= 300) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ERROR_BODY_BYTES) break;
      }
      throw errorFromResponse(res.status, Buffer.concat(chunks).subarray(0, ERROR_BODY_BYTES).toString('utf8'), op);
    }
    await forEachLine(res.body, MAX_WATCH_EVENT_BYTES, async (line) => {
      const event = parseEvent(line, op);
      if (event.type !== 'ERROR') event.object = withTypeMeta(event.object as T, r);
      try {
        await onEvent(event as WatchEvent<T>);
      } catch (err) {
        callbackError = { err };
        throw err;
      }
    });
    return ended() ?? 'closed';
  } catch (err) {
    // The caller's own failure passes through untouched; it is not a transport problem.
    if (callbackError && callbackError.err === err) throw err;
    if (err instanceof LineTooLong) throw responseTooLarge(op, 'a watch event', err.maxBytes);
    const end = ended();
    if (end) return end;
    if (err instanceof SourceError) throw err;
    throw errorFromTransport(err, op, client.server);
  } finally {
    if (timer) clearTimeout(timer);
    res?.destroy();
  }
}

function parseEvent(line: string, op: Operation): WatchEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (err) {
    throw invalidResponse(op, `watch event is not JSON: ${safeJsonMessage(err instanceof Error ? err.message : String(err))}`);
  }
  const e = parsed as { type?: unknown; object?: unknown };
  if (!e || typeof e !== 'object' || typeof e.type !== 'string' || !e.object || typeof e.object !== 'object') {
    throw invalidResponse(op, 'watch event without type or object');
  }
  return e as WatchEvent;
}

class LineTooLong extends Error {
  constructor(readonly maxBytes: number) {
    super(`a line longer than ${maxBytes} bytes`);
  }
}

/**
 * Calls `onLine` for each non-empty line, in order, waiting for it (back-pressure). A line is cut
 * from the bytes (a multi-byte character split across chunks stays whole) and may not pass
 * `maxBytes`: an endless line stops the read instead of growing memory.
 */
export async function forEachLine(stream: AsyncIterable<Buffer>, maxBytes: number, onLine: (line: string) => Promise<void>): Promise<void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const emit = async (last: Buffer) => {
    const line = (pendingBytes === 0 ? last : Buffer.concat([...pending, last])).toString('utf8').trim();
    pending = [];
    pendingBytes = 0;
    if (line) await onLine(line);
  };
  for await (const chunk of stream) {
    let from = 0;
    for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (pendingBytes + nl - from > maxBytes) throw new LineTooLong(maxBytes);
      await emit(chunk.subarray(from, nl));
      from = nl + 1;
    }
    if (from < chunk.length) {
      pendingBytes += chunk.length - from;
      if (pendingBytes > maxBytes) throw new LineTooLong(maxBytes);
      // Copied: the stream may reuse the chunk's memory.
      pending.push(Buffer.from(chunk.subarray(from)));
    }
  }
  if (pendingBytes > 0) await emit(Buffer.alloc(0));
}
