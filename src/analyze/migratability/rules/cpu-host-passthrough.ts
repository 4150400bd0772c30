// host-passthrough exposes the exact host CPU: only an identical CPU (model, microcode,
// features) can receive the guest, and KubeVirt adds no scheduling labels to find one.
import { CPU_HOST_PASSTHROUGH } from '../../../kubevirt/constants.js';
import type { MigratabilityRule } from '../rule.js';
import type { CpuHostPassthroughArgs } from '../rule-args/cpu-host-passthrough.js';
import { specPath, subjectRef } from '../subject.js';

export const cpuHostPassthrough: MigratabilityRule<'cpu-host-passthrough'> = {
  id: 'cpu-host-passthrough',
  severity: 'warning',
  description: 'cpu.model host-passthrough: only hosts with an identical CPU can receive the guest',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: [] },
  evaluate(subject) {
    if (subject.spec.domain?.cpu?.model !== CPU_HOST_PASSTHROUGH) return { findings: [] };
    const path = specPath(subject, 'domain.cpu.model');
    const args: CpuHostPassthroughArgs = { model: CPU_HOST_PASSTHROUGH };
    if (subject.node) args.node = subject.node;
    return { findings: [{ rule: 'cpu-host-passthrough', severity: 'warning', args, path, evidence: [subjectRef(subject, path)] }] };
  },
};
