// Pod logs in a snapshot: which file holds the log of (namespace, pod, container), and a bounded
// read of its end. Layouts (docs/snapshots.md):
//   <pod>.log                                         the whole pod (any container)
//   <pod>/<container>.log                             e.g. support bundles: logs/<ns>/<pod>/<container>.log
//   …/pods/<pod>/<container>/…/*.log                  must-gather: namespaces/<ns>/pods/<pod>/<c>/<c>/logs/current.log
import { open } from 'node:fs/promises';
import type { SnapshotFile } from './read-files.js';

export interface LogFileRef {
  /** Display path of the file. */
  path: string;
  pod: string;
  /** undefined for `<pod>.log`: the file does not say which container. */
  container?: string;
  /** Known only in the must-gather layout (`namespaces/<ns>/pods/…`). */
  namespace?: string;
  /** Higher is a more specific match. */
  rank: number;
}

const RANK_MUST_GATHER = 3;
const RANK_POD_CONTAINER = 2;
const RANK_POD_ONLY = 1;

/** Every way a log file's path can be read (a path may fit more than one layout). */
export function logRefsForFile(file: Pick<SnapshotFile, 'path' | 'rel'>): LogFileRef[] {
  const segs = file.rel.split('/').filter((s) => s !== '');
  const name = segs[segs.length - 1];
  if (!name || !name.toLowerCase().endsWith('.log')) return [];
  // must-gather keeps the previous container's log next to the current one; `kubectl logs`
  // (what podLog stands for) returns the current one, so previous logs never answer.
  if (/^previous/i.test(name)) return [];
  const stem = name.slice(0, -'.log'.length);
  const refs: LogFileRef[] = [];
  for (let i = segs.length - 4; i >= 0; i--) {
    if (segs[i] !== 'pods') continue;
    const pod = segs[i + 1] as string;
    const container = segs[i + 2] as string;
    const namespace = i >= 2 && segs[i - 2] === 'namespaces' ? segs[i - 1] : undefined;
    refs.push({ path: file.path, pod, container, namespace, rank: RANK_MUST_GATHER });
    break;
  }
  if (segs.length >= 2) refs.push({ path: file.path, pod: segs[segs.length - 2] as string, container: stem, rank: RANK_POD_CONTAINER });
  refs.push({ path: file.path, pod: stem, rank: RANK_POD_ONLY });
  return refs;
}

export class PodLogIndex {
  private readonly byPod = new Map<string, LogFileRef[]>();

  constructor(files: readonly Pick<SnapshotFile, 'path' | 'rel' | 'kind'>[]) {
    for (const f of files) {
      if (f.kind !== 'log') continue;
      for (const ref of logRefsForFile(f)) {
        const list = this.byPod.get(ref.pod) ?? [];
        list.push(ref);
        this.byPod.set(ref.pod, list);
      }
    }
  }

  /** Every way each log file can be read (a file appears once per layout it fits). */
  allRefs(): LogFileRef[] {
    return [...this.byPod.values()].flat();
  }

  /**
   * The file holding this container's log: the most specific layout wins, then `current.log`,
   * then path order. A `<pod>.log` answers for any container (it is what `kubectl logs POD`
   * printed: the default container, `compute` for virt-launcher).
   */
  find(namespace: string, pod: string, container?: string): string | undefined {
    const candidates = (this.byPod.get(pod) ?? []).filter(
      (r) => (r.namespace === undefined || r.namespace === namespace) && (container === undefined || r.container === undefined || r.container === container),
    );
    candidates.sort(
      (a, b) =>
        b.rank - a.rank ||
        Number(/\/current\.log$/.test(b.path)) - Number(/\/current\.log$/.test(a.path)) ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
    return candidates[0]?.path;
  }
}

const CHUNK_BYTES = 64 * 1024;
/** However many lines are asked for, never read more than this from the end of one log. */
export const MAX_TAIL_READ_BYTES = 32 * 1024 * 1024;

/**
 * The last `tailLines` lines of a file, reading backwards in chunks (never the whole file), then
 * cut to the first `limitBytes` bytes — the kubelet's order for `--tail` with `--limit-bytes`.
 */
export async function readLogTail(path: string, tailLines: number, limitBytes?: number): Promise<string> {
  if (tailLines <= 0) return '';
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const chunks: Buffer[] = [];
    let pos = size;
    let newlines = 0;
    let read = 0;
    // tailLines lines need tailLines + 1 newlines before them (the file usually ends with one).
    while (pos > 0 && newlines <= tailLines && read < MAX_TAIL_READ_BYTES) {
      const len = Math.min(CHUNK_BYTES, pos);
      pos -= len;
      const buf = Buffer.alloc(len);
      await handle.read(buf, 0, len, pos);
      chunks.unshift(buf);
      read += len;
      for (let i = 0; i < len; i++) if (buf[i] === 10) newlines++;
    }
    let text = Buffer.concat(chunks).toString('utf8');
    // When we stopped mid-file the first line is probably partial: drop it.
    if (pos > 0) text = text.slice(text.indexOf('\n') + 1);
    const endsWithNewline = text.endsWith('\n');
    const lines = (endsWithNewline ? text.slice(0, -1) : text).split('\n');
    let out = lines.slice(-tailLines).join('\n') + (endsWithNewline ? '\n' : '');
    if (text === '') out = '';
    if (limitBytes !== undefined && limitBytes >= 0) out = truncateUtf8(out, limitBytes);
    return out;
  } finally {
    await handle.close();
  }
}

/** The last `bytes` of a file as text (for scanning recent timestamps). */
export async function readEnd(path: string, bytes: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const len = Math.min(bytes, size);
    const buf = Buffer.alloc(len);
    await handle.read(buf, 0, len, size - len);
    const text = buf.toString('utf8');
    return len < size ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    await handle.close();
  }
}

/** At most `limit` bytes of UTF-8, never splitting a character. */
function truncateUtf8(s: string, limit: number): string {
  const buf = Buffer.from(s, 'utf8');
  if (buf.length <= limit) return s;
  let end = limit;
  // Back up over continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}
