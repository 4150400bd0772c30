// Read handlers: list (with pagination and selectors), get, and watch. Lists and gets answer
// with a meta.k8s.io Table when the Accept header asks for server-side printing.

import type { ResourceType } from '../../src/kube/resources.js';
import { apiVersionOf } from '../../src/kube/resources.js';
import type { ApiContext } from './context.js';
import { HttpError, include, listItem, mustGet, selectors } from './context.js';
import { badRequest } from './status.js';
import { toTable, wantsTable } from './table.js';
import { serveWatch } from './watch.js';
import type { AnyObject } from './types.js';

// The JSON of each stored object as a list item. Stored objects are replaced, never changed, on
// update (store.ts), so the object itself keys its serialisation: a list of 10,000 objects in
// pages of 500 is served by joining strings, about as fast as a real API server's watch cache,
// and a client's cost is not hidden behind the fake server's.
const itemJson = new WeakMap<AnyObject, string>();

function itemText(r: ResourceType, o: AnyObject): string {
  let text = itemJson.get(o);
  if (text === undefined) {
    text = JSON.stringify(listItem(r, o));
    itemJson.set(o, text);
  }
  return text;
}

interface ContinueToken {
  v: string;
  rv: number;
  start: string;
}

function encodeContinue(rv: number, lastKey: string): string {
  const token: ContinueToken = { v: 'meta.k8s.io/v1', rv, start: `${lastKey}\u0000` };
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeContinue(s: string): ContinueToken {
  try {
    const t = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as ContinueToken;
    if (t.v !== 'meta.k8s.io/v1' || typeof t.start !== 'string') throw new Error('bad token');
    return t;
  } catch {
    throw new HttpError(badRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'));
  }
}

export function serveList(ctx: ApiContext): void {
  const { resource, namespace } = ctx.target;
  const q = ctx.url.searchParams;
  const sel = selectors(ctx);
  const limit = Number(q.get('limit') ?? '0');
  if (!Number.isInteger(limit) || limit < 0) throw new HttpError(badRequest(`limit: Invalid value: "${q.get('limit')}"`));
  const cont = q.get('continue');
  const start = cont ? decodeContinue(cont).start : undefined;

  // Only the page is cloned: a list of 10,000 objects in pages of 500 stays linear.
  const { page, matched } = ctx.store.listPage(
    resource,
    namespace,
    start,
    limit,
    (object) => sel.labels(object.metadata.labels) && sel.fields(object as Record<string, unknown>),
  );
  const rv = ctx.store.resourceVersion;
  const meta: Record<string, unknown> = { resourceVersion: String(rv) };
  if (limit > 0 && matched > limit) {
    meta.continue = encodeContinue(rv, page[page.length - 1]!.key);
    // Like etcd3, the remaining count is only known when no selector filters the range.
    if (!sel.filtered) meta.remainingItemCount = matched - limit;
  }
  if (wantsTable(ctx.req.headers.accept)) {
    const objects = page.map((p) => structuredClone(p.object));
    return ctx.send(200, toTable(resource, objects, meta, ctx.now(), include(ctx)));
  }
  // Exactly JSON.stringify({ kind, apiVersion, metadata, items }), with the items' text cached.
  const head = JSON.stringify({ kind: `${resource.kind}List`, apiVersion: apiVersionOf(resource), metadata: meta });
  ctx.sendJsonText(200, `${head.slice(0, -1)},"items":[${page.map((p) => itemText(resource, p.object)).join(',')}]}`);
}

export function serveGet(ctx: ApiContext): void {
  const o = mustGet(ctx);
  if (wantsTable(ctx.req.headers.accept)) {
    return ctx.send(200, toTable(ctx.target.resource, [o], { resourceVersion: o.metadata.resourceVersion }, ctx.now(), include(ctx)));
  }
  ctx.send(200, o);
}

export function startWatch(ctx: ApiContext): void {
  const q = ctx.url.searchParams;
  const sel = selectors(ctx);
  const rv = q.get('resourceVersion') ?? '';
  if (rv !== '' && !/^\d+$/.test(rv)) throw new HttpError(badRequest(`resourceVersion: Invalid value: "${rv}": must be a valid resourceVersion`));
  const timeout = q.get('timeoutSeconds');
  const f = ctx.watchFault;
  ctx.trackWatch(
    serveWatch({
      res: ctx.res,
      store: ctx.store,
      resource: ctx.target.resource,
      namespace: ctx.target.namespace,
      name: ctx.target.name,
      labels: sel.labels,
      fields: sel.fields,
      resourceVersion: rv,
      sendInitialEvents: q.get('sendInitialEvents') === 'true',
      allowWatchBookmarks: q.get('allowWatchBookmarks') === 'true',
      timeoutSeconds: timeout !== null ? Number(timeout) : undefined,
      table: wantsTable(ctx.req.headers.accept) ? { include: include(ctx), now: ctx.now } : undefined,
      closeAfterEvents: f?.closeWatchAfterEvents,
      closeAfterMs: f?.closeWatchAfterMs,
      dropOnClose: f?.drop,
    }),
  );
}
