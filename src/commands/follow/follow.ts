// `--wait`: follow one VMIM (by name AND uid) until it is final or gone, with a progress line on
// stderr. List, then watch from the list's resourceVersion so no change is missed. No step may
// wait forever on a silent server: each watch asks for timeoutSeconds and is ended here when the
// server keeps it open past that (then, and on a 410, we re-list), and each re-list has its own
// deadline. Failures are bounded: after MAX_RETRIES consecutive re-watches without a single event
// we give up (exit 3) rather than spin. While the migration is handed off, the VMI (mode, nodes,
// abortStatus) and the source launcher's log tail (transfer percent) are polled every few
// seconds: one GET and one bounded log read per poll.
import type { Io } from '../../cmdutil/io.js';
import { FailureError } from '../../cmdutil/errors.js';
import { showSpinner } from '../../cmdutil/spinner.js';
import { SourceError } from '../../collect/source.js';
import type { VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { followStatus, transferPercent, type FollowStatus } from '../../analyze/migration/follow-status.js';
import { isFinal, isHandedOffInFlight } from '../../analyze/migration/phase.js';
import { stateOf } from '../../analyze/migration/state.js';
import { renderFollowLine } from '../../render/start-text.js';
import type { ControlSource } from './control-source.js';
import { sleep } from './interrupt.js';

export type FollowEnd =
  | { kind: 'final'; migration: VirtualMachineInstanceMigration }
  /** Deleted (or replaced by a namesake) before a final phase was seen; `migration` = last seen. */
  | { kind: 'gone'; migration: VirtualMachineInstanceMigration }
  /** `signal` fired (timeout or Ctrl-C); `migration` = last seen. */
  | { kind: 'stopped'; migration: VirtualMachineInstanceMigration };

export interface FollowParams {
  namespace: string;
  /** As created or inspected: its name and uid identify it. */
  migration: VirtualMachineInstanceMigration;
  vmiName: string;
  signal: AbortSignal;
  io: Io;
  version?: KubeVirtVersion;
  verbose: boolean;
  /** Say what the progress line is about, e.g. "migrating prod/db-primary". */
  label: string;
  /** The VMI as read before (mode, nodes) until the first poll. */
  vmi?: VirtualMachineInstance;
}

export interface Followed {
  end: FollowEnd;
  /** The VMI as last polled (undefined if never read). */
  vmi?: VirtualMachineInstance;
  seconds: number;
}

/** Re-watches after a failed watch, in a row, before giving up: 1 + MAX_RETRIES watches in all. */
const MAX_RETRIES = 5;
/** Asked of the server for each watch; it then closes the stream, and we re-list. */
const WATCH_TIMEOUT_SECONDS = 60;
/** A re-list that takes longer is a failure (with --request-timeout 0 it would have no limit). */
const LIST_TIMEOUT_MS = 60_000;
/**
 * A stream that stayed open this long before the server closed it was healthy (apiserver
 * timeoutSeconds, a load balancer's idle cut): re-watching then is routine, not a failure, or a
 * quiet migration (Pending on a quota for minutes) behind a 60 s idle timeout would give up.
 */
const HEALTHY_WATCH_MS = 10_000;
const RETRY_DELAY_MS = 1000;
const POLL_MS = 5000;
const LOG_TAIL_LINES = 60;
const LOG_LIMIT_BYTES = 128 * 1024;

export async function followWithProgress(source: ControlSource, p: FollowParams): Promise<Followed> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const reporter = await progressReporter(p.io, p.label);
  let vmi: VirtualMachineInstance | undefined = p.vmi;
  let last = p.migration;
  let percent: number | undefined;
  const show = () => reporter.update(followStatus(last, vmi, seconds(), percent));

  // The poller runs beside the watch and stops with it.
  const stopPolling = new AbortController();
  const polling = (async () => {
    const signal = AbortSignal.any([p.signal, stopPolling.signal]);
    while (!signal.aborted) {
      await sleep(POLL_MS, signal);
      if (signal.aborted) break;
      if (!pollsProgress(last)) continue;
      try {
        vmi = (await source.get<VirtualMachineInstance>('vmi', p.namespace, p.vmiName)) ?? vmi;
        const state = stateOf(last, vmi);
        if (state?.sourcePod && last.status?.phase === 'Running' && last.metadata.uid) {
          const text = await source.podLog(p.namespace, state.sourcePod, { container: 'compute', tailLines: LOG_TAIL_LINES, limitBytes: LOG_LIMIT_BYTES });
          percent = (text ? transferPercent(text, last.metadata.uid, p.version) : undefined) ?? percent;
        }
        show();
      } catch (err) {
        // Progress is a nicety: a failed poll never ends the wait.
        if (p.verbose) p.io.stderr(`progress poll failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  })();

  // The spinner's elapsed time moves on between changes (plain lines only print changes).
  const ticker = setInterval(show, 1000);
  try {
    const end = await followMigration(source, p, (m) => {
      last = m;
      show();
    });
    return { end, ...(vmi ? { vmi } : {}), seconds: seconds() };
  } finally {
    clearInterval(ticker);
    stopPolling.abort();
    await polling;
    reporter.stop();
  }
}

/** The VMI and the log tail are polled while virt-handler has the migration, or a cancel is pending. */
export function pollsProgress(m: VirtualMachineInstanceMigration): boolean {
  return isHandedOffInFlight(m.status?.phase) || Boolean(m.metadata.deletionTimestamp);
}

/** The watch loop proper: list, watch from the list's version, re-watch or re-list, bounded. */
export async function followMigration(
  source: ControlSource,
  p: Pick<FollowParams, 'namespace' | 'migration' | 'signal' | 'verbose' | 'io'>,
  onChange: (m: VirtualMachineInstanceMigration) => void,
): Promise<FollowEnd> {
  const name = p.migration.metadata.name ?? '';
  const uid = p.migration.metadata.uid;
  const fieldSelector = `metadata.name=${name}`;
  const log = (line: string) => p.verbose && p.io.stderr(line + '\n');
  let last = p.migration;
  let resourceVersion: string | undefined;
  let relist = true;
  let failures = 0;
  const fail = (why: string) => {
    failures += 1;
    if (failures > MAX_RETRIES) {
      throw new FailureError(`gave up following migration ${p.namespace}/${name} after ${failures} failed watches in a row (${why}); it continues in the cluster: kubectl vmigrate why ${name} -n ${p.namespace}`);
    }
    log(`watch of virtualmachineinstancemigrations ${name}: ${why}; retry ${failures} of ${MAX_RETRIES}`);
  };

  while (!p.signal.aborted) {
    try {
      if (relist) {
        const { items, resourceVersion: rv } = await source.listWithResourceVersion<VirtualMachineInstanceMigration>(
          'vmim',
          { namespace: p.namespace, fieldSelector },
          { timeoutMs: LIST_TIMEOUT_MS },
        );
        const current = items.find((m) => m.metadata.uid === uid);
        if (!current) return { kind: 'gone', migration: last };
        last = current;
        onChange(current);
        if (isFinal(current.status?.phase)) return { kind: 'final', migration: current };
        resourceVersion = rv;
        relist = false;
      }
      const local = new AbortController();
      let end: FollowEnd | undefined;
      let events = 0;
      let expired = false;
      const opened = Date.now();
      const how = await source.watch<VirtualMachineInstanceMigration>(
        'vmim',
        { namespace: p.namespace, fieldSelector, resourceVersion, timeoutSeconds: WATCH_TIMEOUT_SECONDS },
        (event) => {
          if (end || expired) return;
          if (event.type === 'ERROR') {
            // 410 Expired: the version is too old to resume from; anything else: start over too.
            expired = true;
            log(`watch error ${event.object.code ?? ''} ${event.object.reason ?? ''}: ${event.object.message ?? ''}`);
            local.abort();
            return;
          }
          const m = event.object;
          resourceVersion = m.metadata.resourceVersion ?? resourceVersion;
          if (event.type === 'BOOKMARK') return;
          events += 1;
          if (m.metadata.uid !== uid) {
            // Same name, another object: ours was deleted and replaced.
            if (event.type !== 'DELETED') {
              end = { kind: 'gone', migration: last };
              local.abort();
            }
            return;
          }
          if (event.type === 'DELETED') {
            end = { kind: 'gone', migration: m };
            local.abort();
            return;
          }
          last = m;
          onChange(m);
          if (isFinal(m.status?.phase)) {
            end = { kind: 'final', migration: m };
            local.abort();
          }
        },
        AbortSignal.any([p.signal, local.signal]),
      );
      if (end) return end;
      if (p.signal.aborted) break;
      if (expired) {
        relist = true;
        fail('resource version expired');
        continue;
      }
      if (how === 'expired') {
        // The server never closed a watch it was asked to end: it went silent. Re-list.
        relist = true;
        fail(`no answer from the server ${WATCH_TIMEOUT_SECONDS}s after the watch should have ended`);
        continue;
      }
      if (how === 'closed') {
        // timeoutSeconds (or a restart) ended it: re-list, so a change the stream missed is seen.
        relist = true;
        if (events > 0 || Date.now() - opened >= HEALTHY_WATCH_MS) failures = 0;
        else fail('the server closed the stream');
      }
    } catch (err) {
      if (p.signal.aborted) break;
      if (err instanceof FailureError) throw err;
      if (err instanceof SourceError && (err.kindOf === 'Unauthorized' || err.kindOf === 'Forbidden' || err.kindOf === 'Config')) throw err;
      relist = true;
      fail(err instanceof Error ? err.message : String(err));
      await sleep(RETRY_DELAY_MS * failures, p.signal);
    }
  }
  return { kind: 'stopped', migration: last };
}

// ---- the progress line ----

interface Reporter {
  update(status: FollowStatus): void;
  stop(): void;
}

/**
 * stderr only. A TTY gets an ora spinner whose text is updated in place; anything else gets one
 * plain line per change of phase (or mode/abortStatus), with no escape codes.
 */
async function progressReporter(io: Io, label: string): Promise<Reporter> {
  // A TTY that reports no width (some CI ptys) would make the spinner's redraw arithmetic go wrong.
  if (io.stderrIsTTY && (process.stderr.columns ?? 0) > 0) {
    const spinner = (await showSpinner(`${label}: starting`, { color: true, force: true }))!;
    return {
      update: (s) => spinner.setText(renderFollowLine(label, s)),
      stop: () => spinner.stop(),
    };
  }
  let lastKey = '';
  return {
    update: (s) => {
      const key = `${s.phase}|${s.mode ?? ''}|${s.abortStatus ?? ''}|${s.deleting ? 'd' : ''}`;
      if (key === lastKey) return;
      lastKey = key;
      io.stderr(renderFollowLine(label, s) + '\n');
    },
    stop: () => {},
  };
}
