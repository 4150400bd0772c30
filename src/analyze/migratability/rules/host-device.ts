// PCI passthrough and vGPUs (facts §2, check 3, `HostDeviceNotLiveMigratable`): any
// `hostDevices` entry, and GPUs (≤v1.8 all of them; v1.9+ only mediated devices behind the
// VGPULiveMigration gate can move, which we cannot verify from the spec, so every GPU counts).
// The fix depends on the nodes: a cold move needs another node that offers the devices. Nodes are
// not a `need`: the blocker stands without them, only the fix is then less precise.
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { HostDeviceArgs } from '../rule-args/host-device.js';
import { deviceMove } from '../../scheduling/device-nodes.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const hostDevice: MigratabilityRule<'host-device'> = {
  id: 'host-device',
  severity: 'blocker',
  description: 'hostDevices or gpus (PCI passthrough, vGPU): the device is bound to the source host',
  needs: [],
  evaluate(subject, facts) {
    const findings: RuleFinding<'host-device'>[] = [];
    const devices = subject.spec.domain?.devices;
    if (listOf(devices?.hostDevices).length === 0 && listOf(devices?.gpus).length === 0) return { findings };
    const move = deviceMove(subject.spec, facts.nodes, subject.node);
    for (const kind of ['hostDevices', 'gpus'] as const) {
      listOf(devices?.[kind]).forEach((d, i) => {
        const path = specPath(subject, `domain.devices.${kind}[${i}]`);
        const args: HostDeviceArgs = { device: nameText(d.name), kind: kind === 'gpus' ? 'gpu' : 'hostDevice', move };
        if (d.deviceName) args.deviceName = d.deviceName;
        findings.push({ rule: 'host-device', severity: 'blocker', args, path, evidence: [subjectRef(subject, path)] });
      });
    }
    return { findings };
  },
};
