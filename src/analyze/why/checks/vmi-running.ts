// Live migration needs a live source: a VMI in phase Running on a Ready node (users #26: a VM
// "migrating" away from a dead node waits forever; the way out is a restart or a force-stop).
// It explains the migration only while the migration is not final, or when there is none: a
// final migration's history is judged by failure-reason, so there it is only reported.
import type { EvidenceRef } from '../../findings.js';
import { nodeReadyCondition } from '../../scheduling/readiness.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import type { Names, Problem } from '../check-args/vmi-running.js';
import type { WhyContext } from '../context.js';
import { isFinal } from '../../migration/phase.js';
import { vmOwnerOf } from '../../../kube/owners.js';
import { decentralizedHalf } from '../../decentralized/half.js';

export const vmiRunning: WhyCheck<'vmi-running'> = {
  id: 'vmi-running',
  run(ctx) {
    const blocking = !isFinal(ctx.migration?.status?.phase);
    // Names the hint needs: namespace, VM, migration.
    const names: Names = { namespace: ctx.namespace };
    if (ctx.vm?.metadata.name) names.vm = ctx.vm.metadata.name;
    else if (ctx.vmi && vmOwnerOf(ctx.vmi) !== undefined) names.vm = ctx.vmi.metadata.name ?? '';
    if (ctx.migration?.metadata.name) names.migration = ctx.migration.metadata.name;
    const problem = (args: Problem, evidence: EvidenceRef[]): CheckResult<'vmi-running'> =>
      blocking
        ? result('vmi-running', 'fail', { ...names, ...args }, evidence, 'vmi-not-running')
        : result('vmi-running', 'info', { ...names, ...args }, evidence);

    const { vmi } = ctx;
    const vmiName = vmi?.metadata.name ?? ctx.migration?.spec?.vmiName ?? ctx.requested.name;
    if (!vmi) {
      const args: Problem = { kind: 'missing', vmi: vmiName, namespace: ctx.namespace };
      const evidence: EvidenceRef[] = [];
      if (ctx.vm) {
        const ref: EvidenceRef = { kind: 'VirtualMachine', namespace: ctx.namespace, name: ctx.vm.metadata.name ?? vmiName, field: 'status.printableStatus' };
        if (ctx.vm.status?.printableStatus) ref.message = args.vmStatus = ctx.vm.status.printableStatus;
        evidence.push(ref);
      }
      return problem(args, evidence);
    }
    const vmiRef: EvidenceRef = { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmiName, field: 'status.phase' };
    const phase = vmi.status?.phase ?? '';
    // The receiving VMI of a decentralized target half (WaitingForSync, Scheduling, …) runs only
    // once the migration succeeded: the live source is the other cluster's VMI.
    if (decentralizedHalf(ctx.migration)?.kind === 'decentralized-target' && phase !== 'Running') {
      return result('vmi-running', blocking ? 'pass' : 'info', { kind: 'receiver', vmi: vmiName, phase }, [{ ...vmiRef, message: phase }]);
    }
    if (phase !== 'Running') {
      return problem({ kind: 'phase', vmi: vmiName, namespace: ctx.namespace, phase }, [{ ...vmiRef, message: phase }]);
    }
    const node = vmi.status?.nodeName;
    if (!node) return result('vmi-running', 'pass', { kind: 'running', vmi: vmiName, phase }, [vmiRef]);
    return nodeState(ctx, vmiName, node, problem);
  },
};

/** The source node's kubelet `Ready` condition: False or Unknown means no live source. */
function nodeState(ctx: WhyContext, vmi: string, node: string, problem: (a: Problem, e: EvidenceRef[]) => CheckResult<'vmi-running'>): CheckResult<'vmi-running'> {
  if (!ctx.nodes.ok) {
    return { ...result('vmi-running', 'unknown', { kind: 'running', vmi, phase: 'Running', node }), missing: ctx.nodes.reason };
  }
  const n = ctx.index.byName(ctx.nodes.items, node);
  if (!n) {
    return problem({ kind: 'node-missing', vmi, node }, [{ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmi, field: 'status.nodeName', message: node }]);
  }
  const ready = nodeReadyCondition(n);
  if (ready?.status === 'True') return result('vmi-running', 'pass', { kind: 'running', vmi, phase: 'Running', node }, []);
  const args: Problem = { kind: 'node-not-ready', vmi, node, status: ready?.status ?? 'missing' };
  if (ready?.reason) args.reason = ready.reason;
  const ref: EvidenceRef = { kind: 'Node', name: node, field: 'status.conditions[Ready]' };
  if (ready?.message) ref.message = ready.message;
  return problem(args, [ref]);
}
