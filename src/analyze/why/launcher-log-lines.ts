// A virt-launcher's `compute` log as lines: one JSON object per line
// (staging/src/kubevirt.io/client-go/log/log.go: keys `component`, `level`, `timestamp`, `pos`,
// `msg`, `reason`, `uid`, …), interleaved with the odd non-JSON line (libvirt/QEMU output, a Go
// panic, a truncated first line of a tail) that is kept as raw text. An entry a user pasted
// pretty-printed (one key per line) or reflowed (a string broken over lines) is joined back into
// one entry first.
import { time } from '../../kube/time.js';

export interface LauncherLogLine {
  /** RFC 3339, from the line's `timestamp` (or the `kubectl logs --timestamps` prefix). */
  time?: string;
  level?: string;
  /** The `msg` field, or the whole line when it is not JSON. */
  msg: string;
  /** The `reason` field: the error of `Live migration failed.` and similar. */
  reason?: string;
  /** `component` (`virt-launcher`, `virt-launcher-monitor`, `virt-controller`, …). */
  component?: string;
  /** `subcomponent`: `libvirt` for virtqemud's lines, `qemu` for the QEMU log's. */
  subcomponent?: string;
  /** `pos`: the Go file:line, or libvirt's function:line. */
  pos?: string;
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
  return parseJsonEntry(line, prefix?.[1]) ?? (prefix ? { time: prefix[1]!, msg: line } : { msg: line });
}

/** One JSON entry (without the kubelet prefix), or undefined when `line` is no JSON object. */
function parseJsonEntry(line: string, prefixTime: string | undefined): LauncherLogLine | undefined {
  if (!line.startsWith('{')) return undefined;
  let obj: unknown;
  try {
    obj = JSON.parse(line) as unknown;
  } catch {
    return undefined; // not JSON after all (a line cut by the tail): kept as text
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const o = obj as Record<string, unknown>;
  const out: LauncherLogLine = { msg: typeof o.msg === 'string' ? o.msg : '' };
  // A malformed `timestamp` dates nothing (a sample at "not-a-date" would break the documented RFC 3339 times).
  const t = [str(o.timestamp), prefixTime].find((x) => time(x) > 0);
  if (t) out.time = t;
  const level = str(o.level);
  if (level) out.level = level;
  const reason = str(o.reason);
  if (reason) out.reason = reason;
  for (const k of ['component', 'subcomponent', 'pos'] as const) {
    const v = str(o[k]);
    if (v) out[k] = v;
  }
  return out;
}

/** Lines a JSON entry may span when pasted pretty-printed or reflowed; beyond that it was cut. */
const MAX_ENTRY_LINES = 40;

/**
 * Where the JSON object opening `lines[i]` (a `{` after an optional kubelet timestamp) closes, when
 * it does not close on its own line: the index of its last line, else undefined (a cut entry).
 * Braces inside strings do not count; a string may itself run over lines (a reflowed paste).
 */
function entryEnd(lines: readonly string[], i: number): number | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let j = i; j < lines.length && j < i + MAX_ENTRY_LINES; j++) {
    const line = j === i ? (lines[j] ?? '').replace(TIMESTAMP_PREFIX, '') : (lines[j] ?? '');
    for (const ch of line) {
      if (escaped) escaped = false;
      else if (inString && ch === '\\') escaped = true;
      else if (ch === '"') inString = !inString;
      else if (!inString && ch === '{') depth++;
      else if (!inString && ch === '}' && --depth === 0) return j === i ? undefined : j;
    }
  }
  return undefined;
}

/** Every non-empty line of a log tail, in order; a multi-line JSON entry is one line. */
export function parseLauncherLogLines(text: string): LauncherLogLine[] {
  const out: LauncherLogLine[] = [];
  const raws = text.split('\n');
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i] ?? '';
    const end = /^\s*(?:\S+\s+)?\{/.test(raw) ? entryEnd(raws, i) : undefined;
    if (end !== undefined) {
      // A newline inside a JSON string is invalid: the parts of a reflowed string join with a space.
      const first = raws[i]!.trim();
      const prefix = TIMESTAMP_PREFIX.exec(first);
      const body = [first.slice(prefix?.[0].length ?? 0), ...raws.slice(i + 1, end + 1).map((l) => l.trim())].filter((l) => l !== '').join(' ');
      const joined = parseJsonEntry(body, prefix?.[1]);
      if (joined) {
        out.push(joined);
        i = end;
        continue;
      }
    }
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
