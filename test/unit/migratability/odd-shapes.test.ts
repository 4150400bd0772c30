// Regressions found by the property tests (test/property/migratability.test.ts): dumps and
// hand-written manifests where a list is the support bundles' "null", a map, or one item
// instead of a list. Each case is a shrunk counterexample on the fixture builders: every rule
// must still judge the VM (an exception became "internal error" in `unknown`, or a crash).
import { describe, expect, it } from 'vitest';
import { evaluateMigratability } from '../../../src/analyze/migratability/evaluate.js';
import { buildSubject } from '../../../src/analyze/migratability/subject.js';
import type { KubeObject, VirtualMachine, VirtualMachineInstance } from '../../../src/kube/types.js';
import { clusterFacts, dataVolume, node, pv, pvc, storageProfile, vm, vmi, type FactsInput } from '../../fixtures/objects/index.js';

type Odd = Record<string, unknown>;
/** Set `path` (dot-separated, numeric parts index arrays) in a copy of `obj`. */
function withField<T extends KubeObject>(obj: T, path: string, value: unknown): T {
  const copy = structuredClone(obj) as unknown as Odd;
  const keys = path.split('.');
  let at = copy;
  for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Odd;
  at[keys.at(-1)!] = value;
  return copy as unknown as T;
}

function judge(objs: { vm?: VirtualMachine; vmi?: VirtualMachineInstance }, facts: FactsInput = {}) {
  const e = evaluateMigratability(buildSubject(objs), clusterFacts({ nodes: [node('node-a'), node('node-b')], ...facts }));
  expect(e.unknown.filter((u) => u.missing.startsWith('internal error'))).toEqual([]);
  return e;
}

describe('rules on VMIs whose lists are not lists', () => {
  it.each<[string, string, unknown]>([
    ['volumes "null"', 'spec.volumes', 'null'],
    ['disks as a map', 'spec.domain.devices.disks', {}],
    ['one interface instead of a list', 'spec.domain.devices.interfaces', { name: 'default', masquerade: {} }],
    ['hostDevices "null"', 'spec.domain.devices.hostDevices', 'null'],
    ['filesystems as a map', 'spec.domain.devices.filesystems', {}],
    ['networks as a map', 'spec.networks', {}],
    ['podAntiAffinity terms "null" (shrunk: affinity-restrictive threw)', 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution', 'null'],
    ['podAffinity terms as a map', 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution', {}],
    ['node affinity terms "null"', 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms', 'null'],
    ['conditions as a map', 'status.conditions', {}],
    ['volumeStatus "null"', 'status.volumeStatus', 'null'],
    ['volumeStatus accessModes as a map', 'status.volumeStatus.0.persistentVolumeClaimInfo.accessModes', {}],
  ])('%s', (_, path, value) => {
    judge({ vmi: withField(vmi('vm1'), path, value) });
  });

  it('a label selector requirement whose values are one string, not a list', () => {
    const term = { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: 'db' }] }, topologyKey: 'kubernetes.io/hostname' };
    const e = judge({ vmi: withField(vmi('vm1'), 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution', [term]) });
    expect(e.findings.find((f) => f.rule === 'affinity-restrictive')?.args.selector).toBe('app In');
  });

  it('VM dataVolumeTemplates as a map', () => {
    const spec = { spec: { volumes: [{ name: 'disk-0', dataVolume: { name: 'vm1-disk-0' } }] } };
    judge({ vm: withField(vm('vm1', spec), 'spec.dataVolumeTemplates', {}) });
  });
});

describe('rules on cluster objects whose lists are not lists', () => {
  it('node conditions and taints, PV node affinity terms, PVC access modes, StorageProfile property sets', () => {
    const odd = {
      nodes: [withField(node('node-a'), 'status.conditions', {}), withField(node('node-b'), 'spec.taints', 'null')],
      pvcs: [withField(pvc('vm1-disk-0'), 'status.accessModes', 'ReadWriteMany'), withField(pvc('data'), 'spec.accessModes', {})],
      pvs: [withField(pv('pvc-vm1-disk-0', { claim: { name: 'vm1-disk-0' }, hostnames: ['node-a'] }), 'spec.nodeAffinity.required.nodeSelectorTerms.0.matchExpressions', 'null')],
      dataVolumes: [dataVolume('data', { storage: { storageClassName: 'longhorn' } })],
      storageProfiles: [withField(storageProfile('longhorn', []), 'status.claimPropertySets', {})],
    };
    const spec = { spec: { volumes: [{ name: 'disk-0', persistentVolumeClaim: { claimName: 'vm1-disk-0' } }, { name: 'data', dataVolume: { name: 'data' } }] } };
    judge({ vmi: vmi('vm1', spec) }, odd);
  });
});
