// Dedicated CPUs with an isolated emulator thread (DedicatedCPUNotLiveMigratable): KubeVirt v0.59
// and v1.0 refuse to migrate them (vm.go calculateLiveMigrationCondition, `IsCPUDedicated() &&
// IsolateEmulatorThread`); v1.1 dropped the check.
import { KV_REASON, LIVE_MIGRATABLE_REASON_VERSIONS } from '../../../kubevirt/migratability-facts.js';
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';

const RELEASES = LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.dedicatedCpu];

export const cpuDedicatedEmulatorThread: MigratabilityRule<'cpu-dedicated-emulator-thread'> = {
  id: 'cpu-dedicated-emulator-thread',
  severity: 'blocker',
  description: 'dedicatedCpuPlacement with isolateEmulatorThread: KubeVirt 0.59 and 1.0 refuse to migrate it',
  needs: [],
  kubevirt: { reasons: [KV_REASON.dedicatedCpu], releases: RELEASES, changesAt: boundariesOf(RELEASES), reads: [] },
  evaluate(subject, facts) {
    const cpu = subject.spec.domain?.cpu;
    if (cpu?.dedicatedCpuPlacement !== true || cpu.isolateEmulatorThread !== true) return { findings: [] };
    if (!inRelease(releaseOf(facts), RELEASES)) return { findings: [] };
    const path = specPath(subject, 'domain.cpu.isolateEmulatorThread');
    return {
      findings: [
        { rule: 'cpu-dedicated-emulator-thread', severity: 'blocker', kubevirtReason: KV_REASON.dedicatedCpu, args: {}, path, evidence: [subjectRef(subject, path)] },
      ],
    };
  },
};
