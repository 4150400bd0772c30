// The thing check-migratable judges: a VM and/or its VMI, reduced to the spec that applies.
// A running VMI's spec wins over the VM template: it is what KubeVirt actually runs (defaults
// filled in by the mutating webhook, e.g. `cpu.model: host-model`, `cdrom.readonly: true`).
import type { EvidenceRef } from '../findings.js';
import type { Condition, VirtualMachine, VirtualMachineInstance } from '../../kube/types.js';
import { COND_LIVE_MIGRATABLE } from '../../kubevirt/constants.js';
import type { Subject } from './rule.js';
import { listOf } from '../shape.js';

export function buildSubject(input: { vm?: VirtualMachine; vmi?: VirtualMachineInstance }): Subject {
  const { vm, vmi } = input;
  const owner = vmi ?? vm;
  if (!owner) throw new Error('buildSubject: a VirtualMachine or a VirtualMachineInstance is required');
  const subject: Subject = {
    namespace: owner.metadata.namespace ?? '',
    name: owner.metadata.name ?? '',
    kind: vmi ? 'VirtualMachineInstance' : 'VirtualMachine',
    spec: (vmi ? vmi.spec : vm?.spec?.template?.spec) ?? {},
    meta: (vmi ? vmi.metadata : vm?.spec?.template?.metadata) ?? {},
    dataVolumeTemplates: listOf(vm?.spec?.dataVolumeTemplates),
  };
  if (vm) subject.vm = vm;
  if (vmi) subject.vmi = vmi;
  const node = vmi?.status?.phase === 'Running' ? vmi.status.nodeName : undefined;
  if (node) subject.node = node;
  return subject;
}

/**
 * Path of a field of the judged spec: `spec.<rest>` on a VMI, `spec.template.spec.<rest>` on a VM
 * (paths always point into the object whose spec was judged, see `Subject.kind`).
 */
export function specPath(subject: Subject, rest: string): string {
  return subject.kind === 'VirtualMachineInstance' ? `spec.${rest}` : `spec.template.spec.${rest}`;
}

/** Evidence pointing at the judged object itself (optionally at one of its fields). */
export function subjectRef(subject: Subject, field?: string): EvidenceRef {
  const ref: EvidenceRef = { kind: subject.kind, namespace: subject.namespace, name: subject.name };
  if (field) ref.field = field;
  return ref;
}

/** The VMI's `LiveMigratable` condition, if KubeVirt has computed one. */
export function liveMigratableCondition(subject: Subject): Condition | undefined {
  return listOf(subject.vmi?.status?.conditions).find((c) => c.type === COND_LIVE_MIGRATABLE);
}
