// PCI passthrough and vGPUs (facts §2, check 3, `HostDeviceNotLiveMigratable`): any
// `hostDevices` entry, and GPUs (≤v1.8 all of them; v1.9+ only mediated devices behind the
// VGPULiveMigration gate can move, which we cannot verify from the spec, so every GPU counts).
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { HostDeviceArgs } from '../rule-args/host-device.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const hostDevice: MigratabilityRule<'host-device'> = {
  id: 'host-device',
  severity: 'blocker',
  description: 'hostDevices or gpus (PCI passthrough, vGPU): the device is bound to the source host',
  needs: [],
  evaluate(subject) {
    const findings: RuleFinding<'host-device'>[] = [];
    const devices = subject.spec.domain?.devices;
    for (const kind of ['hostDevices', 'gpus'] as const) {
      listOf(devices?.[kind]).forEach((d, i) => {
        const path = specPath(subject, `domain.devices.${kind}[${i}]`);
        const args: HostDeviceArgs = { device: nameText(d.name), kind: kind === 'gpus' ? 'gpu' : 'hostDevice' };
        if (d.deviceName) args.deviceName = d.deviceName;
        findings.push({ rule: 'host-device', severity: 'blocker', args, path, evidence: [subjectRef(subject, path)] });
      });
    }
    return { findings };
  },
};
