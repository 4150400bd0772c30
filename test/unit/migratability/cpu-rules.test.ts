import { describe, expect, it } from 'vitest';
import type { Node } from '../../../src/kube/types.js';
import { clusterFacts, forbidden, GENOA_FEATURES, kubevirtCR, loadRealOne, node, vm, vmi } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';

describe('cpu-host-passthrough', () => {
  it('fires for host-passthrough, not for host-model', () => {
    const v = vmi('vm1', { domain: { cpu: { model: 'host-passthrough' } } });
    expect(run('cpu-host-passthrough', { vmi: v }).findings).toEqual([
      {
        rule: 'cpu-host-passthrough',
        severity: 'warning',
        args: { model: 'host-passthrough', node: 'node-a' },
        path: 'spec.domain.cpu.model',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.cpu.model' }],
      },
    ]);
    expect(run('cpu-host-passthrough', { vmi: vmi('vm1') }).findings).toEqual([]);
  });
});

describe('cpu-host-model-unique', () => {
  const source = node('node-a');

  it('fires when no other node offers the source host model + features (harvester/harvester#3015)', () => {
    const rome = node('node-b', { hostModel: 'EPYC-Rome', requiredFeatures: ['ssbd', 'stibp'] });
    const intel = node('node-c', { vendor: 'Intel' }); // same model labels, other vendor
    const { findings } = run('cpu-host-model-unique', { vmi: vmi('vm1', { node: 'node-a' }) }, clusterFacts({ nodes: [source, rome, intel] }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      severity: 'blocker',
      path: 'spec.domain.cpu.model',
      args: {
        node: 'node-a',
        model: 'EPYC-Genoa',
        features: [...GENOA_FEATURES].sort(),
        vendor: 'AMD',
        candidates: 2,
        missing: [
          'node-b: cpu-model-migration.node.kubevirt.io/EPYC-Genoa, cpu-feature.node.kubevirt.io/arch-capabilities, cpu-feature.node.kubevirt.io/cmp_legacy, cpu-feature.node.kubevirt.io/tsc-deadline, cpu-feature.node.kubevirt.io/x2apic',
          'node-c: cpu-vendor.node.kubevirt.io/AMD',
        ],
      },
    });
    expect(findings[0]?.evidence[1]).toEqual({ kind: 'Node', name: 'node-a', field: 'metadata.labels' });
  });

  it('does not fire when another node offers the model (a newer CPU lists older models for migration)', () => {
    const newer = node('node-b', { hostModel: 'EPYC-Turin', features: ['avx512f'], labels: { 'cpu-model-migration.node.kubevirt.io/EPYC-Genoa': 'true' } });
    // node-b carries every required feature of node-a too
    for (const f of GENOA_FEATURES) (newer.metadata.labels ?? {})[`cpu-feature.node.kubevirt.io/${f}`] = 'true';
    expect(run('cpu-host-model-unique', { vmi: vmi('vm1') }, clusterFacts({ nodes: [source, newer] })).findings).toEqual([]);
  });

  it('excludes targets labelled obsolete-host-model and nodes KubeVirt cannot use', () => {
    const obsolete = node('node-b', { labels: { 'node-labeller.kubevirt.io/obsolete-host-model': 'EPYC-Genoa' } });
    const off = node('node-c', { schedulable: false });
    const { findings } = run('cpu-host-model-unique', { vmi: vmi('vm1') }, clusterFacts({ nodes: [source, obsolete, off] }));
    expect(findings[0]?.args.missing).toEqual(['node-b: node-labeller.kubevirt.io/obsolete-host-model']);
  });

  it('fires when the source node publishes no host model (KubeVirt CPUModeLiveMigratable)', () => {
    const bare = node('node-a', { hostModel: null });
    const { findings } = run('cpu-host-model-unique', { vmi: vmi('vm1') }, clusterFacts({ nodes: [bare, node('node-b')] }));
    expect(findings[0]?.args).toMatchObject({ node: 'node-a', model: '', missing: [] });
    expect(findings[0]?.kubevirtReason).toBe('CPUModeLiveMigratable');
    // KubeVirt refuses even when no other node exists (vm.go isHostModelMigratable reads only its own node).
    expect(run('cpu-host-model-unique', { vmi: vmi('vm1') }, clusterFacts({ nodes: [bare] })).findings[0]?.kubevirtReason).toBe('CPUModeLiveMigratable');
  });

  it('selects the source CPU vendor only from KubeVirt 1.8', () => {
    const intel = node('node-b', { vendor: 'Intel' });
    const at = (version: string) => clusterFacts({ nodes: [source, intel], kubevirt: [kubevirtCR({ version })] });
    expect(run('cpu-host-model-unique', { vmi: vmi('vm1') }, at('v1.7.0')).findings).toEqual([]);
    expect(run('cpu-host-model-unique', { vmi: vmi('vm1') }, at('v1.8.0')).findings[0]?.args).toMatchObject({ node: 'node-a', vendor: 'AMD' });
    expect(run('cpu-host-model-unique', { vmi: vmi('vm1') }, at('v1.8.0')).findings[0]?.kubevirtReason).toBeUndefined();
  });

  it('does not fire on a one-node cluster (the real Harvester node), nor for named models', () => {
    const real = loadRealOne<Node>('node-labeller-v1.6.3.yaml');
    expect(run('cpu-host-model-unique', { vmi: vmi('vm-00', { node: 'isim-dev' }) }, clusterFacts({ nodes: [real] })).findings).toEqual([]);
    const named = vmi('vm1', { domain: { cpu: { model: 'EPYC-Rome' } } });
    expect(run('cpu-host-model-unique', { vmi: named }, clusterFacts({ nodes: [source, node('node-b', { hostModel: 'X' })] })).findings).toEqual([]);
  });

  it('unresolved when the source node is not in the list', () => {
    expect(run('cpu-host-model-unique', { vmi: vmi('vm1', { node: 'gone' }) }, clusterFacts({ nodes: [source, node('node-b')] }))).toEqual({
      findings: [],
      unresolved: ['Node gone'],
    });
  });

  it('a stopped VM: fires only when no two nodes share a host model', () => {
    const v = vm('vm1');
    const mixed = [node('node-a'), node('node-b', { hostModel: 'Skylake-Server', vendor: 'Intel', requiredFeatures: ['pdpe1gb'] })];
    expect(run('cpu-host-model-unique', { vm: v }, clusterFacts({ nodes: mixed })).findings[0]?.args).toMatchObject({
      node: '',
      model: 'EPYC-Genoa, Skylake-Server',
      candidates: 2,
    });
    expect(run('cpu-host-model-unique', { vm: v }, clusterFacts({ nodes: [...mixed, node('node-c')] })).findings).toEqual([]);
  });
});

describe('cpu-dedicated-single-node', () => {
  const dedicated = { domain: { cpu: { cores: 4, dedicatedCpuPlacement: true } } };

  it('fires when the source is the only CPU-manager node', () => {
    const nodes = [node('node-a', { cpumanager: true }), node('node-b'), node('node-c')];
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1', dedicated) }, clusterFacts({ nodes })).findings).toEqual([
      {
        rule: 'cpu-dedicated-single-node',
        severity: 'blocker',
        args: { label: 'kubevirt.io/cpumanager=true', nodes: ['node-a'], count: 1 },
        path: 'spec.domain.cpu.dedicatedCpuPlacement',
        evidence: [
          { kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.cpu.dedicatedCpuPlacement' },
          { kind: 'Node', name: 'node-a', field: 'metadata.labels' },
        ],
      },
    ]);
  });

  it('does not fire with a second CPU-manager node, or without dedicated CPUs', () => {
    const nodes = [node('node-a', { cpumanager: true }), node('node-b', { cpumanager: true })];
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1', dedicated) }, clusterFacts({ nodes })).findings).toEqual([]);
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1') }, clusterFacts({ nodes: [node('node-a')] })).findings).toEqual([]);
  });

  it('unresolved when nodes are unreadable (only for dedicated CPUs)', () => {
    const facts = clusterFacts({ nodes: forbidden('nodes') });
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1', dedicated) }, facts)).toEqual({ findings: [], unresolved: ['nodes: forbidden'] });
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1') }, facts)).toEqual({ findings: [], unresolved: [] });
  });

  it('reads the label that release selects: cpumanager up to 1.7, kubevirt.io/cpumanager from 1.8', () => {
    // A v1.7 virt-handler writes only `cpumanager`.
    const legacy = (name: string) => {
      const n = node(name);
      n.metadata.labels = { ...n.metadata.labels, cpumanager: 'true' };
      return n;
    };
    const nodes = [legacy('node-a'), legacy('node-b')];
    const at = (version: string) => clusterFacts({ nodes, kubevirt: [kubevirtCR({ version })] });
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1', dedicated) }, at('v1.7.2')).findings).toEqual([]);
    expect(run('cpu-dedicated-single-node', { vmi: vmi('vm1', dedicated) }, at('v1.8.0')).findings[0]?.args).toEqual({ label: 'kubevirt.io/cpumanager=true', nodes: [], count: 0 });
  });
});

describe('cpu-dedicated-emulator-thread', () => {
  const isolated = { domain: { cpu: { cores: 4, dedicatedCpuPlacement: true, isolateEmulatorThread: true } } };
  const at = (version: string) => clusterFacts({ kubevirt: [kubevirtCR({ version })] });

  it('blocks on KubeVirt 0.59 and 1.0 (DedicatedCPUNotLiveMigratable)', () => {
    expect(run('cpu-dedicated-emulator-thread', { vmi: vmi('vm1', isolated) }, at('v1.0.1')).findings).toEqual([
      {
        rule: 'cpu-dedicated-emulator-thread',
        severity: 'blocker',
        kubevirtReason: 'DedicatedCPUNotLiveMigratable',
        args: {},
        path: 'spec.domain.cpu.isolateEmulatorThread',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.cpu.isolateEmulatorThread' }],
      },
    ]);
    expect(run('cpu-dedicated-emulator-thread', { vmi: vmi('vm1', isolated) }, at('v0.59.0')).findings).toHaveLength(1);
  });

  it('is silent from 1.1, and without both settings', () => {
    expect(run('cpu-dedicated-emulator-thread', { vmi: vmi('vm1', isolated) }, at('v1.1.0')).findings).toEqual([]);
    expect(run('cpu-dedicated-emulator-thread', { vmi: vmi('vm1', { domain: { cpu: { dedicatedCpuPlacement: true } } }) }, at('v1.0.0')).findings).toEqual([]);
  });
});

describe('confidential-computing', () => {
  it.each([
    [{ sev: {} }, 'SEV', 'sev', 'SEVNotLiveMigratable'],
    [{ sev: { policy: { encryptedState: true } } }, 'SEV-ES', 'sev', 'SEVNotLiveMigratable'],
    [{ snp: {} }, 'SEV-SNP', 'snp', 'SEVNotLiveMigratable'],
    [{ tdx: {} }, 'TDX', 'tdx', 'TDXNotLiveMigratable'],
  ])('fires for launchSecurity %j as %s', (launchSecurity, technology, field, kubevirtReason) => {
    const { findings } = run('confidential-computing', { vmi: vmi('vm1', { domain: { launchSecurity } }) });
    expect(findings).toMatchObject([{ severity: 'blocker', kubevirtReason, args: { technology }, path: `spec.domain.launchSecurity.${field}` }]);
  });

  it('Secure Execution: any launchSecurity on s390x, from KubeVirt 1.6', () => {
    const s390x = vmi('vm1', { domain: { launchSecurity: {} }, spec: { architecture: 's390x' } });
    expect(run('confidential-computing', { vmi: s390x }).findings).toMatchObject([
      { kubevirtReason: 'SecureExecutionNotLiveMigratable', args: { technology: 'SecureExecution' }, path: 'spec.domain.launchSecurity' },
    ]);
    const v15 = clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.5.2' })] });
    expect(run('confidential-computing', { vmi: s390x }, v15).findings).toEqual([]);
    expect(run('confidential-computing', { vmi: vmi('vm1', { domain: { launchSecurity: {} } }) }).findings).toEqual([]);
  });

  it('SEV-SNP and TDX only from KubeVirt 1.7 (older releases do not know the fields)', () => {
    const v16 = clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.6.0' })] });
    expect(run('confidential-computing', { vmi: vmi('vm1', { domain: { launchSecurity: { snp: {} } } }) }, v16).findings).toEqual([]);
    expect(run('confidential-computing', { vmi: vmi('vm1', { domain: { launchSecurity: { tdx: {} } } }) }, v16).findings).toEqual([]);
  });

  it('does not fire without launchSecurity', () => {
    expect(run('confidential-computing', { vmi: vmi('vm1') }).findings).toEqual([]);
  });
});

describe('hyperv-passthrough', () => {
  it('fires when enabled, not when disabled or absent', () => {
    expect(run('hyperv-passthrough', { vm: vm('vm1', { domain: { features: { hypervPassthrough: { enabled: true } } } }) }).findings).toEqual([
      {
        rule: 'hyperv-passthrough',
        severity: 'blocker',
        kubevirtReason: 'HypervPassthroughNotLiveMigratable',
        args: {},
        path: 'spec.template.spec.domain.features.hypervPassthrough',
        evidence: [{ kind: 'VirtualMachine', namespace: 'default', name: 'vm1', field: 'spec.template.spec.domain.features.hypervPassthrough' }],
      },
    ]);
    expect(run('hyperv-passthrough', { vm: vm('vm1', { domain: { features: { hypervPassthrough: { enabled: false } } } }) }).findings).toEqual([]);
    expect(run('hyperv-passthrough', { vm: vm('vm1') }).findings).toEqual([]);
  });

  it('is silent before KubeVirt 1.3 (no such field there)', () => {
    const v12 = clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.2.1' })] });
    expect(run('hyperv-passthrough', { vm: vm('vm1', { domain: { features: { hypervPassthrough: { enabled: true } } } }) }, v12).findings).toEqual([]);
  });
});

describe('tsc-frequency', () => {
  const reenlightenment = { domain: { features: { hyperv: { reenlightenment: {} } } } };

  it('invtsc required: the frequency is needed to boot, so LiveMigratable does not check it', () => {
    const invtsc = { domain: { cpu: { features: [{ name: 'invtsc', policy: 'require' }] }, features: { hyperv: { reenlightenment: {} } } } };
    expect(run('tsc-frequency', { vmi: vmi('vm1', invtsc) }, clusterFacts({ nodes: [node('node-a'), node('node-b')] })).findings).toEqual([]);
  });

  it('fires for a running VMI without topologyHints.tscFrequency (real node without cpu-timer labels)', () => {
    const nodes = [node('node-a'), node('node-b')];
    const { findings } = run('tsc-frequency', { vmi: vmi('vm1', reenlightenment) }, clusterFacts({ nodes }));
    expect(findings).toEqual([
      {
        rule: 'tsc-frequency',
        severity: 'blocker',
        kubevirtReason: 'NoTSCFrequencyNotLiveMigratable',
        args: { reason: 'no-tsc-frequency', node: 'node-a' },
        path: 'spec.domain.features.hyperv.reenlightenment',
        evidence: [
          { kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.features.hyperv.reenlightenment' },
          { kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'status.topologyHints.tscFrequency' },
          { kind: 'Node', name: 'node-a', field: 'metadata.labels' },
        ],
      },
    ]);
  });

  it('does not fire with a frequency another node offers, nor with reenlightenment disabled', () => {
    const nodes = [node('node-a', { tscFrequency: 2599981000 }), node('node-b', { tscFrequency: 2599981000 })];
    const v = vmi('vm1', { ...reenlightenment, tscFrequency: 2599981000 });
    expect(run('tsc-frequency', { vmi: v }, clusterFacts({ nodes })).findings).toEqual([]);
    const off = vmi('vm1', { domain: { features: { hyperv: { reenlightenment: { enabled: false } } } } });
    expect(run('tsc-frequency', { vmi: off }, clusterFacts({ nodes })).findings).toEqual([]);
  });

  it('fires when no other node offers the VMI frequency', () => {
    const nodes = [node('node-a', { tscFrequency: 2599981000 }), node('node-b', { tscFrequency: 2100000000 })];
    const v = vmi('vm1', { ...reenlightenment, tscFrequency: 2599981000 });
    expect(run('tsc-frequency', { vmi: v }, clusterFacts({ nodes })).findings[0]?.args).toEqual({
      reason: 'no-node-with-frequency',
      node: 'node-a',
      frequency: 2599981000,
      label: 'scheduling.node.kubevirt.io/tsc-frequency-2599981000',
    });
  });

  it('a stopped VM fires when no node publishes a TSC frequency', () => {
    const v = vm('vm1', reenlightenment);
    expect(run('tsc-frequency', { vm: v }, clusterFacts({ nodes: [node('node-a'), node('node-b')] })).findings[0]?.args.reason).toBe('no-tsc-frequency');
    expect(run('tsc-frequency', { vm: v }, clusterFacts({ nodes: [node('node-a', { tscFrequency: 1 })] })).findings).toEqual([]);
    expect(run('tsc-frequency', { vm: v }, clusterFacts({ nodes: forbidden('nodes') })).unresolved).toEqual(['nodes: forbidden']);
  });
});
