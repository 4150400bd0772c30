// The source virt-launcher's `compute` log as lines: one JSON object per line (facts §5: keys
// `component`, `level`, `timestamp`, `pos`, `msg`, `reason`, `uid`, …), interleaved with the odd
// non-JSON line (libvirt/QEMU output, a truncated first line of a tail) that is kept as raw text.
import { time } from '../../kube/time.js';

export interface LauncherLogLine {
  /** RFC 3339, from the line's `timestamp` (or the `kubectl logs --timestamps` prefix). */
  time?: string;
  level?: string;
  /** The `msg` field, or the whole line when it is not JSON. */
  msg: string;
  /** The `reason` field: the error of `Live migration failed.` and similar. */
  reason?: string;
}

// `kubectl logs --timestamps` and must-gather copies put the kubelet's time before the JSON.
const TIMESTAMP_PREFIX = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))\s+(?=\{)/;

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function parseLine(raw: string): LauncherLogLine | undefined {
  let line = raw.trim();
  if (line === '') return undefined;
  const prefix = TIMESTAMP_PREFIX.exec(line);
  if (prefix) line = line.slice(prefix[0].length);
  if (line.startsWith('{')) {
    try {
      const obj = JSON.parse(line) as unknown;
      if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
        const o = obj as Record<string, unknown>;
        const out: LauncherLogLine = { msg: typeof o.msg === 'string' ? o.msg : '' };
        // A malformed `timestamp` dates nothing (a sample at "not-a-date" would break the contract's RFC 3339 times).
        const t = [str(o.timestamp), prefix?.[1]].find((x) => time(x) > 0);
        if (t) out.time = t;
        const level = str(o.level);
        if (level) out.level = level;
        const reason = str(o.reason);
        if (reason) out.reason = reason;
        return out;
      }
    } catch {
      // not JSON after all (a line cut by the tail): keep it as text below
    }
  }
  return prefix ? { time: prefix[1]!, msg: line } : { msg: line };
}

/** Every non-empty line of a log tail, in order. */
export function parseLauncherLogLines(text: string): LauncherLogLine[] {
  const out: LauncherLogLine[] = [];
  for (const raw of text.split('\n')) {
    const l = parseLine(raw);
    if (l) out.push(l);
  }
  return out;
}

/**
 * The lines of one migration attempt: from the first line at or after `from` up to (not
 * including) the first line at or after `until`. The source launcher serves every attempt, so a
 * retry's lines must not explain an earlier failure. Undated lines go with their neighbours
 * (the log is chronological); without `from`, everything before `until` counts.
 */
export function linesBetween(lines: readonly LauncherLogLine[], from: string | undefined, until?: string): LauncherLogLine[] {
  const start = from ? lines.findIndex((l) => l.time !== undefined && time(l.time) >= time(from)) : 0;
  if (start < 0) return [];
  const rest = lines.slice(start);
  if (!until) return rest;
  const end = rest.findIndex((l) => l.time !== undefined && time(l.time) >= time(until));
  return end < 0 ? rest : rest.slice(0, end);
}
