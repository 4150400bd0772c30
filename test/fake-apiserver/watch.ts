// Watch streams: newline-delimited {"type","object"} JSON events over a chunked 200 response.
// Semantics follow kube-apiserver: no resourceVersion (or "0") → synthetic ADDED for existing
// objects first; resourceVersion=N → replay history after N (ERROR 410 Expired when too old).
// A MODIFIED that moves an object into or out of a selector becomes ADDED or DELETED.

import type { ServerResponse } from 'node:http';
import type { ResourceType } from '../../src/kube/resources.js';
import { apiVersionOf } from '../../src/kube/resources.js';
import type { FieldMatcher, LabelMatcher } from './selectors.js';
import { failure } from './status.js';
import type { ObjectStore, StoreEvent } from './store.js';
import type { IncludeObject } from './table.js';
import { toTable } from './table.js';
import type { AnyObject } from './types.js';

export interface WatchParams {
  res: ServerResponse;
  store: ObjectStore;
  resource: ResourceType;
  namespace?: string;
  name?: string;
  labels: LabelMatcher;
  fields: FieldMatcher;
  /** The `resourceVersion` query parameter, already validated as '' or digits. */
  resourceVersion: string;
  sendInitialEvents: boolean;
  allowWatchBookmarks: boolean;
  timeoutSeconds?: number;
  table?: { include: IncludeObject; now: () => Date };
  closeAfterEvents?: number;
  closeAfterMs?: number;
  /** With closeAfter*: destroy the socket instead of ending the stream cleanly. */
  dropOnClose?: boolean;
}

/** An open watch the server can end (closeWatches(), close()). */
export interface OpenWatch {
  end(): void;
}

export function serveWatch(p: WatchParams): OpenWatch {
  const { res, store, resource } = p;
  const matches = (o: AnyObject): boolean =>
    (p.namespace === undefined || o.metadata.namespace === p.namespace) &&
    (p.name === undefined || o.metadata.name === p.name) &&
    p.labels(o.metadata.labels) &&
    p.fields(o as Record<string, unknown>);

  let sent = 0;
  let ended = false;
  let unsubscribe: () => void = () => {};
  let firstTable = true;
  const timers: NodeJS.Timeout[] = [];

  const end = (drop = false): void => {
    if (ended) return;
    ended = true;
    unsubscribe();
    for (const t of timers) clearTimeout(t);
    if (drop) res.socket?.destroy();
    else res.end();
  };

  const encode = (o: AnyObject): unknown => {
    if (!p.table) return o;
    const t = toTable(resource, [o], {}, p.table.now(), p.table.include);
    // Like the real server, only the first Table event carries column definitions.
    if (!firstTable) t.columnDefinitions = [];
    firstTable = false;
    return t;
  };

  const send = (type: string, object: unknown): void => {
    if (ended) return;
    res.write(`${JSON.stringify({ type, object })}\n`);
    sent++;
    if (p.closeAfterEvents !== undefined && sent >= p.closeAfterEvents) end(p.dropOnClose);
  };

  const deliver = (e: StoreEvent): void => {
    if (e.resource.id !== resource.id) return;
    const now = matches(e.object);
    const before = e.previous ? matches(e.previous) : false;
    if (e.type === 'MODIFIED') {
      if (now && before) send('MODIFIED', encode(e.object));
      else if (now) send('ADDED', encode(e.object));
      else if (before) send('DELETED', encode(e.object));
    } else if (now) {
      send(e.type, encode(e.object));
    }
  };

  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' });
  res.flushHeaders();

  // Subscribing and replaying happen in the same tick, so no store change can slip between them.
  const rv = p.resourceVersion;
  if (rv === '' || rv === '0' || p.sendInitialEvents) {
    for (const { object } of store.list(resource, p.namespace)) if (matches(object)) send('ADDED', encode(object));
    if (p.sendInitialEvents && p.allowWatchBookmarks) {
      send('BOOKMARK', {
        kind: resource.kind,
        apiVersion: apiVersionOf(resource),
        metadata: { resourceVersion: String(store.resourceVersion), annotations: { 'k8s.io/initial-events-end': 'true' } },
      });
    }
  } else {
    const history = store.eventsSince(Number(rv));
    if (history === 'expired') {
      send('ERROR', failure(410, 'Expired', `too old resource version: ${rv} (${store.resourceVersion})`));
      end();
      return { end };
    }
    for (const e of history) deliver(e);
  }
  if (ended) return { end };
  unsubscribe = store.subscribe(deliver);

  if (p.timeoutSeconds !== undefined && p.timeoutSeconds > 0) timers.push(setTimeout(() => end(), p.timeoutSeconds * 1000));
  if (p.closeAfterMs !== undefined) timers.push(setTimeout(() => end(p.dropOnClose), p.closeAfterMs));
  res.on('close', () => end());
  return { end };
}
