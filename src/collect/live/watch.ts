// Watches: one long GET whose body is newline-delimited JSON events. Used by `--wait`, which
// lists, then watches from the list's resourceVersion, and re-lists when told the version is too
// old (an ERROR event with code 410). A watch is not retried here: the caller re-watches.
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { qualifiedName, type ResourceType } from '../../kube/resources.js';
import type { KubeObject } from '../../kube/types.js';
import { SourceError } from '../source.js';
import { errorFromResponse, errorFromTransport, invalidResponse, type Operation } from './errors.js';
import type { HttpClient } from './http-client.js';
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

/** 'closed': the server ended the stream (timeoutSeconds, restart): re-watch. 'aborted': the signal fired. */
export type WatchEnd = 'closed' | 'aborted';

export async function watchResource<T extends KubeObject>(
  client: HttpClient,
  r: ResourceType,
  opts: WatchOptions,
  onEvent: (event: WatchEvent<T>) => void | Promise<void>,
  signal: AbortSignal,
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
  let res: IncomingMessage;
  try {
    res = await client.openStream({ method: 'GET', path, op }, signal);
  } catch (err) {
    if (signal.aborted) return 'aborted';
    throw err;
  }
  const status = res.statusCode ?? 0;
  let callbackError: { err: unknown } | undefined;
  try {
    if (status < 200 || status >= 300) {
      let body = '';
      for await (const chunk of res) body += String(chunk);
      throw errorFromResponse(status, body, op);
    }
    await forEachLine(res, async (line) => {
      const event = parseEvent(line, op);
      if (event.type !== 'ERROR') event.object = withTypeMeta(event.object as T, r);
      try {
        await onEvent(event as WatchEvent<T>);
      } catch (err) {
        callbackError = { err };
        throw err;
      }
    });
    return 'closed';
  } catch (err) {
    // The caller's own failure passes through untouched; it is not a transport problem.
    if (callbackError && callbackError.err === err) throw err;
    if (signal.aborted) return 'aborted';
    if (err instanceof SourceError) throw err;
    throw errorFromTransport(err, op, client.server);
  } finally {
    res.destroy();
  }
}

function parseEvent(line: string, op: Operation): WatchEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (err) {
    throw invalidResponse(op, `watch event is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const e = parsed as { type?: unknown; object?: unknown };
  if (!e || typeof e !== 'object' || typeof e.type !== 'string' || !e.object || typeof e.object !== 'object') {
    throw invalidResponse(op, 'watch event without type or object');
  }
  return e as WatchEvent;
}

/** Calls `onLine` for each non-empty line, in order, waiting for it (back-pressure). */
export async function forEachLine(stream: AsyncIterable<unknown>, onLine: (line: string) => Promise<void>): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of stream) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    let nl = pending.indexOf('\n');
    while (nl >= 0) {
      const line = pending.slice(0, nl).trim();
      pending = pending.slice(nl + 1);
      if (line) await onLine(line);
      nl = pending.indexOf('\n');
    }
  }
  const rest = (pending + decoder.end()).trim();
  if (rest) await onLine(rest);
}
