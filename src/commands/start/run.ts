// `start NAME`: gather → pre-flight (pure) → create the VMIM (never retried) → optionally follow
// it to its end and diagnose it with `why`. Exit codes (contract §3, README "start"):
// 0 created / dry run accepted / migration succeeded; 1 refused by pre-flight or by the server,
// or the migration failed; 3 could not complete (API errors, --timeout, Ctrl-C during --wait).
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { emit } from '../../cmdutil/output.js';
import { FailureError } from '../../cmdutil/errors.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_PROBLEM, type ExitCode } from '../../cmdutil/exit-codes.js';
import { SourceError } from '../../collect/source.js';
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { formatDuration } from '../../kube/duration.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { decidePreflight, migrationManifest, preflightContext, type StartCause } from '../../analyze/preflight/preflight.js';
import { parseMigrationCreateDenial } from '../../analyze/why/parse/migration-create-denial.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { diagnose } from '../../analyze/why/diagnose.js';
import { startDocument, type StartReport } from '../../render/start-document.js';
import type { WaitOutcome } from '../../render/start-doc-types.js';
import { renderStartText } from '../../render/start-text.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle, type Style } from '../../render/style.js';
import { gatherForWhy } from '../why/gather.js';
import { whyExitCode } from '../why/diagnosis.js';
import type { StartOptions } from './options.js';
import { gatherForStart } from './gather.js';
import { openControlSource, type ControlSource } from '../follow/control-source.js';
import { followWithProgress } from '../follow/follow.js';
import { catchInterrupt, deadline } from '../follow/interrupt.js';

export async function runStart(g: GlobalOptions, o: StartOptions, io: Io): Promise<ExitCode> {
  const style = makeStyle(g.color);
  const source = await openControlSource(g, io);
  try {
    const namespace = g.namespace ?? source.defaultNamespace();
    const gathered = await gatherForStart(source, namespace, o.name);
    io.stderr(renderPartialErrors(gathered.errors, style));
    const ctx = preflightContext(gathered.inputs, o.nodeSelector);
    const preflight = decidePreflight({ ctx, facts: gathered.facts, addedNodeSelector: o.nodeSelector, force: o.force });
    const vmiName = ctx.vmi?.metadata.name ?? ctx.vm?.metadata.name ?? o.name;
    const report: StartReport = { namespace, vmi: vmiName, preflight, dryRun: o.dryRun, errors: gathered.errors };
    const vmName = ctx.vm?.metadata.name ?? ctx.vmi?.metadata.ownerReferences?.find((r) => r.kind === 'VirtualMachine')?.name;
    if (vmName) report.vm = vmName;
    warnings(io, style, preflight, namespace);
    if (preflight.refused) return finish(report, g, io, EXIT_PROBLEM);

    // From here on a Ctrl-C never cuts the create in half: it is noted, and honoured after it.
    const interrupt = catchInterrupt();
    try {
      const created = await create(source, namespace, vmiName, o);
      if ('refusal' in created) {
        report.serverRefusal = created.refusal;
        return finish(report, g, io, EXIT_PROBLEM);
      }
      const m = created.migration;
      report.migration = { name: m.metadata.name ?? '', uid: m.metadata.uid ?? '', phase: m.status?.phase ?? '' };
      if (o.dryRun || !o.wait) {
        if (interrupt.interrupted && !o.dryRun) io.stderr(`Interrupted: migration ${namespace}/${report.migration.name} was created and goes on; cancel it with kubectl vmigrate abort ${report.migration.name} -n ${namespace}\n`);
        return finish(report, g, io, EXIT_OK);
      }
      return await waitForIt(source, report, m, g, o, io, interrupt.signal, ctx.version);
    } finally {
      interrupt.dispose();
    }
  } finally {
    await source.close();
  }
}

type Created = { migration: VirtualMachineInstanceMigration } | { refusal: { cause: StartCause; message: string } };

/** POST once. An admission refusal is a refusal (exit 1); a failure after sending may or may not have created it. */
async function create(source: ControlSource, namespace: string, vmiName: string, o: StartOptions): Promise<Created> {
  const manifest = migrationManifest(namespace, vmiName, o.nodeSelector);
  try {
    return { migration: await source.create('vmim', namespace, manifest, { dryRun: o.dryRun }) };
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    const denial = err.status !== undefined && err.status >= 400 && err.status < 500 ? parseMigrationCreateDenial(err.message) : undefined;
    if (denial) {
      const cause: StartCause =
        denial.kind === 'in-flight-migration' ? 'migration-conflict' : denial.kind === 'vmi-not-migratable' ? 'not-live-migratable' : 'vmi-not-running';
      return { refusal: { cause, message: err.message.replace(/^Error from server \([^)]*\): /, '') } };
    }
    if (err.kindOf === 'ServerError' || err.kindOf === 'Connection' || err.kindOf === 'Timeout' || err.kindOf === 'InvalidResponse') {
      // Never retried: a second POST could create a second migration.
      throw new FailureError(
        `${err.message.replace(/^error: /, '')} (the create was not retried; it may or may not have happened: kubectl get vmim -n ${namespace} -l kubevirt.io/vmi-name=${vmiName})`,
      );
    }
    throw err;
  }
}

async function waitForIt(
  source: ControlSource,
  report: StartReport,
  created: VirtualMachineInstanceMigration,
  g: GlobalOptions,
  o: StartOptions,
  io: Io,
  interrupted: AbortSignal,
  version: KubeVirtVersion | undefined,
): Promise<ExitCode> {
  const limit = deadline(o.timeoutMs);
  const namespace = report.namespace;
  const name = created.metadata.name ?? '';
  let followed;
  try {
    followed = await followWithProgress(source, {
      namespace,
      migration: created,
      vmiName: report.vmi,
      signal: AbortSignal.any([interrupted, limit.signal]),
      io,
      version,
      verbose: g.verbose,
      label: `migration ${namespace}/${name}`,
    });
  } finally {
    limit.clear();
  }
  const { end } = followed;
  const m = end.migration;
  report.migration = { name, uid: m.metadata.uid ?? report.migration?.uid ?? '', phase: m.status?.phase ?? '' };
  const outcome: WaitOutcome = end.kind === 'final' ? 'final' : end.kind === 'gone' ? 'gone' : interrupted.aborted ? 'interrupted' : 'timeout';
  report.wait = { outcome, seconds: followed.seconds };

  if (outcome === 'interrupted') {
    io.stderr(`Interrupted: stopped waiting. Migration ${namespace}/${name} stays in the cluster (phase ${report.migration.phase || 'Pending'}) and goes on; cancel it with kubectl vmigrate abort ${name} -n ${namespace}\n`);
    return finish(report, g, io, EXIT_FAILURE);
  }
  if (outcome === 'gone') return finish(report, g, io, EXIT_PROBLEM);
  // The verdict of `why` on this migration, once (at most 15 requests).
  // Its partial errors are not reported: the document's `errors` are the pre-flight's.
  const { inputs } = await gatherForWhy(source, namespace, name);
  const diagnosis = diagnose(deriveContext(inputs));
  report.diagnosis = diagnosis;
  if (outcome === 'timeout') {
    io.stderr(`error: timed out after ${formatDuration(o.timeoutMs)} waiting for migration ${namespace}/${name} (phase ${report.migration.phase || 'Pending'}); it goes on: kubectl vmigrate why ${name} -n ${namespace}\n`);
    return finish(report, g, io, EXIT_FAILURE);
  }
  return finish(report, g, io, whyExitCode(diagnosis, 'blocker'));
}

function finish(report: StartReport, g: GlobalOptions, io: Io, code: ExitCode): ExitCode {
  const doc = startDocument(report);
  // A small document: written at once (emit writes before its first await).
  void emit(g, io.stdout, { document: () => doc, text: (style, wide) => renderStartText(doc, style, wide) });
  return code;
}

function warnings(io: Io, style: Style, pf: ReturnType<typeof decidePreflight>, namespace: string): void {
  const w = (text: string) => io.stderr(`${style.warn('Warning:')} ${text}\n`);
  const sel = pf.checks.find((c) => c.id === 'node-selector');
  if (sel?.args.kind === 'version-unknown') w('the KubeVirt version is unknown: --node-selector (spec.addedNodeSelector) needs v1.6+ and older versions ignore it silently');
  const over = pf.nodeSelector?.overridden ?? [];
  if (over.length > 0) w(`--node-selector ${over.join(', ')}: the VM's own nodeSelector sets ${over.length === 1 ? 'this key' : 'these keys'} and wins`);
  for (const f of pf.forced) w(`--force: starting despite ${f.cause} (${f.from === 'migratability' ? 'check-migratable blockers' : f.from}) in namespace ${namespace}`);
}
