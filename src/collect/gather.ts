// Shared gathering helpers: read what a command needs up front and in parallel, turning the
// failures that must not abort a command (forbidden, not in the snapshot) into `unknown`.
import { SourceError, type ClusterSource, type ListOptions } from './source.js';
import { RESOURCES, qualifiedName, type ResourceId } from '../kube/resources.js';
import type { KubeObject } from '../kube/types.js';
import { known, unknownList, type Known, type GatherError } from '../kube/known.js';

const KUBEVIRT_GROUP = 'kubevirt.io';

/** Errors that mean the cluster as a whole is unreachable: no point going on. */
const FATAL_KINDS = new Set(['Unauthorized', 'Connection', 'Config']);

/** true for an error that must abort the command; false for a partial failure to record. */
export function isFatal(err: unknown): boolean {
  return !(err instanceof SourceError) || FATAL_KINDS.has(err.kindOf);
}

/** `nodes: forbidden`, `pods/log: Timeout`: why a check could not see something. */
export function missingReason(resource: string, err: SourceError): string {
  return `${resource}: ${err.kindOf === 'Forbidden' ? 'forbidden' : err.kindOf}`;
}

/** A command's errors[] to start from: what the source could not read before any request (skipped snapshot files). */
export function initialErrors(source: ClusterSource): GatherError[] {
  return [...(source.inputErrors?.() ?? [])];
}

/** Records a partial failure once: concurrent lists of one resource (pods by label) fail alike. */
export function recordError(errors: GatherError[], e: GatherError): void {
  if (!errors.some((x) => x.resource === e.resource && x.message === e.message)) errors.push(e);
}

/**
 * List a resource; a forbidden or otherwise failed list becomes `{ok: false}` plus an entry
 * in `errors`, so the checks that need it say `unknown`. A list of an optional CRD that is not
 * installed (404: CDI, MigrationPolicies) is an empty list; KubeVirt's own API group not being
 * served means there is nothing to diagnose, so that 404 is rethrown. Fatal errors (auth,
 * connection) are rethrown, and with `required` (the command cannot answer without the list,
 * e.g. the migrations for `list`) every error is.
 */
export async function listKnown<T extends KubeObject>(
  source: ClusterSource,
  resource: ResourceId,
  opts: ListOptions,
  errors: GatherError[],
  { required = false }: { required?: boolean } = {},
): Promise<Known<T>> {
  const r = RESOURCES[resource];
  const name = qualifiedName(r);
  if (source.has && !source.has(resource)) {
    return unknownList(`no ${name} in the snapshot`);
  }
  try {
    return known(await source.list<T>(resource, opts));
  } catch (err) {
    if (required || isFatal(err) || !(err instanceof SourceError)) throw err;
    if (err.kindOf === 'NotFound') {
      if (r.group === KUBEVIRT_GROUP) throw err;
      return known([]);
    }
    recordError(errors, { resource: name, message: err.message });
    return unknownList(missingReason(name, err));
  }
}

export function itemsOr<T>(k: Known<T>, fallback: T[] = []): T[] {
  return k.ok ? k.items : fallback;
}

/** GET one object; a 404 (no such object, or its CRD not installed) is undefined. */
export async function getOptional<T extends KubeObject>(source: ClusterSource, resource: ResourceId, namespace: string, name: string): Promise<T | undefined> {
  try {
    return await source.get<T>(resource, namespace, name);
  } catch (err) {
    if (err instanceof SourceError && err.kindOf === 'NotFound') return undefined;
    throw err;
  }
}

/**
 * GET each named object (concurrently): the same answer as a list of exactly those names, with
 * listKnown's failure rules. A name that does not exist is left out; a resource the snapshot
 * holds none of is unknown, whatever the names.
 */
export async function getEach<T extends KubeObject>(
  source: ClusterSource,
  resource: ResourceId,
  namespace: string | undefined,
  names: readonly string[],
  errors: GatherError[],
): Promise<Known<T>> {
  const name = qualifiedName(RESOURCES[resource]);
  if (source.has && !source.has(resource)) return unknownList(`no ${name} in the snapshot`);
  try {
    const found: (T | undefined)[] = await Promise.all([...new Set(names)].map((n) => source.get<T>(resource, namespace, n)));
    return known(found.filter((o): o is T => o !== undefined));
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    recordError(errors, { resource: name, message: err.message });
    return unknownList(missingReason(name, err));
  }
}

/** Several reads of one kind as one: unknown if any was, each object once (by UID, else namespace/name). */
export function mergeKnown<T extends KubeObject>(...parts: Known<T>[]): Known<T> {
  const failed = parts.find((p) => !p.ok);
  if (failed) return failed;
  const seen = new Set<string>();
  const items: T[] = [];
  for (const p of parts) {
    for (const o of p.ok ? p.items : []) {
      const key = o.metadata.uid ?? `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(o);
    }
  }
  return known(items);
}
