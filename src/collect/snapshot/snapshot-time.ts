// "Now" for an offline snapshot (docs/snapshots.md): a must-gather's `timestamp` file, else the newest
// timestamp the snapshot itself holds, so that a dump read a week later gives the same ages,
// elapsed times and timeouts.

/**
 * Object fields that record when something happened in the cluster. Walked wherever they occur
 * (metadata, status.conditions[], phaseTransitionTimestamps[], migrationState, events, series,
 * container states). Not included: annotations (free text) and certificate/expiry dates, which
 * lie in the future.
 */
export const TIMESTAMP_FIELDS: ReadonlySet<string> = new Set([
  'creationTimestamp',
  'deletionTimestamp',
  'lastTransitionTime',
  'lastProbeTime',
  'lastHeartbeatTime',
  'lastUpdateTime',
  'phaseTransitionTimestamp',
  'startTimestamp',
  'endTimestamp',
  'targetNodeDomainReadyTimestamp',
  'firstTimestamp',
  'lastTimestamp',
  'deprecatedFirstTimestamp', // events.k8s.io/v1
  'deprecatedLastTimestamp',
  'eventTime',
  'lastObservedTime',
  'startTime',
  'startedAt',
  'finishedAt',
]);

/** Subtrees never walked: free-form maps and fields whose times are not cluster events. */
const SKIPPED_FIELDS: ReadonlySet<string> = new Set(['annotations', 'labels', 'managedFields', 'data']);

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an RFC 3339 string, else undefined. Go's zero time is ignored. */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = RFC3339.exec(value.trim());
  if (!m) return undefined;
  if (Number(m[1]) < 1971) return undefined; // 0001-01-01T00:00:00Z: Go's zero time, "never"
  // Date.parse accepts at most millisecond precision portably: trim micro/nanoseconds.
  const frac = m[7] ? m[7].slice(0, 4) : '';
  const zone = m[8] === 'z' ? 'Z' : (m[8] as string);
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${frac}${zone}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The newest timestamp anywhere in an object (see TIMESTAMP_FIELDS), else undefined. */
export function newestObjectTimestamp(value: unknown): number | undefined {
  let newest: number | undefined;
  const walk = (v: unknown, depth: number): void => {
    if (depth > 32 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    // Keys, not entries: no pair array per field of every object of the snapshot.
    for (const key of Object.keys(v)) {
      if (SKIPPED_FIELDS.has(key)) continue;
      const child = (v as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (TIMESTAMP_FIELDS.has(key)) {
          const t = parseTimestamp(child);
          if (t !== undefined && (newest === undefined || t > newest)) newest = t;
        }
      } else if (child !== null && typeof child === 'object') {
        walk(child, depth + 1);
      }
    }
  };
  walk(value, 0);
  return newest;
}

const LINE_PREFIX = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))\s/;
const JSON_TIMESTAMP = /"(?:timestamp|ts|time)"\s*:\s*"([^"]+)"/;

/**
 * The timestamp of one log line: an RFC 3339 prefix (`kubectl logs --timestamps`, must-gather)
 * or the `timestamp` key of a JSON line (KubeVirt components log JSON).
 */
export function logLineTimestamp(line: string): number | undefined {
  const prefix = LINE_PREFIX.exec(line);
  if (prefix) return parseTimestamp(prefix[1]);
  if (line.includes('{')) {
    const json = JSON_TIMESTAMP.exec(line);
    if (json) return parseTimestamp(json[1]);
  }
  return undefined;
}

/** The newest line timestamp in a chunk of log text (lines need not be strictly ordered). */
export function newestLogTimestamp(text: string): number | undefined {
  let newest: number | undefined;
  for (const line of text.split('\n')) {
    const t = logLineTimestamp(line);
    if (t !== undefined && (newest === undefined || t > newest)) newest = t;
  }
  return newest;
}

/** Folds candidate times, ignoring undefined. */
export function newest(...times: (number | undefined)[]): number | undefined {
  let out: number | undefined;
  for (const t of times) if (t !== undefined && (out === undefined || t > out)) out = t;
  return out;
}

/**
 * Go's `time.Time.String()`, which `oc adm must-gather` appends to its `timestamp` file at the
 * start and at the end of a gather (`fmt.Sprintf("%v\n", time.Now())`, oc pkg/cli/admin/mustgather):
 * `2023-05-11 12:46:03.213214458 +0000 UTC m=+115.886231301`.
 */
const GO_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)? ([+-]\d{2})(\d{2})\b/;

/** The end of a gather: the last line of a must-gather `timestamp` file that parses (Go time or RFC 3339). */
export function mustGatherTimestamp(text: string): number | undefined {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const m = GO_TIME.exec(line);
    const t = m ? parseTimestamp(`${m[1]}T${m[2]}${m[3] ?? ''}${m[4]}:${m[5]}`) : parseTimestamp(line);
    if (t !== undefined) return t;
  }
  return undefined;
}
