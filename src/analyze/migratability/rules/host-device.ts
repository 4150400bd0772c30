// PCI passthrough and vGPUs (HostDeviceNotLiveMigratable; docs/kubevirt/live-migratable-by-version.md
// §4.4). Up to v1.8 any `hostDevices` or `gpus` entry blocks. From v1.9 generic PCI devices still
// block, and so does a GPU unless it is the only one, the VGPULiveMigration gate is on (Alpha:
// listed in developerConfiguration.featureGates) and its deviceName is the resourceName of a
// KubeVirt CR `permittedHostDevices.mediatedDevices` entry (externalResourceProvider is not read).
// The fix depends on the nodes: a cold move needs another node that offers the devices. Nodes are
// not a `need`: the blocker stands without them, only the fix is then less precise.
import { GATE_VGPU_LIVE_MIGRATION, KV_REASON, VGPU_LIVE_MIGRATION_SINCE } from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { KubeVirt } from '../../../kube/types.js';
import type { MigratabilityRule, RuleFinding, RuleResult } from '../rule.js';
import type { HostDeviceArgs, HostDeviceProblem } from '../rule-args/host-device.js';
import { releaseOf } from '../release-spans.js';
import { deviceMove } from '../../scheduling/device-nodes.js';
import { specPath, subjectRef } from '../subject.js';
import { alphaGateOn, kubevirtCR } from './_facts.js';
import { listOf, nameText } from '../../shape.js';

/** Whether a GPU's deviceName is a permitted mediated device (vm.go isMdevGPU). */
function isMediated(cr: KubeVirt | undefined, deviceName: string | undefined): boolean {
  const mdevs = listOf(cr?.spec?.configuration?.permittedHostDevices?.mediatedDevices);
  return mdevs.some((m) => m.resourceName !== undefined && m.resourceName === deviceName);
}

export const hostDevice: MigratabilityRule<'host-device'> = {
  id: 'host-device',
  severity: 'blocker',
  description: 'hostDevices or gpus (PCI passthrough, vGPU); from KubeVirt 1.9 one permitted mediated vGPU migrates with the VGPULiveMigration gate',
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.hostDevice],
    changesAt: [VGPU_LIVE_MIGRATION_SINCE],
    reads: [
      'feature gate VGPULiveMigration (v1.9+)',
      'KubeVirt spec.configuration.permittedHostDevices.mediatedDevices[].resourceName (v1.9+)',
    ],
  },
  evaluate(subject, facts): RuleResult<'host-device'> {
    const devices = subject.spec.domain?.devices;
    const hostDevices = listOf(devices?.hostDevices);
    const gpus = listOf(devices?.gpus);
    if (hostDevices.length === 0 && gpus.length === 0) return { findings: [] };
    const v19 = inRelease(releaseOf(facts), { since: VGPU_LIVE_MIGRATION_SINCE });
    // undefined: the GPUs pass (or, with the CR unreadable, cannot be judged: `unresolved`).
    let gpuProblem: HostDeviceProblem | undefined = 'pci-host-device';
    const unresolved: string[] = [];
    if (v19) {
      const cr = kubevirtCR(facts);
      if (gpus.length > 1) gpuProblem = 'too-many-gpus';
      else if (!facts.kubevirt.ok) {
        gpuProblem = undefined;
        if (gpus.length === 1) unresolved.push(facts.kubevirt.reason);
      } else if (!alphaGateOn(cr, GATE_VGPU_LIVE_MIGRATION)) gpuProblem = 'gate-off';
      else if (!isMediated(cr, gpus[0]?.deviceName)) gpuProblem = 'not-mediated';
      else gpuProblem = undefined;
    }
    const findings: RuleFinding<'host-device'>[] = [];
    const move = deviceMove(subject.spec, facts.nodes, subject.node);
    const push = (kind: 'hostDevices' | 'gpus', i: number, d: { name: string; deviceName?: string }, problem: HostDeviceProblem) => {
      const path = specPath(subject, `domain.devices.${kind}[${i}]`);
      const args: HostDeviceArgs = { device: nameText(d.name), kind: kind === 'gpus' ? 'gpu' : 'hostDevice', problem, move };
      if (d.deviceName) args.deviceName = d.deviceName;
      findings.push({ rule: 'host-device', severity: 'blocker', kubevirtReason: KV_REASON.hostDevice, args, path, evidence: [subjectRef(subject, path)] });
    };
    hostDevices.forEach((d, i) => push('hostDevices', i, d, v19 ? 'generic-pci' : 'pci-host-device'));
    if (gpuProblem) gpus.forEach((d, i) => push('gpus', i, d, gpuProblem));
    return unresolved.length > 0 ? { findings, unresolved } : { findings };
  },
};
