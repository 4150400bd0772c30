// Read handlers: list (with pagination and selectors), get, and watch. Lists and gets answer
// with a meta.k8s.io Table when the Accept header asks for server-side printing.

import { apiVersionOf } from '../../src/kube/resources.js';
import type { ApiContext } from './context.js';
import { HttpError, include, listItem, mustGet, selectors } from './context.js';
import { badRequest } from './status.js';
import { toTable, wantsTable } from './table.js';
import { serveWatch } from './watch.js';

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

  const matching = ctx.store
    .list(resource, namespace)
    .filter(({ key }) => start === undefined || key >= start)
    .filter(({ object }) => sel.labels(object.metadata.labels) && sel.fields(object as Record<string, unknown>));
  const page = limit > 0 ? matching.slice(0, limit) : matching;
  const rv = ctx.store.resourceVersion;
  const meta: Record<string, unknown> = { resourceVersion: String(rv) };
  if (limit > 0 && matching.length > limit) {
    meta.continue = encodeContinue(rv, page[page.length - 1]!.key);
    // Like etcd3, the remaining count is only known when no selector filters the range.
    if (!sel.filtered) meta.remainingItemCount = matching.length - limit;
  }
  const objects = page.map((p) => p.object);
  if (wantsTable(ctx.req.headers.accept)) return ctx.send(200, toTable(resource, objects, meta, ctx.now(), include(ctx)));
  ctx.send(200, {
    kind: `${resource.kind}List`,
    apiVersion: apiVersionOf(resource),
    metadata: meta,
    items: objects.map((o) => listItem(resource, o)),
  });
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
