import { describe, expect, it } from 'vitest';
import type { KubeVirt } from '../../../src/kube/types.js';
import { clusterFacts, forbidden, kubevirtCR, node, vm, vmi } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';

describe('host-device', () => {
  const A10 = 'nvidia.com/GA102GL_A10';
  const QAT = 'intel.com/qat';
  /** A KubeVirt node whose device plugins publish `devices` (allocatable and capacity alike). */
  const deviceNode = (name: string, devices: Record<string, string> = {}, o: { schedulable?: boolean } = {}) => {
    const n = node(name, o);
    n.status = { ...n.status, allocatable: { ...n.status?.allocatable, ...devices }, capacity: { ...n.status?.allocatable, ...devices } };
    return n;
  };
  const gpuVmi = vmi('vm1', { devices: { gpus: [{ name: 'gpu1', deviceName: A10 }] } });

  it('fires per hostDevice and GPU', () => {
    const v = vmi('vm1', {
      devices: {
        hostDevices: [{ name: 'nic1', deviceName: QAT }],
        gpus: [{ name: 'gpu1', deviceName: A10 }],
      },
    });
    const facts = clusterFacts({ nodes: [deviceNode('node-a', { [QAT]: '1', [A10]: '1' }), deviceNode('node-b', { [QAT]: '2', [A10]: '1' })], kubevirt: [kubevirtCR({ version: 'v1.8.2' })] });
    const move = { kind: 'restart-elsewhere', resources: [QAT, A10], nodes: ['node-b'] };
    const { findings } = run('host-device', { vmi: v }, facts);
    expect(findings).toEqual([
      {
        rule: 'host-device',
        severity: 'blocker',
        kubevirtReason: 'HostDeviceNotLiveMigratable',
        args: { device: 'nic1', kind: 'hostDevice', problem: 'pci-host-device', deviceName: QAT, move },
        path: 'spec.domain.devices.hostDevices[0]',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.hostDevices[0]' }],
      },
      {
        rule: 'host-device',
        severity: 'blocker',
        kubevirtReason: 'HostDeviceNotLiveMigratable',
        args: { device: 'gpu1', kind: 'gpu', problem: 'pci-host-device', deviceName: A10, move },
        path: 'spec.domain.devices.gpus[0]',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.gpus[0]' }],
      },
    ]);
  });

  it('fix: the only GPU node is its own (the example cluster): no restart elsewhere', () => {
    const facts = clusterFacts({ nodes: [deviceNode('node-a', { [A10]: '1' }), deviceNode('node-b'), deviceNode('node-c', { [A10]: '0' })] });
    expect(run('host-device', { vmi: gpuVmi }, facts).findings.map((f) => f.args.move)).toEqual([{ kind: 'no-other-node', resources: [A10], nodes: ['node-a'] }]);
  });

  it('fix: another node offers the GPU: restart there; a node without kubevirt.io/schedulable does not count', () => {
    const facts = clusterFacts({ nodes: [deviceNode('node-a', { [A10]: '1' }), deviceNode('node-b', { [A10]: '1' }), deviceNode('gpu-x', { [A10]: '4' }, { schedulable: false })] });
    expect(run('host-device', { vmi: gpuVmi }, facts).findings[0]?.args.move).toEqual({ kind: 'restart-elsewhere', resources: [A10], nodes: ['node-b'] });
  });

  it('fix: two GPUs of one model need a node with two', () => {
    const two = vmi('vm1', { devices: { gpus: [{ name: 'gpu1', deviceName: A10 }, { name: 'gpu2', deviceName: A10 }] } });
    const facts = clusterFacts({ nodes: [deviceNode('node-a', { [A10]: '2' }), deviceNode('node-b', { [A10]: '1' }), deviceNode('node-c', { [A10]: '2' })] });
    expect(run('host-device', { vmi: two }, facts).findings[0]?.args.move).toEqual({ kind: 'restart-elsewhere', resources: [A10], nodes: ['node-c'] });
  });

  it('fix: no node offers the device at all (device plugin gone)', () => {
    const facts = clusterFacts({ nodes: [deviceNode('node-a'), deviceNode('node-b')] });
    expect(run('host-device', { vmi: gpuVmi }, facts).findings[0]?.args.move).toEqual({ kind: 'no-other-node', resources: [A10], nodes: [] });
  });

  it('a stopped VM: every node offering the device is a place to start it', () => {
    const facts = clusterFacts({ nodes: [deviceNode('node-a', { [A10]: '1' }), deviceNode('node-b')] });
    const stopped = vm('vm1', { devices: { gpus: [{ name: 'gpu1', deviceName: A10 }] } });
    expect(run('host-device', { vm: stopped }, facts).findings[0]?.args.move).toEqual({ kind: 'restart-elsewhere', resources: [A10], nodes: ['node-a'] });
  });

  it('fix: nodes unreadable, or a DRA device without deviceName: nodes-unknown, the blocker stands', () => {
    const unreadable = run('host-device', { vmi: gpuVmi }, clusterFacts({ nodes: forbidden('nodes') }));
    expect(unreadable).toMatchObject({ findings: [{ severity: 'blocker', args: { move: { kind: 'nodes-unknown', resources: [A10] } } }], unresolved: [] });
    const dra = vmi('vm1', { devices: { gpus: [{ name: 'gpu1' }] } });
    expect(run('host-device', { vmi: dra }, clusterFacts({ nodes: [deviceNode('node-a')] })).findings[0]?.args.move).toEqual({ kind: 'nodes-unknown', resources: [] });
  });

  it('does not fire without devices', () => {
    expect(run('host-device', { vmi: vmi('vm1') }).findings).toEqual([]);
  });

  describe('KubeVirt 1.9: one permitted mediated vGPU with VGPULiveMigration migrates', () => {
    const gpu = vmi('vm1', { devices: { gpus: [{ name: 'm10', deviceName: 'nvidia.com/GRID_M10-2B' }] } });
    const cr = (gates: string[], mdevs: { resourceName: string; externalResourceProvider?: boolean }[]) => {
      const k = kubevirtCR({ version: 'v1.9.0' });
      k.spec = { configuration: { developerConfiguration: { featureGates: gates }, permittedHostDevices: { mediatedDevices: mdevs } } };
      return clusterFacts({ kubevirt: [k] });
    };
    const problems = (v: typeof gpu, facts: ReturnType<typeof cr>) => run('host-device', { vmi: v }, facts).findings.map((f) => f.args.problem);

    it('passes with the gate on and the device listed (externalResourceProvider either way)', () => {
      expect(problems(gpu, cr(['VGPULiveMigration'], [{ resourceName: 'nvidia.com/GRID_M10-2B' }]))).toEqual([]);
      expect(problems(gpu, cr(['VGPULiveMigration'], [{ resourceName: 'nvidia.com/GRID_M10-2B', externalResourceProvider: true }]))).toEqual([]);
    });

    it('names the first of the four refusals of KubeVirt that applies', () => {
      expect(problems(gpu, cr([], [{ resourceName: 'nvidia.com/GRID_M10-2B' }]))).toEqual(['gate-off']);
      expect(problems(gpu, cr(['VGPULiveMigration'], []))).toEqual(['not-mediated']);
      const two = vmi('vm1', { devices: { gpus: [{ name: 'a', deviceName: 'x' }, { name: 'b', deviceName: 'x' }] } });
      expect(problems(two, cr(['VGPULiveMigration'], [{ resourceName: 'x' }]))).toEqual(['too-many-gpus', 'too-many-gpus']);
      const withPci = vmi('vm1', { devices: { hostDevices: [{ name: 'nic', deviceName: 'intel.com/qat' }], gpus: [{ name: 'm10', deviceName: 'nvidia.com/GRID_M10-2B' }] } });
      expect(problems(withPci, cr(['VGPULiveMigration'], [{ resourceName: 'nvidia.com/GRID_M10-2B' }]))).toEqual(['generic-pci']);
    });

    it('an unreadable KubeVirt CR leaves a lone GPU unjudged, not passed', () => {
      const facts = { ...cr([], []), kubevirt: forbidden<KubeVirt>('kubevirts.kubevirt.io') };
      expect(run('host-device', { vmi: gpu }, facts)).toEqual({ findings: [], unresolved: ['kubevirts.kubevirt.io: forbidden'] });
    });
  });
});

describe('interface-not-migratable', () => {
  const bridge = { devices: { interfaces: [{ name: 'default', bridge: {} }] } };

  it('does not fire for masquerade on the pod network (the real VMIs)', () => {
    expect(run('interface-not-migratable', { vmi: vmi('vm1') }, clusterFacts({ kubevirt: [kubevirtCR()] }))).toEqual({ findings: [], unresolved: [] });
  });

  it('fires for bridge on the pod network without the allow annotation', () => {
    const { findings } = run('interface-not-migratable', { vmi: vmi('vm1', bridge) }, clusterFacts({ kubevirt: [kubevirtCR()] }));
    expect(findings).toEqual([
      {
        rule: 'interface-not-migratable',
        severity: 'blocker',
        kubevirtReason: 'InterfaceNotLiveMigratable',
        args: { network: 'default', interface: 'default', binding: 'bridge', annotation: false },
        path: 'spec.domain.devices.interfaces[0]',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.interfaces[0]' }],
      },
    ]);
  });

  it('accepts bridge with the annotation: on the VMI, or on the VM template', () => {
    const annotations = { 'kubevirt.io/allow-pod-bridge-network-live-migration': 'true' };
    const facts = clusterFacts({ kubevirt: [kubevirtCR()] });
    expect(run('interface-not-migratable', { vmi: vmi('vm1', { ...bridge, annotations }) }, facts).findings).toEqual([]);
    expect(run('interface-not-migratable', { vm: vm('vm1', { ...bridge, annotations }) }, facts).findings).toEqual([]);
    // On the VM's own metadata it does not count: KubeVirt reads the VMI's.
    const onVm = vm('vm1', bridge);
    onVm.metadata.annotations = annotations;
    expect(run('interface-not-migratable', { vm: onVm }, facts).findings).toHaveLength(1);
  });

  it('fires for sriov and slirp on the pod network', () => {
    for (const binding of ['sriov', 'slirp'] as const) {
      const v = vmi('vm1', { devices: { interfaces: [{ name: 'default', [binding]: {} }] } });
      expect(run('interface-not-migratable', { vmi: v }).findings[0]?.args.binding).toBe(binding);
    }
  });

  it('passtBinding: accepted from KubeVirt 1.8; the old core passt never', () => {
    const v18 = clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.8.0' })] });
    const v17 = clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.7.1' })] });
    const binding = vmi('vm1', { devices: { interfaces: [{ name: 'default', passtBinding: {} }] } });
    expect(run('interface-not-migratable', { vmi: binding }, v18).findings).toEqual([]);
    expect(run('interface-not-migratable', { vmi: binding }, v17).findings).toHaveLength(1);
    const core = vmi('vm1', { devices: { interfaces: [{ name: 'default', passt: {} }] } });
    expect(run('interface-not-migratable', { vmi: core }, v17).findings).toHaveLength(1);
    expect(run('interface-not-migratable', { vmi: core }, v18).findings).toHaveLength(1);
  });

  it('a pod network without its interface: refused from KubeVirt 1.8, passed before; no interfaces at all pass', () => {
    const v = vmi('vm1', { devices: { interfaces: [{ name: 'other', masquerade: {} }] } });
    expect(run('interface-not-migratable', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.8.0' })] })).findings[0]?.args.binding).toBe('missing');
    expect(run('interface-not-migratable', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.7.0' })] })).findings).toEqual([]);
    const none = vmi('vm1', { devices: { interfaces: [] } });
    expect(run('interface-not-migratable', { vmi: none }, clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.8.0' })] })).findings).toEqual([]);
  });

  it('binding plugin: fires without `migration` in the KubeVirt CR (real Harvester managedtap), not with it', () => {
    const v = vmi('vm1', { devices: { interfaces: [{ name: 'default', binding: { name: 'managedtap' } }] } });
    const { findings } = run('interface-not-migratable', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR()] }));
    expect(findings[0]?.args).toEqual({ network: 'default', interface: 'default', binding: 'plugin', plugin: 'managedtap' });
    expect(findings[0]?.evidence[1]).toEqual({
      kind: 'KubeVirt',
      namespace: 'harvester-system',
      name: 'kubevirt',
      field: 'spec.configuration.network.binding.managedtap',
    });
    const withMigration = kubevirtCR({ bindings: { managedtap: { domainAttachmentType: 'managedTap', migration: {} } } });
    expect(run('interface-not-migratable', { vmi: v }, clusterFacts({ kubevirt: [withMigration] })).findings).toEqual([]);
  });

  it('an interface without binding takes the CR default; unknown default is not guessed', () => {
    const v = vm('vm1', { devices: { interfaces: [{ name: 'default' }] } });
    const withDefault = clusterFacts({ kubevirt: [kubevirtCR({ defaultNetworkInterface: 'bridge' })] });
    expect(run('interface-not-migratable', { vm: v }, withDefault).findings[0]?.args.binding).toBe('bridge');
    expect(run('interface-not-migratable', { vm: v }, clusterFacts({ kubevirt: [kubevirtCR()] })).findings).toEqual([]);
  });

  it('no pod network ⇒ nothing to check', () => {
    const v = vmi('vm1', {
      devices: { interfaces: [{ name: 'sec', bridge: {} }] },
      spec: { networks: [{ name: 'sec', multus: { networkName: 'vlan10' } }] },
    });
    expect(run('interface-not-migratable', { vmi: v }).findings).toEqual([]);
  });
});

describe('interface-sriov', () => {
  it('fires for SR-IOV on a Multus network, not on masquerade', () => {
    const v = vmi('vm1', {
      devices: { interfaces: [{ name: 'default', masquerade: {} }, { name: 'fast', sriov: {} }] },
      spec: { networks: [{ name: 'default', pod: {} }, { name: 'fast', multus: { networkName: 'sriov-net' } }] },
    });
    expect(run('interface-sriov', { vmi: v }).findings).toEqual([
      {
        rule: 'interface-sriov',
        severity: 'info',
        args: { interface: 'fast', network: 'fast', networkName: 'sriov-net' },
        path: 'spec.domain.devices.interfaces[1]',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.interfaces[1]' }],
      },
    ]);
    expect(run('interface-sriov', { vmi: vmi('vm2') }).findings).toEqual([]);
  });
});
