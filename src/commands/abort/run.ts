// `abort NAME`: read → decide (pure) → DELETE the inspected VMIM with preconditions.uid (never
// retried) → optionally wait until it is final or gone. Exit codes (docs/output.md, docs/abort.md):
// 0 cancelled (or dry run accepted, or already being cancelled); 1 nothing to abort, refused in
// post-copy, or the migration completed / libvirt refused the cancel; 3 could not complete: API
// errors, the migration changed between read and delete (409/404), --timeout, Ctrl-C.
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { emit } from '../../cmdutil/output.js';
import { FailureError } from '../../cmdutil/errors.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_PROBLEM, type ExitCode } from '../../cmdutil/exit-codes.js';
import { SourceError } from '../../collect/source.js';
import type { KubeVirt, Node, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { vmNameOf } from '../../kube/owners.js';
import { formatDuration } from '../../kube/duration.js';
import { decideAbort } from '../../analyze/abort/decide.js';
import { evacuationNodeOf, recreationWarning } from '../../analyze/abort/recreation.js';
import { abortOutcome, abortRefusal, migrationChanged, type MigrationChanged } from '../../analyze/abort/outcome.js';
import { abortDocument } from '../../render/abort-document.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import type { AbortReport } from '../../render/abort-doc-types.js';
import { renderAbortText } from '../../render/abort-text.js';
import { makeStyle } from '../../render/style.js';
import type { AbortOptions } from './options.js';
import { gatherForAbort } from './gather.js';
import { getEach, getOptional } from '../../collect/gather.js';
import type { GatherError } from '../../kube/known.js';
import { openControlSource, type ControlSource } from '../follow/control-source.js';
import { catchInterrupt } from '../follow/interrupt.js';
import { waitForMigration } from '../follow/wait.js';

export async function runAbort(g: GlobalOptions, o: AbortOptions, io: Io): Promise<ExitCode> {
  const style = makeStyle(g.color);
  const source = await openControlSource(g, io);
  try {
    const namespace = g.namespace ?? source.defaultNamespace();
    const gathered = await gatherForAbort(source, namespace, o.name);
    const plan = decideAbort({
      namespace,
      vmi: gathered.vmi,
      ...(gathered.vm?.metadata.name ? { vmName: gathered.vm.metadata.name } : {}),
      named: gathered.named,
      migrations: gathered.migrations,
      force: o.force,
    });
    const report: AbortReport = { namespace, plan, dryRun: o.dryRun, action: 'none', errors: gathered.errors };
    const recreation = plan.migration ? await recreationOf(source, plan.migration, gathered.vmi, gathered.kubevirt, gathered.errors) : undefined;
    if (gathered.errors.length > 0) io.stderr(renderPartialErrors(gathered.errors, style));
    if (recreation) report.recreation = recreation;
    const refusal = abortRefusal(plan, undefined);
    if (refusal) report.refusal = refusal;
    const vm = vmNameOf(gathered.vmi, gathered.vm);
    if (vm) report.vm = vm;
    const doc = () => abortDocument(report);
    for (const w of doc().warnings) io.stderr(`${style.warn('Warning:')} ${w}\n`);

    const target = plan.migration;
    if (plan.refused || !target) return finish(report, g, io, EXIT_PROBLEM);
    const name = target.metadata.name ?? '';

    const interrupt = catchInterrupt();
    try {
      if (plan.deletionRequested && !o.dryRun) {
        report.action = 'already-requested';
      } else {
        const changed = await remove(source, namespace, target, o.dryRun, vm ?? plan.vmiName);
        if (changed) {
          report.changed = changed;
          report.refusal = abortRefusal(plan, changed);
          io.stderr(`error: migration ${namespace}/${name} changed between read and delete (uid ${target.metadata.uid ?? ''} is gone); nothing was deleted\n`);
          return finish(report, g, io, EXIT_FAILURE);
        }
        report.action = o.dryRun ? 'dry-run' : 'deleted';
      }
      if (o.dryRun || !o.wait) {
        if (interrupt.interrupted && !o.dryRun) io.stderr(`Interrupted: the cancel of ${namespace}/${name} was sent and goes on in the cluster\n`);
        return finish(report, g, io, EXIT_OK);
      }
      return await waitForEnd(source, report, target, g, o, io, interrupt.signal, gathered.vmi);
    } finally {
      interrupt.dispose();
    }
  } finally {
    await source.close();
  }
}

/** Whether KubeVirt re-creates the migration: for an evacuation, one GET of its node (the drain taint). */
async function recreationOf(source: ControlSource, m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined, kubevirt: KubeVirt | undefined, errors: GatherError[]) {
  const nodeName = evacuationNodeOf(m, vmi);
  // The node only words the warning (drain taint or not): unreadable, errors[] says so.
  const read = nodeName ? await getEach<Node>(source, 'node', undefined, [nodeName], errors) : undefined;
  const node = read?.ok ? read.items[0] : undefined;
  return recreationWarning({ migration: m, ...(vmi ? { vmi } : {}), ...(kubevirt ? { kubevirt } : {}), ...(node ? { node } : {}) });
}

/**
 * One DELETE with the inspected uid as precondition. 409 (uid precondition failed: the name now
 * belongs to another object) or 404 (gone): re-read once and report; never loop, never retry.
 */
async function remove(
  source: ControlSource,
  namespace: string,
  target: VirtualMachineInstanceMigration,
  dryRun: boolean,
  vmName: string,
): Promise<MigrationChanged | undefined> {
  const name = target.metadata.name ?? '';
  try {
    await source.delete('vmim', namespace, name, { uid: target.metadata.uid ?? '', dryRun });
    return undefined;
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    if (err.kindOf === 'Conflict' || err.kindOf === 'NotFound') {
      const changed = migrationChanged(target, await getOptional<VirtualMachineInstanceMigration>(source, 'vmim', namespace, name));
      // Still the object inspected: the conflict was not about its uid, so nothing "changed";
      // report the server's refusal as it is (a write is never retried).
      if (!changed) throw new FailureError(`${err.message} (nothing was deleted)`);
      return changed;
    }
    if (err.kindOf === 'ServerError' || err.kindOf === 'Connection' || err.kindOf === 'Timeout' || err.kindOf === 'InvalidResponse') {
      throw new FailureError(
        `${err.message.replace(/^error: /, '')} (the delete was not retried; it may or may not have happened: kubectl vmigrate abort ${vmName} -n ${namespace} --dry-run)`,
      );
    }
    throw err;
  }
}

async function waitForEnd(
  source: ControlSource,
  report: AbortReport,
  target: VirtualMachineInstanceMigration,
  g: GlobalOptions,
  o: AbortOptions,
  io: Io,
  interrupted: AbortSignal,
  vmiBefore: VirtualMachineInstance | undefined,
): Promise<ExitCode> {
  const { namespace, plan } = report;
  const name = target.metadata.name ?? '';
  const followed = await waitForMigration(
    source,
    { namespace, migration: target, vmiName: plan.vmiName, io, verbose: g.verbose, label: `cancelling ${namespace}/${name}`, ...(vmiBefore ? { vmi: vmiBefore } : {}) },
    o.timeoutMs,
    interrupted,
  );
  const { end, outcome } = followed;
  report.wait = { outcome, seconds: followed.seconds };
  // abortStatus lives on the VMI (≤v1.8 live, v1.9+ once failed); read it once at the end.
  const vmi = (await getOptional<VirtualMachineInstance>(source, 'vmi', namespace, plan.vmiName).catch(() => undefined)) ?? followed.vmi ?? vmiBefore;
  report.outcome = abortOutcome(end.migration, end.kind === 'gone', vmi);
  if (outcome === 'interrupted' || outcome === 'timeout') {
    const why = outcome === 'timeout' ? `error: timed out after ${formatDuration(o.timeoutMs)} waiting for` : 'Interrupted: stopped waiting for';
    io.stderr(`${why} the cancel of ${namespace}/${name} (phase ${end.migration.status?.phase || 'Pending'}); it goes on in the cluster\n`);
    return finish(report, g, io, EXIT_FAILURE);
  }
  return finish(report, g, io, report.outcome.kind === 'aborted' ? EXIT_OK : EXIT_PROBLEM);
}

async function finish(report: AbortReport, g: GlobalOptions, io: Io, code: ExitCode): Promise<ExitCode> {
  const doc = abortDocument(report);
  await emit(g, io.stdout, { document: () => doc, text: (style) => renderAbortText(doc, style) });
  return code;
}
