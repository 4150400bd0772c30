// The Prometheus text exposition format (version 0.0.4), as virt-handler serves it on
// :8443/metrics: `name{label="value",…} value [timestamp_ms]`, `# HELP` / `# TYPE` comments.
// Only the sample lines matter here; a line that does not parse is skipped, never fatal.

export interface MetricPoint {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Epoch milliseconds, when the exporter gave one (virt-handler's migration stats do, v1.4+). */
  timestampMs?: number;
}

export interface ParseMetricsOptions {
  /** Keep only these metric names (a /metrics page has thousands of lines; we want a dozen). */
  names?: ReadonlySet<string>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

export function parsePrometheusText(text: string, opts: ParseMetricsOptions = {}): MetricPoint[] {
  const out: MetricPoint[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const p = parseSampleLine(line, opts.names);
    if (p) out.push(p);
  }
  return out;
}

/** One sample line, or undefined for comments, blank lines, other names and garbage. */
export function parseSampleLine(raw: string, names?: ReadonlySet<string>): MetricPoint | undefined {
  const line = raw.trim();
  if (line === '' || line.startsWith('#')) return undefined;
  const m = NAME.exec(line);
  if (!m) return undefined;
  const name = m[0];
  if (names && !names.has(name)) return undefined;
  let i = name.length;
  const labels: Record<string, string> = {};
  if (line[i] === '{') {
    const parsed = parseLabels(line, i + 1, labels);
    if (parsed < 0) return undefined;
    i = parsed;
  }
  const rest = line.slice(i).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2 || rest[0] === '') return undefined;
  const value = parseValue(rest[0]!);
  if (value === undefined) return undefined;
  const point: MetricPoint = { name, labels, value };
  if (rest[1] !== undefined) {
    const ts = Number(rest[1]);
    if (!Number.isFinite(ts)) return undefined;
    point.timestampMs = ts;
  }
  return point;
}

/** Labels from just after `{`; returns the index after `}`, or -1 when malformed. */
function parseLabels(line: string, from: number, into: Record<string, string>): number {
  let i = from;
  for (;;) {
    while (line[i] === ' ' || line[i] === ',') i++;
    if (line[i] === '}') return i + 1;
    const key = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(i));
    if (!key) return -1;
    i += key[0].length;
    while (line[i] === ' ') i++;
    if (line[i] !== '=') return -1;
    i++;
    while (line[i] === ' ') i++;
    if (line[i] !== '"') return -1;
    i++;
    let value = '';
    for (;;) {
      const c = line[i];
      if (c === undefined) return -1;
      if (c === '"') break;
      if (c === '\\') {
        const n = line[i + 1];
        value += n === 'n' ? '\n' : (n ?? '');
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    into[key[0]] = value;
    i++;
  }
}

function parseValue(s: string): number | undefined {
  if (s === 'NaN') return NaN;
  if (s === '+Inf' || s === 'Inf') return Infinity;
  if (s === '-Inf') return -Infinity;
  const v = Number(s);
  return Number.isNaN(v) ? undefined : v;
}
