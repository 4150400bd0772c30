// `why --watch`: the diagnosis and progress again every `--interval` until the migration is final
// (Succeeded or Failed), or there is none to follow; the last refresh is the final verdict and the
// exit code is its code (docs/output.md). Ctrl-C (SIGINT) or SIGTERM stops cleanly with the last
// verdict's code, or 3 when nothing was diagnosed yet; a second Ctrl-C kills the process.
// Output per refresh: on a terminal (-o table|wide) the screen is cleared and redrawn in place,
// under a header line; otherwise each refresh follows the previous one after a blank line.
// `-o json`: one compact JSON document per line (NDJSON); `-o yaml`: one YAML document each,
// separated by `---`; name, jsonpath and custom-columns: one rendering each (custom-columns'
// header once), as `kubectl get -w` prints them. A refresh that fails for a transient reason (connection, timeout, 5xx, 429)
// is reported on stderr and retried at the next interval; any other failure ends the watch.
// `watchLoop` is that loop for any refresh: `why --node --watch` (node-run.ts) and `list --watch`
// use it too. A refresher that asks `inPlace` (list) is redrawn on a terminal over its last frame
// (cursor up over the rows it took, stderr's when that is the terminal too, then clear below) with
// the cursor hidden until the watch ends, instead of clearing the screen: no scrollback flood.
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_FAILURE, type ExitCode } from '../../cmdutil/exit-codes.js';
import { openSource } from '../../cmdutil/open-source.js';
import { describeError } from '../../cmdutil/errors.js';
import { SourceError, type ClusterSource } from '../../collect/source.js';
import type { GatherError } from '../../kube/known.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import type { Diagnosis } from '../../analyze/why/diagnose.js';
import { isFinal } from '../../analyze/migration/phase.js';
import { formatDuration } from '../../kube/duration.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { CLEAR_BELOW, CLEAR_SCREEN, HIDE_CURSOR, SHOW_CURSOR, cursorUp } from '../../render/terminal-text.js';
import { visibleWidth } from '../../render/style.js';
import { emit, type CommandOutput } from '../../cmdutil/output.js';
import { diagnoseOnce, whyExitCode, whyOutput, type Diagnosed } from './diagnosis.js';
import type { WhyOptions } from './options.js';

const TRANSIENT = new Set(['Connection', 'Timeout', 'ServerError', 'TooManyRequests']);

/** Whether the watch goes on: a migration exists and is not final. */
export function inFlight(d: Diagnosis): boolean {
  const m = d.ctx.migration;
  return m !== undefined && !isFinal(m.status?.phase);
}

/** One kind of refresh: `why NAME` (a diagnosis) or `why --node` (a node's evacuation). */
export interface Refresher<D extends { errors: GatherError[] }> {
  once(source: ClusterSource): Promise<D>;
  output(d: D): CommandOutput;
  /** The header line of a terminal frame, after `Every 5s: `. */
  title(d: D): string;
  exitCode(d: D): ExitCode;
  /** Whether to refresh again after `d`. */
  goesOn(d: D): boolean;
  /** On a terminal, redraw over the last frame instead of clearing the screen. */
  inPlace?: boolean;
}

export async function watchWhy(g: GlobalOptions, o: WhyOptions, io: Io, prometheus?: PrometheusApi, signal?: AbortSignal): Promise<ExitCode> {
  return watchLoop<Diagnosed>(g, o, io, {
    once: (source) => diagnoseOnce(source, g.namespace ?? source.defaultNamespace(), o.name, prometheus ? { prometheus } : {}),
    output: whyOutput,
    title: (d) => `kubectl vmigrate why ${o.name} · ${d.diagnosis.ctx.now.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    exitCode: (d) => whyExitCode(d.diagnosis, o.failOn),
    goesOn: (d) => inFlight(d.diagnosis),
  }, signal);
}

/** Refresh every `--interval` until `r.goesOn` says no, Ctrl-C, or a failure that is not transient. */
export async function watchLoop<D extends { errors: GatherError[] }>(g: GlobalOptions, o: Pick<WhyOptions, 'intervalMs'>, io: Io, r: Refresher<D>, signal?: AbortSignal): Promise<ExitCode> {
  const stop = signal ? undefined : interruptOnSignals();
  const abort = signal ?? stop!.signal;
  const source = await openSource(g, io);
  let last: ExitCode | undefined;
  let frames = 0;
  const inPlace = r.inPlace === true && io.stdoutIsTTY && (g.output === 'table' || g.output === 'wide');
  /** Terminal rows the last frame took (and its partial errors, when stderr is the terminal too). */
  let drawn = 0;
  try {
    for (;;) {
      let d: D;
      try {
        const got = await raceAbort(r.once(source), abort);
        if (got === undefined) return last ?? EXIT_FAILURE;
        d = got;
      } catch (err) {
        if (frames === 0 || !(err instanceof SourceError) || !TRANSIENT.has(err.kindOf)) throw err;
        io.stderr(`${describeError(err).line} (retrying in ${formatDuration(o.intervalMs)})\n`);
        if (await sleep(o.intervalMs, abort)) return last ?? EXIT_FAILURE;
        continue;
      }
      const header = `Every ${formatDuration(o.intervalMs)}: ${r.title(d)} (Ctrl-C to stop)`;
      const columns = io.stdoutColumns?.();
      const out = inPlace ? redrawn(r.output(d), header, drawn, columns, (rows) => (drawn = rows)) : frame(r.output(d), header, io.stdoutIsTTY, frames);
      await emit(g, io.stdout, out, frames);
      // After the frame: a TTY frame starts by clearing the screen, which would wipe them.
      const partial = renderPartialErrors(d.errors, makeStyle(g.color));
      io.stderr(partial);
      if (inPlace && io.stderrIsTTY) drawn += screenRows(partial, columns);
      frames++;
      last = r.exitCode(d);
      if (!r.goesOn(d)) return last;
      if (await sleep(o.intervalMs, abort)) return last;
    }
  } finally {
    stop?.dispose();
    if (inPlace && frames > 0) await io.stdout(SHOW_CURSOR);
    await source.close();
  }
}

/** A frame drawn over the last one (`rowsBefore` rows up), its own rows told to `drew`. */
function redrawn(out: CommandOutput, header: string, rowsBefore: number, columns: number | undefined, drew: (rows: number) => void): CommandOutput {
  return {
    ...out,
    text: (style, wide, noHeaders) => {
      const body = `${style.dim(header)}\n\n${out.text(style, wide, noHeaders)}`;
      drew(screenRows(body, columns));
      return (rowsBefore > 0 ? cursorUp(rowsBefore) + CLEAR_BELOW : HIDE_CURSOR) + body;
    },
  };
}

/** Rows `text` takes on a terminal `columns` wide (a line wider than that wraps). */
function screenRows(text: string, columns: number | undefined): number {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.reduce((n, line) => n + (columns && columns > 0 ? Math.max(1, Math.ceil(visibleWidth(line) / columns)) : 1), 0);
}

/** One refresh: the document, or the text framed for a terminal (under `header`) or a pipe. */
function frame(out: CommandOutput, header: string, tty: boolean, index: number): CommandOutput {
  return {
    ...out,
    text: (style, wide, noHeaders) => {
      const body = out.text(style, wide, noHeaders);
      if (!tty) return (index > 0 ? '\n' : '') + body;
      return `${CLEAR_SCREEN}${style.dim(header)}\n\n${body}`;
    },
  };
}

/** Resolves true when aborted before `ms` elapsed. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The promise's value, or undefined as soon as `signal` aborts (the work is abandoned). */
function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/**
 * SIGINT/SIGTERM abort the watch instead of killing the process mid-write. The handlers go after
 * the first signal, so a second Ctrl-C kills the process the default way.
 */
export function interruptOnSignals(): { signal: AbortSignal; dispose(): void } {
  const ac = new AbortController();
  const dispose = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const onSignal = () => {
    dispose();
    ac.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal: ac.signal, dispose };
}
