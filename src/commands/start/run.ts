// `start NAME`: gather → pre-flight (pure) → create the VMIM (never retried) → optionally follow
// it to its end and diagnose it with `why`. Exit codes (docs/output.md, docs/start.md):
// 0 created / dry run accepted / migration succeeded; 1 refused by pre-flight or by the server,
// or the migration failed; 3 could not complete (API errors, --timeout, Ctrl-C during --wait).
import { originOf } from '../../analyze/migration/origin.js';
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { emit } from '../../cmdutil/output.js';
import { FailureError } from '../../cmdutil/errors.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_PROBLEM, type ExitCode } from '../../cmdutil/exit-codes.js';
import { SourceError } from '../../collect/source.js';
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { formatDuration } from '../../kube/duration.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { decidePreflight, migrationManifest, preflightContext } from '../../analyze/start/preflight.js';
import { goneVerdict, serverRefusalOf, type ServerRefusal } from '../../analyze/start/outcome.js';
import { startDocument, type StartReport } from '../../render/start-document.js';
import { renderStartText, startWarnings } from '../../render/start-text.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { diagnoseOnce, whyExitCode } from '../why/diagnosis.js';
import type { StartOptions } from './options.js';
import { gatherForStart } from './gather.js';
import { openControlSource, type ControlSource } from '../follow/control-source.js';
import { catchInterrupt } from '../follow/interrupt.js';
import { waitForMigration } from '../follow/wait.js';

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
    if (ctx.vmName) report.vm = ctx.vmName;
    for (const w of startWarnings(preflight, namespace)) io.stderr(`${style.warn('Warning:')} ${w}\n`);
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
      report.migration = { name: m.metadata.name ?? '', uid: m.metadata.uid ?? '', phase: m.status?.phase ?? '', origin: originOf(m) };
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

type Created = { migration: VirtualMachineInstanceMigration } | { refusal: ServerRefusal };

/** POST once. An admission refusal is a refusal (exit 1); a failure after sending may or may not have created it. */
async function create(source: ControlSource, namespace: string, vmiName: string, o: StartOptions): Promise<Created> {
  const manifest = migrationManifest(namespace, vmiName, o.nodeSelector);
  try {
    return { migration: await source.create('vmim', namespace, manifest, { dryRun: o.dryRun }) };
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    const refusal = serverRefusalOf(err.status, err.message);
    if (refusal) return { refusal };
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
  const namespace = report.namespace;
  const name = created.metadata.name ?? '';
  const { end, outcome, seconds } = await waitForMigration(
    source,
    { namespace, migration: created, vmiName: report.vmi, io, version, verbose: g.verbose, label: `migration ${namespace}/${name}` },
    o.timeoutMs,
    interrupted,
  );
  const m = end.migration;
  report.migration = { name, uid: m.metadata.uid ?? report.migration?.uid ?? '', phase: m.status?.phase ?? '', origin: originOf(m) };
  report.wait = { outcome, seconds };

  if (outcome === 'interrupted') {
    io.stderr(`Interrupted: stopped waiting. Migration ${namespace}/${name} stays in the cluster (phase ${report.migration.phase || 'Pending'}) and goes on; cancel it with kubectl vmigrate abort ${name} -n ${namespace}\n`);
    return finish(report, g, io, EXIT_FAILURE);
  }
  if (outcome === 'gone') {
    report.gone = goneVerdict(report.migration.phase);
    return finish(report, g, io, EXIT_PROBLEM);
  }
  // The verdict of `why` on this migration, once (at most 15 requests).
  // Its partial errors are not reported: the document's `errors` are the pre-flight's.
  const { diagnosis } = await diagnoseOnce(source, namespace, name);
  report.diagnosis = diagnosis;
  if (outcome === 'timeout') {
    io.stderr(`error: timed out after ${formatDuration(o.timeoutMs)} waiting for migration ${namespace}/${name} (phase ${report.migration.phase || 'Pending'}); it goes on: kubectl vmigrate why ${name} -n ${namespace}\n`);
    return finish(report, g, io, EXIT_FAILURE);
  }
  return finish(report, g, io, whyExitCode(diagnosis, 'blocker'));
}

async function finish(report: StartReport, g: GlobalOptions, io: Io, code: ExitCode): Promise<ExitCode> {
  const doc = startDocument(report);
  await emit(g, io.stdout, { document: () => doc, text: (style, wide) => renderStartText(doc, style, wide) });
  return code;
}
