// Write handlers: create (generateName, dryRun), update, patch (merge, JSON, strategic on
// built-ins), delete (DeleteOptions preconditions, finalizers) and deletecollection.

import type { ResourceType } from '../../src/kube/resources.js';
import { apiVersionOf } from '../../src/kube/resources.js';
import type { ApiContext } from './context.js';
import { HttpError, isBuiltin, isDryRun, listItem, mustGet, parseJsonBody, selectors } from './context.js';
import { PatchError, jsonPatch, mergePatch } from './patch.js';
import {
  OPTIMISTIC_LOCK_MESSAGE,
  alreadyExists,
  badRequest,
  conflict,
  failure,
  invalid,
  methodNotAllowed,
  storageKey,
  uidPreconditionFailed,
  unsupportedPatchType,
} from './status.js';
import { kubeTime } from './store.js';
import type { AnyObject } from './types.js';

// Built-in registries that answer DELETE with the deleted object instead of a Success Status.
const RETURNS_DELETED_OBJECT = new Set(['pod', 'pvc', 'pv', 'namespace']);

function checkKind(r: ResourceType, obj: Record<string, unknown>): void {
  if (obj.kind !== undefined && obj.kind !== r.kind) {
    throw new HttpError(badRequest(`the object provided is unrecognized (must be of type ${r.kind}): kind ${String(obj.kind)}`));
  }
  if (obj.apiVersion !== undefined && obj.apiVersion !== apiVersionOf(r)) {
    throw new HttpError(badRequest(`the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${apiVersionOf(r)})`));
  }
}

function checkNamespace(ctx: ApiContext, obj: AnyObject): void {
  const { resource, namespace } = ctx.target;
  if (!resource.namespaced) return;
  if (obj.metadata.namespace && obj.metadata.namespace !== namespace) {
    throw new HttpError(badRequest('the namespace of the provided object does not match the namespace sent on the request'));
  }
  obj.metadata.namespace = namespace;
}

export function serveCreate(ctx: ApiContext): void {
  const { resource, namespace } = ctx.target;
  if (resource.namespaced && namespace === undefined) return ctx.sendStatus(methodNotAllowed());
  const raw = parseJsonBody(ctx);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new HttpError(badRequest('the body of the request must be a JSON object'));
  const obj = raw as AnyObject;
  checkKind(resource, obj);
  obj.apiVersion = apiVersionOf(resource);
  obj.kind = resource.kind;
  obj.metadata = { ...(obj.metadata ?? {}) };
  checkNamespace(ctx, obj);
  const md = obj.metadata;
  // Server-owned metadata is never taken from the client.
  delete md.uid;
  delete md.resourceVersion;
  delete md.creationTimestamp;
  delete md.deletionTimestamp;
  if (!md.name) {
    if (!md.generateName) throw new HttpError(invalid(resource, '', 'metadata.name', 'Required value: name or generateName is required'));
    md.name = ctx.store.generateName(resource, md.namespace, md.generateName);
  }
  if (ctx.store.get(resource, md.namespace, md.name)) throw new HttpError(alreadyExists(resource, md.name));
  if (isDryRun(ctx.url.searchParams)) {
    // A dry run shows what would be stored; nothing is persisted and no resourceVersion exists.
    md.uid = 'dry-run';
    md.creationTimestamp = kubeTime(ctx.now());
    return ctx.send(201, obj);
  }
  ctx.send(201, ctx.store.upsert(obj, { freshUid: true }));
}

/** Keep identity fields from the stored object; a stale resourceVersion in the request is a conflict. */
function reconcile(ctx: ApiContext, current: AnyObject, next: AnyObject): AnyObject {
  const { resource } = ctx.target;
  const wantedRv = next.metadata?.resourceVersion;
  if (wantedRv !== undefined && wantedRv !== '' && wantedRv !== current.metadata.resourceVersion) {
    throw new HttpError(conflict(resource, current.metadata.name!, OPTIMISTIC_LOCK_MESSAGE));
  }
  // The status subresource changes status only.
  if (ctx.target.subresource === 'status') return { ...current, status: next.status, metadata: { ...current.metadata } };
  const out: AnyObject = { ...next, apiVersion: current.apiVersion, kind: current.kind };
  out.metadata = {
    ...(next.metadata ?? {}),
    name: current.metadata.name,
    uid: current.metadata.uid,
    creationTimestamp: current.metadata.creationTimestamp,
  };
  if (resource.namespaced) out.metadata.namespace = current.metadata.namespace;
  if (current.metadata.deletionTimestamp) out.metadata.deletionTimestamp = current.metadata.deletionTimestamp;
  return out;
}

function commit(ctx: ApiContext, obj: AnyObject): void {
  delete obj.metadata.resourceVersion;
  if (isDryRun(ctx.url.searchParams)) return ctx.send(200, obj);
  ctx.send(200, ctx.store.upsert(obj));
}

export function serveUpdate(ctx: ApiContext): void {
  const current = mustGet(ctx);
  const raw = parseJsonBody(ctx);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new HttpError(badRequest('the body of the request must be a JSON object'));
  const obj = raw as AnyObject;
  checkKind(ctx.target.resource, obj);
  if (obj.metadata?.name && obj.metadata.name !== ctx.target.name) {
    throw new HttpError(badRequest(`the name of the object (${obj.metadata.name}) does not match the name on the URL (${ctx.target.name})`));
  }
  commit(ctx, reconcile(ctx, current, obj));
}

export function servePatch(ctx: ApiContext): void {
  const { resource } = ctx.target;
  const contentType = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim();
  const current = mustGet(ctx);
  const patch = parseJsonBody(ctx);
  let patched: unknown;
  switch (contentType) {
    case 'application/merge-patch+json':
      patched = mergePatch(current, patch);
      break;
    case 'application/strategic-merge-patch+json':
      // Custom resources reject strategic merge patch (415), exactly as a real server does.
      if (!isBuiltin(resource)) return ctx.sendStatus(unsupportedPatchType());
      patched = mergePatch(current, patch);
      break;
    case 'application/json-patch+json':
      patched = jsonPatch(current, patch);
      break;
    default:
      return ctx.sendStatus(
        contentType === 'application/apply-patch+yaml'
          ? failure(415, 'UnsupportedMediaType', 'fake-apiserver: server-side apply is not implemented')
          : unsupportedPatchType(),
      );
  }
  if (patched === null || typeof patched !== 'object' || Array.isArray(patched)) throw new PatchError('patch result is not an object');
  commit(ctx, reconcile(ctx, current, patched as AnyObject));
}

// ---- delete ----

export function serveDelete(ctx: ApiContext): void {
  const { resource, namespace, name } = ctx.target;
  const q = ctx.url.searchParams;
  const current = mustGet(ctx);
  const opts = (parseJsonBody(ctx) ?? {}) as { preconditions?: { uid?: string; resourceVersion?: string }; dryRun?: string[] };
  const pre = opts.preconditions ?? {};
  if (pre.uid !== undefined && pre.uid !== current.metadata.uid) {
    throw new HttpError(uidPreconditionFailed(resource, namespace, name!, pre.uid, current.metadata.uid ?? ''));
  }
  if (pre.resourceVersion !== undefined && pre.resourceVersion !== current.metadata.resourceVersion) {
    const cause =
      `StorageError: invalid object, Code: 4, Key: ${storageKey(resource, namespace, name!)}, ResourceVersion: 0, ` +
      `AdditionalErrorMsg: Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${current.metadata.resourceVersion}`;
    throw new HttpError(conflict(resource, name!, cause));
  }
  if (isDryRun(q, opts as Record<string, unknown>)) return ctx.send(200, current);

  if (ctx.honourFinalizers && (current.metadata.finalizers?.length ?? 0) > 0) {
    // With finalizers the object only gets a deletionTimestamp; a controller (the test) removes it.
    if (!current.metadata.deletionTimestamp) {
      current.metadata.deletionTimestamp = kubeTime(ctx.now());
      (current.metadata as Record<string, unknown>).deletionGracePeriodSeconds = 0;
      return ctx.send(200, ctx.store.upsert(current));
    }
    return ctx.send(200, current);
  }
  const deleted = ctx.store.remove(resource, namespace, name!)!;
  if (RETURNS_DELETED_OBJECT.has(resource.id)) return ctx.send(200, deleted);
  ctx.send(200, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name, ...(resource.group ? { group: resource.group } : {}), kind: resource.plural, uid: deleted.metadata.uid },
  });
}

/** DELETE on a collection: removes every object matching the selectors, answers with the list. */
export function serveDeleteCollection(ctx: ApiContext): void {
  const { resource, namespace } = ctx.target;
  if (ctx.target.subresource !== undefined) return ctx.sendStatus(methodNotAllowed());
  const sel = selectors(ctx);
  const doomed = ctx.store
    .list(resource, namespace)
    .map((e) => e.object)
    .filter((o) => sel.labels(o.metadata.labels) && sel.fields(o as Record<string, unknown>));
  const dryRun = isDryRun(ctx.url.searchParams);
  const items = dryRun ? doomed : doomed.map((o) => ctx.store.remove(resource, o.metadata.namespace, o.metadata.name!)!);
  ctx.send(200, {
    kind: `${resource.kind}List`,
    apiVersion: apiVersionOf(resource),
    metadata: { resourceVersion: String(ctx.store.resourceVersion) },
    items: items.map((o) => listItem(resource, o)),
  });
}
