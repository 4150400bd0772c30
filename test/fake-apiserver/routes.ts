// Entry for resource requests: the authorizer verb of a request and the dispatch to read,
// write and log handlers. Handlers throw HttpError; this turns errors into Status responses.

import type { ResourcePath } from './paths.js';
import type { ApiContext } from './context.js';
import { HttpError } from './context.js';
import { serveLog } from './log-handler.js';
import { PatchError } from './patch.js';
import { serveGet, serveList, startWatch } from './read-handlers.js';
import { SelectorError } from './selectors.js';
import { badRequest, failure, methodNotAllowed, pathNotFound } from './status.js';
import type { ApiVerb } from './types.js';
import { serveCreate, serveDelete, serveDeleteCollection, servePatch, serveUpdate } from './write-handlers.js';

export type { ApiContext } from './context.js';

/** kube RequestInfo: any watch value except "0"/"false" makes the request a watch. */
export function isWatchQuery(q: URLSearchParams): boolean {
  const v = q.get('watch');
  return v !== null && v.toLowerCase() !== '0' && v.toLowerCase() !== 'false';
}

/** The authorizer verb of a resource request (RequestInfoFactory rules). */
export function verbOf(method: string, t: ResourcePath, q: URLSearchParams): ApiVerb | undefined {
  const collection = t.name === undefined;
  switch (method) {
    case 'GET':
      if (t.watchPrefix || isWatchQuery(q)) return 'watch';
      return collection ? 'list' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return collection ? 'deletecollection' : 'delete';
    default:
      return undefined;
  }
}

export async function handleResource(ctx: ApiContext): Promise<void> {
  try {
    await dispatch(ctx);
  } catch (e) {
    if (e instanceof HttpError) ctx.sendStatus(e.status);
    else if (e instanceof SelectorError) ctx.sendStatus(badRequest(e.message));
    else if (e instanceof PatchError) ctx.sendStatus(failure(422, 'Invalid', e.message));
    else throw e;
  }
}

async function dispatch(ctx: ApiContext): Promise<void> {
  const { target } = ctx;
  const sub = target.subresource;
  if (sub === 'log') {
    if (target.resource.id !== 'pod' || ctx.req.method !== 'GET') return ctx.sendStatus(methodNotAllowed());
    return serveLog(ctx);
  }
  if (sub !== undefined && sub !== 'status') return ctx.sendStatus(pathNotFound());
  if (sub === 'status' && !['get', 'update', 'patch'].includes(ctx.verb)) return ctx.sendStatus(methodNotAllowed());
  switch (ctx.verb) {
    case 'list':
      return serveList(ctx);
    case 'watch':
      return startWatch(ctx);
    case 'get':
      return serveGet(ctx);
    case 'create':
      if (target.name !== undefined) return ctx.sendStatus(methodNotAllowed());
      return serveCreate(ctx);
    case 'update':
      return serveUpdate(ctx);
    case 'patch':
      return servePatch(ctx);
    case 'delete':
      return serveDelete(ctx);
    case 'deletecollection':
      return serveDeleteCollection(ctx);
    default:
      return ctx.sendStatus(methodNotAllowed());
  }
}
