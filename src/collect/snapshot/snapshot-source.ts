// ClusterSource over an offline snapshot (`--from PATH`, docs/snapshots.md): kubectl dumps, must-gather
// trees and support bundles, read once into memory, then answered like the API server would.
import type { KubeObject } from '../../kube/types.js';
import type { ComponentLog, GatherError } from '../../kube/known.js';
import { RESOURCES, qualifiedName, resourceForObject, type ResourceId } from '../../kube/resources.js';
import { SourceError, type ClusterSource, type ListOptions, type LogOptions } from '../source.js';
import { COMPONENT_LOG_BYTES, COMPONENT_LOG_LINES, componentLogRefs } from './component-logs.js';
import { dropManagedFields, extractObjects, type Extraction } from './extract-objects.js';
import { inputError } from './input-errors.js';
import { holdsKubeVirt, noKubeVirtObjects } from './snapshot-contents.js';
import { mapLimit } from './map-limit.js';
import { looksLikeSupportBundle, normalizeBundleValue } from './normalize-bundle.js';
import { ObjectStore } from './object-store.js';
import { parseDocuments } from './parse-documents.js';
import { PodLogIndex, readEnd, readLogTail } from './pod-logs.js';
import { describeErrno, listSnapshotFiles, readDocumentText, type SnapshotFile } from './read-files.js';
import { resourceForFileName } from './resource-file-names.js';
import { matchesFields, matchesLabels, parseFieldSelector } from './selectors.js';
import { parseLabelSelector, SelectorError } from '../../kube/labels.js';
import { mustGatherTimestamp, newest, newestLogTimestamp, newestObjectTimestamp } from './snapshot-time.js';

/** `must-gather`: the snapshot's `timestamp` file; `snapshot`: its newest timestamp. */
export type NowSource = 'flag' | 'must-gather' | 'snapshot' | 'wall-clock';

export interface SnapshotOptions {
  /** `--now`: overrides the snapshot's own time. */
  now?: Date;
  /** `-n`: the namespace commands default to. */
  namespace?: string;
  /** One line per thing skipped that the user should know of (a symlink out of the snapshot). */
  warn?: (line: string) => void;
  /** Commands: a snapshot without any KubeVirt object is an error that says what it holds. */
  requireKubeVirt?: boolean;
}

export interface SnapshotStats {
  documentFiles: number;
  logFiles: number;
  /** Objects kept per resource, after de-duplication. */
  objects: Partial<Record<ResourceId, number>>;
  /** Kinds present in the snapshot that the plugin does not read. */
  ignoredKinds: Record<string, number>;
}

/** Files read in parallel: enough to hide latency, few enough for default fd limits. */
const READ_CONCURRENCY = 16;
/** How much of each log's end is scanned for its newest timestamp. */
const LOG_TIME_SCAN_BYTES = 64 * 1024;

/**
 * Answers like the API server: get() is undefined when absent, list() is sorted by namespace and
 * name. The objects returned are the snapshot's own (not copies, unlike a live read): treat them
 * as read-only.
 */
export class SnapshotSource implements ClusterSource {
  readonly kind = 'snapshot' as const;

  /** @internal Use openSnapshotSource() or snapshotFromObjects(). */
  constructor(
    private readonly store: ObjectStore,
    private readonly logs: PodLogIndex,
    private readonly time: { at: Date; source: NowSource },
    private readonly namespace: string,
    private readonly fileStats: { documentFiles: number; logFiles: number },
    private readonly skipped: readonly GatherError[] = [],
  ) {}

  /** The files of the snapshot's directories that could not be read: skipped, each an errors[] entry. */
  inputErrors(): readonly GatherError[] {
    return this.skipped;
  }

  /** The snapshot's time (docs/snapshots.md): `--now`, else its newest timestamp, else the wall clock at open. */
  now(): Date {
    return new Date(this.time.at.getTime());
  }

  /** Where now() comes from, for `-v` and for a warning when it is the wall clock. */
  nowSource(): NowSource {
    return this.time.source;
  }

  defaultNamespace(): string {
    return this.namespace;
  }

  /**
   * Whether the snapshot says anything about this resource: at least one object of it, or a
   * dump file named after it holding an empty List. False means "not collected", so checks
   * that need it report `unknown`; list() then returns [] all the same.
   */
  has(resource: ResourceId): boolean {
    return this.store.has(resource);
  }

  stats(): SnapshotStats {
    return {
      ...this.fileStats,
      objects: this.store.counts(),
      ignoredKinds: Object.fromEntries(this.store.ignoredKinds()),
    };
  }

  async get<T extends KubeObject = KubeObject>(resource: ResourceId, namespace: string | undefined, name: string): Promise<T | undefined> {
    const type = RESOURCES[resource];
    if (!type) return undefined;
    const ns = type.namespaced ? (namespace ?? this.namespace) : undefined;
    return this.store.get(resource, ns, name) as T | undefined;
  }

  async list<T extends KubeObject = KubeObject>(resource: ResourceId, opts: ListOptions = {}): Promise<T[]> {
    const type = RESOURCES[resource];
    if (!type) return [];
    let labels;
    let fields;
    try {
      labels = parseLabelSelector(opts.labelSelector ?? '');
      fields = parseFieldSelector(opts.fieldSelector ?? '', resource);
    } catch (err) {
      if (err instanceof SelectorError) {
        throw new SourceError('BadRequest', `Error from server (BadRequest): ${err.message}`, qualifiedName(type), 400);
      }
      throw err;
    }
    const ns = type.namespaced ? opts.namespace : undefined;
    const items = this.store
      .all(resource)
      .filter((o) => (ns === undefined || o.metadata.namespace === ns) && matchesLabels(labels, o.metadata.labels) && matchesFields(fields, o)) as T[];
    return opts.limit === undefined ? items : items.slice(0, opts.limit);
  }

  async podLog(namespace: string, pod: string, opts: LogOptions): Promise<string | undefined> {
    const path = this.logs.find(namespace, pod, opts.container);
    if (!path) return undefined;
    try {
      return await readLogTail(path, opts.tailLines, opts.limitBytes);
    } catch (err) {
      throw inputError(`error: cannot read "${path}": ${describeErrno(err)}`);
    }
  }

  async componentLogs(): Promise<ComponentLog[]> {
    const refs = componentLogRefs(this.logs.allRefs());
    const texts = await mapLimit(refs, READ_CONCURRENCY, (r) => readLogTail(r.path, COMPONENT_LOG_LINES, COMPONENT_LOG_BYTES).catch(() => undefined));
    return refs.flatMap((r, i) => {
      const text = texts[i];
      if (text === undefined) return [];
      const log: ComponentLog = { pod: r.pod, text };
      if (r.container) log.container = r.container;
      if (r.namespace) log.namespace = r.namespace;
      return [log];
    });
  }

  async close(): Promise<void> {
    // Nothing is held open: files are read at open time, logs on demand.
  }
}

/**
 * Reads PATH (a file or a directory, recursively) into a snapshot source. Throws
 * SourceError('InvalidInput') for a missing path, or PATH itself unreadable, binary, huge or
 * malformed. Such a file inside a directory is skipped instead (docs/snapshots.md: one broken file must
 * not hide a whole must-gather), and said in inputErrors() with its file and line.
 */
export async function openSnapshotSource(path: string, opts: SnapshotOptions = {}): Promise<SnapshotSource> {
  const files = await listSnapshotFiles(path, opts.warn ? { warn: opts.warn } : {});
  const documents = files.filter((f) => f.kind === 'document');
  const logFiles = files.filter((f) => f.kind === 'log');
  const named = files.length === 1 && files[0]?.path === path;

  // Parse in parallel; failures are taken in path order, so what is reported does not depend on
  // which file happened to finish first.
  const parsed = await mapLimit(documents, READ_CONCURRENCY, async (file) => {
    try {
      return { file, extraction: await readObjects(file) };
    } catch (error) {
      return { file, error };
    }
  });
  const skipped: GatherError[] = [];
  for (const p of parsed) {
    if (!('error' in p)) continue;
    if (named || !(p.error instanceof SourceError) || p.error.kindOf !== 'InvalidInput') throw p.error;
    skipped.push({ resource: 'snapshot', message: `${p.error.message.replace(/^error: /, '')}; the file was skipped` });
  }

  const namespace = opts.namespace ?? 'default';
  const store = new ObjectStore();
  for (const p of parsed) {
    if (!('extraction' in p) || !p.extraction) continue;
    addExtraction(store, p.file, p.extraction, namespace);
  }
  if (opts.requireKubeVirt && !holdsKubeVirt(store.counts())) {
    throw noKubeVirtObjects(path, { documentFiles: documents.length, skippedFiles: skipped.length, kinds: store.kinds() });
  }

  const logTimes = await mapLimit(logFiles, READ_CONCURRENCY, (f) =>
    readEnd(f.path, LOG_TIME_SCAN_BYTES).then(newestLogTimestamp, () => undefined),
  );
  const gathered = await mapLimit(files.filter((f) => f.kind === 'timestamp'), READ_CONCURRENCY, (f) =>
    readEnd(f.path, LOG_TIME_SCAN_BYTES).then(mustGatherTimestamp, () => undefined),
  );
  const time = snapshotTime(store, logTimes, opts.now, newest(...gathered));
  return new SnapshotSource(
    store,
    new PodLogIndex(logFiles),
    time,
    namespace,
    { documentFiles: documents.length, logFiles: logFiles.length },
    skipped,
  );
}

/**
 * A snapshot made of objects already in memory (e.g. manifests from `-f`), with the same
 * indexing, selectors and time rules as a snapshot on disk. It has no logs.
 */
export function snapshotFromObjects(objects: readonly KubeObject[], opts: SnapshotOptions = {}): SnapshotSource {
  const namespace = opts.namespace ?? 'default';
  const store = new ObjectStore();
  for (const o of objects) store.add(o, namespace);
  return new SnapshotSource(store, new PodLogIndex([]), snapshotTime(store, [], opts.now), namespace, { documentFiles: 0, logFiles: 0 });
}

async function readObjects(file: SnapshotFile): Promise<Extraction> {
  const text = await readDocumentText(file.path);
  let docs = await parseDocuments(text, file.path);
  if (looksLikeSupportBundle(file.rel, text)) {
    docs = docs.map((d) => ({ ...d, value: normalizeBundleValue(d.value) }));
  }
  return extractObjects(docs);
}

function addExtraction(store: ObjectStore, file: SnapshotFile, extraction: Extraction, defaultNamespace: string): void {
  const fallbackNamespace = namespaceFromPath(file.rel) ?? defaultNamespace;
  for (const { object } of extraction.objects) {
    dropManagedFields(object);
    store.add(object, fallbackNamespace);
  }
  // An (often empty) List in a file named after a resource, holding nothing else: evidence that
  // this resource was collected.
  const named = resourceForFileName(file.rel);
  if (
    named &&
    extraction.onlyLists &&
    extraction.objects.every(({ object }) => resourceForObject(object.apiVersion, object.kind)?.id === named)
  ) {
    store.markCollected(named);
  }
}

/** The namespace a dump layout puts in the path: must-gather `namespaces/<ns>/…`, support-bundle `yamls/namespaced/<ns>/…`. */
export function namespaceFromPath(rel: string): string | undefined {
  const segs = rel.split('/');
  for (let i = 0; i < segs.length - 2; i++) {
    if (segs[i] === 'namespaces' || (segs[i] === 'namespaced' && segs[i - 1] === 'yamls')) return segs[i + 1];
  }
  return undefined;
}

function snapshotTime(store: ObjectStore, logTimes: readonly (number | undefined)[], flag: Date | undefined, gatheredAt?: number): { at: Date; source: NowSource } {
  if (flag) return { at: new Date(flag.getTime()), source: 'flag' };
  // The gather's own end time: objects alone date a dump only by their newest change.
  if (gatheredAt !== undefined) return { at: new Date(gatheredAt), source: 'must-gather' };
  let latest = newest(...logTimes);
  for (const o of store.objects()) latest = newest(latest, newestObjectTimestamp(o));
  if (latest !== undefined) return { at: new Date(latest), source: 'snapshot' };
  // No timestamp at all (e.g. bare manifests): the wall clock, frozen so that one run agrees
  // with itself; nowSource() tells the caller to say so.
  return { at: new Date(), source: 'wall-clock' };
}
