// What resource handlers share: the per-request context, the error type they throw, and small
// helpers for bodies, dry runs, selectors and list items.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResourceType } from '../../src/kube/resources.js';
import type { LogStore } from './logs.js';
import type { ResourcePath } from './paths.js';
import type { FieldMatcher, LabelMatcher } from './selectors.js';
import { parseFieldSelector, parseLabelSelector } from './selectors.js';
import type { KubeStatus } from './status.js';
import { badRequest, notFound } from './status.js';
import type { ObjectStore } from './store.js';
import type { IncludeObject } from './table.js';
import type { AnyObject, ApiVerb, FaultSpec } from './types.js';
import type { OpenWatch } from './watch.js';

export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  target: ResourcePath;
  verb: ApiVerb;
  store: ObjectStore;
  logs: LogStore;
  now: () => Date;
  honourFinalizers: boolean;
  /** A fault that shapes a watch stream (closeWatchAfter*), if any. */
  watchFault?: FaultSpec;
  trackWatch(w: OpenWatch): void;
  send(status: number, body: unknown): void;
  /** `send` for a body already serialised as JSON. */
  sendJsonText(status: number, text: string): void;
  sendText(status: number, text: string): void;
  sendStatus(s: KubeStatus): void;
}

export function isBuiltin(r: ResourceType): boolean {
  return r.group === '' || r.group.endsWith('.k8s.io');
}

export function isDryRun(q: URLSearchParams, opts?: Record<string, unknown>): boolean {
  const fromBody = Array.isArray(opts?.dryRun) && (opts.dryRun as unknown[]).includes('All');
  return q.getAll('dryRun').includes('All') || fromBody;
}

export function parseJsonBody(ctx: ApiContext): unknown {
  const text = ctx.body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HttpError(badRequest(`the body of the request could not be decoded: ${(e as Error).message}`));
  }
}

export class HttpError extends Error {
  constructor(readonly status: KubeStatus) {
    super(status.message);
  }
}

export function include(ctx: ApiContext): IncludeObject {
  const v = ctx.url.searchParams.get('includeObject');
  return v === 'None' || v === 'Object' ? v : 'Metadata';
}

export function mustGet(ctx: ApiContext): AnyObject {
  const { resource, namespace, name } = ctx.target;
  const o = ctx.store.get(resource, namespace, name!);
  if (!o) throw new HttpError(notFound(resource, name!));
  return o;
}

export function selectors(ctx: ApiContext): { labels: LabelMatcher; fields: FieldMatcher; filtered: boolean } {
  const q = ctx.url.searchParams;
  return {
    labels: parseLabelSelector(q.get('labelSelector')),
    fields: parseFieldSelector(q.get('fieldSelector'), ctx.target.resource.id),
    filtered: !!(q.get('labelSelector') || q.get('fieldSelector')),
  };
}

/** Built-in typed lists (PodList…) carry items without apiVersion/kind; custom resources keep them. */
export function listItem(r: ResourceType, o: AnyObject): AnyObject {
  if (!isBuiltin(r)) return o;
  const { apiVersion: _a, kind: _k, ...rest } = o;
  return rest as AnyObject;
}
