import { describe, expect, it } from 'vitest';
import { clusterFacts, dataVolume, forbidden, kubevirtCR, loadReal, node, pv, pvc, storageClass, storageProfile, vm, vmi } from '../../fixtures/objects/index.js';
import type { StorageProfile } from '../../../src/kube/types.js';
import type { RuleFinding } from '../../../src/analyze/migratability/rule.js';
import type { FactsInput, PvcOptions } from '../../fixtures/objects/index.js';
import { ruleHint } from '../../../src/render/migratability-text.js';
import { run } from './helpers.js';

const RWO = ['ReadWriteOnce'];

describe('volume-not-shared', () => {
  it('fires for an RWO PVC, reading the bound PVC status.accessModes', () => {
    const facts = clusterFacts({ pvcs: [pvc('vm1-disk-0', { accessModes: RWO, storageClassName: 'local-rbd' })] });
    const { findings, unresolved } = run('volume-not-shared', { vmi: vmi('vm1', { volumeStatus: [] }) }, facts);
    expect(unresolved).toEqual([]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      rule: 'volume-not-shared',
      severity: 'blocker',
      path: 'spec.volumes[0].persistentVolumeClaim',
      args: {
        volume: 'disk-0',
        claim: 'vm1-disk-0',
        source: 'persistentVolumeClaim',
        accessModes: ['ReadWriteOnce'],
        accessModesFrom: 'pvc-status',
        storageClass: 'local-rbd',
        volumeMode: 'Block',
        hotpluggable: false,
      },
      evidence: [{ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'vm1-disk-0', field: 'status.accessModes' }],
    });
  });

  it('does not fire for an RWX PVC (the real Harvester VMI)', () => {
    const facts = clusterFacts({ pvcs: [pvc('vm1-disk-0')] });
    expect(run('volume-not-shared', { vmi: vmi('vm1') }, facts)).toEqual({ findings: [], unresolved: [] });
  });

  it('uses spec.accessModes of a Pending PVC', () => {
    const facts = clusterFacts({ pvcs: [pvc('vm1-disk-0', { accessModes: RWO, phase: 'Pending' })] });
    const { findings } = run('volume-not-shared', { vm: vm('vm1') }, facts);
    expect(findings[0]?.args).toMatchObject({ kind: 'not-shared', accessModesFrom: 'pvc-spec' });
    expect(findings[0]?.path).toBe('spec.template.spec.volumes[0].persistentVolumeClaim');
  });

  it('falls back to the VMI volumeStatus when PVCs are forbidden', () => {
    const facts = clusterFacts({ pvcs: forbidden('persistentvolumeclaims') });
    const v = vmi('vm1', {
      volumeStatus: [{ name: 'disk-0', persistentVolumeClaimInfo: { claimName: 'vm1-disk-0', accessModes: RWO, volumeMode: 'Filesystem' } }],
    });
    const { findings, unresolved } = run('volume-not-shared', { vmi: v }, facts);
    expect(unresolved).toEqual([]);
    expect(findings[0]?.args).toMatchObject({ accessModesFrom: 'vmi-volume-status', volumeMode: 'Filesystem' });
    expect(findings[0]?.evidence).toEqual([
      { kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'status.volumeStatus[0].persistentVolumeClaimInfo.accessModes' },
      { kind: 'PersistentVolumeClaim', namespace: 'default', name: 'vm1-disk-0' },
    ]);
  });

  it('reports an absent PVC as unresolved instead of guessing (-f manifests)', () => {
    const { findings, unresolved } = run('volume-not-shared', { vm: vm('vm1') }, clusterFacts());
    expect(findings).toEqual([]);
    expect(unresolved).toEqual(['PersistentVolumeClaim default/vm1-disk-0']);
    const forbiddenFacts = clusterFacts({ pvcs: forbidden('persistentvolumeclaims') });
    expect(run('volume-not-shared', { vm: vm('vm1') }, forbiddenFacts).unresolved).toEqual(['persistentvolumeclaims: forbidden']);
  });

  it('reads a DataVolume volume through the DV spec.pvc when its PVC is not visible', () => {
    const dv = dataVolume('vm1-root', { pvc: { accessModes: RWO, storageClassName: 'thick', volumeMode: 'Block' } });
    const v = vm('vm1', { spec: { volumes: [{ name: 'rootdisk', dataVolume: { name: 'vm1-root' } }] } });
    const { findings } = run('volume-not-shared', { vm: v }, clusterFacts({ dataVolumes: [dv] }));
    expect(findings[0]).toMatchObject({
      path: 'spec.template.spec.volumes[0].dataVolume',
      args: { volume: 'rootdisk', claim: 'vm1-root', source: 'dataVolume', accessModesFrom: 'datavolume', storageClass: 'thick' },
      evidence: [{ kind: 'DataVolume', namespace: 'default', name: 'vm1-root', field: 'spec.pvc.accessModes' }],
    });
  });

  it('reads dataVolumeTemplates, and the StorageProfile when storage has no accessModes', () => {
    const templates = [
      { metadata: { name: 'vm1-root' }, spec: { storage: { accessModes: RWO, storageClassName: 'ceph' } } },
      { metadata: { name: 'vm1-data' }, spec: { storage: { storageClassName: 'longhorn-static' } } },
      { metadata: { name: 'vm1-logs' }, spec: { storage: { storageClassName: 'harvester-longhorn' } } },
    ];
    const v = vm('vm1', {
      dataVolumeTemplates: templates,
      spec: {
        volumes: [
          { name: 'root', dataVolume: { name: 'vm1-root' } },
          { name: 'data', dataVolume: { name: 'vm1-data' } },
          { name: 'logs', dataVolume: { name: 'vm1-logs' } },
        ],
      },
    });
    // Real CDI 1.62 profiles: longhorn-static offers RWO only, harvester-longhorn RWX Block first.
    const facts = clusterFacts({
      storageClasses: [storageClass('ceph'), storageClass('longhorn-static'), storageClass('harvester-longhorn')],
      storageProfiles: [
        storageProfile('longhorn-static', [{ accessModes: RWO, volumeMode: 'Block' }]),
        storageProfile('harvester-longhorn', [
          { accessModes: ['ReadWriteMany'], volumeMode: 'Block' },
          { accessModes: RWO, volumeMode: 'Block' },
        ]),
      ],
    });
    const { findings, unresolved } = run('volume-not-shared', { vm: v }, facts);
    expect(unresolved).toEqual([]);
    expect(findings.map((f) => (f.args.kind === 'not-shared' ? [f.args.volume, f.args.accessModesFrom] : f.args.kind))).toEqual([
      ['root', 'datavolume-template'],
      ['data', 'storage-profile'],
    ]);
    expect(findings[0]?.evidence[0]).toEqual({ kind: 'VirtualMachine', namespace: 'default', name: 'vm1', field: 'spec.dataVolumeTemplates[0].spec.storage.accessModes' });
    expect(findings[1]?.evidence[0]).toEqual({ kind: 'StorageProfile', name: 'longhorn-static', field: 'status.claimPropertySets[0].accessModes' });
  });

  describe('fix: where ReadWriteMany is offered (real CDI 1.62 StorageProfiles)', () => {
    const profiles = loadReal<StorageProfile>('storageprofiles-cdi-1.62.yaml');
    const fixOf = (claim: PvcOptions, storageProfiles: FactsInput['storageProfiles'] = profiles) => {
      const facts = clusterFacts({ pvcs: [pvc('vm1-disk-0', { accessModes: RWO, ...claim })], storageClasses: [storageClass(claim.storageClassName ?? 'longhorn')], storageProfiles });
      const { findings } = run('volume-not-shared', { vmi: vmi('vm1', { volumeStatus: [] }) }, facts);
      expect(findings).toHaveLength(1);
      const args = findings[0]?.args;
      return args && 'fix' in args ? args.fix : undefined;
    };

    it('an RWO Filesystem claim on a class that offers RWX only with Block: the same class, volumeMode Block', () => {
      expect(fixOf({ storageClassName: 'harvester-longhorn', volumeMode: 'Filesystem' })).toEqual({ kind: 'same-class', storageClass: 'harvester-longhorn', volumeMode: 'Block' });
    });

    it('an RWO Block claim on such a class: the same class and mode', () => {
      expect(fixOf({ storageClassName: 'longhorn', volumeMode: 'Block' })).toEqual({ kind: 'same-class', storageClass: 'longhorn', volumeMode: 'Block' });
    });

    it('a class whose profile offers RWO only (longhorn-static): another class, the ones that offer RWX', () => {
      const fix = fixOf({ storageClassName: 'longhorn-static', volumeMode: 'Block' });
      expect(fix).toMatchObject({ kind: 'other-class' });
      expect(fix?.kind === 'other-class' ? fix.classes.map((c) => c.storageClass) : []).toEqual(['harvester-longhorn', 'harvester-longhorn-single', 'longhorn', 'longhorn-image-zs97p']);
    });

    it('no profile offers RWX: no-rwx-class; no profiles (no CDI) or unreadable: profiles-unknown', () => {
      const rwoOnly = profiles.filter((p) => ['longhorn-static', 'vmstate-persistence'].includes(p.metadata.name ?? ''));
      expect(fixOf({ storageClassName: 'longhorn-static' }, rwoOnly)).toEqual({ kind: 'no-rwx-class' });
      expect(fixOf({ storageClassName: 'longhorn-static' }, [])).toEqual({ kind: 'profiles-unknown' });
      expect(fixOf({ storageClassName: 'longhorn-static' }, forbidden('storageprofiles.cdi.kubevirt.io'))).toEqual({ kind: 'profiles-unknown' });
    });

    it('the hint names the same class and Block, not another StorageClass', () => {
      const fix = fixOf({ storageClassName: 'harvester-longhorn', volumeMode: 'Filesystem' });
      const f: RuleFinding<'volume-not-shared'> = {
        rule: 'volume-not-shared',
        severity: 'blocker',
        evidence: [],
        args: { kind: 'not-shared', volume: 'disk-0', claim: 'vm1-disk-0', source: 'persistentVolumeClaim', accessModes: RWO, accessModesFrom: 'pvc-status', hotpluggable: false, fix: fix! },
      };
      expect(ruleHint(f)).toMatch(/volumeMode: Block, on the same StorageClass harvester-longhorn/);
    });
  });

  describe('a running VMI: what KubeVirt reads, status.volumeStatus', () => {
    const rwxPvc = clusterFacts({ pvcs: [pvc('vm1-disk-0')] });
    const at = (version: string, input = {}) => clusterFacts({ pvcs: [pvc('vm1-disk-0', { accessModes: RWO })], kubevirt: [kubevirtCR({ version })], ...input });

    it('an entry without persistentVolumeClaimInfo: KubeVirt cannot tell, and refuses ("Unable to determine")', () => {
      const v = vmi('vm1', { volumeStatus: [{ name: 'disk-0', target: 'vda' }] });
      expect(run('volume-not-shared', { vmi: v }, rwxPvc).findings).toMatchObject([
        {
          kubevirtReason: 'DisksNotLiveMigratable',
          args: { kind: 'sharing-unknown', volume: 'disk-0', claim: 'vm1-disk-0', node: 'node-a' },
          evidence: [{ kind: 'VirtualMachineInstance', field: 'status.volumeStatus[0]' }],
        },
      ]);
    });

    it('no volumeStatus at all (a hand-made dump): the PVC is read instead, no cause from the absence', () => {
      const v = vmi('vm1', { volumeStatus: [] });
      expect(run('volume-not-shared', { vmi: v }, rwxPvc).findings).toEqual([]);
    });

    it('the volume a volume migration moves passes from 1.3 (status.migratedVolumes)', () => {
      const v = vmi('vm1', { volumeStatus: [{ name: 'disk-0', persistentVolumeClaimInfo: { claimName: 'vm1-disk-0', accessModes: RWO } }] });
      v.status = { ...v.status, migratedVolumes: [{ volumeName: 'disk-0' }] };
      expect(run('volume-not-shared', { vmi: v }, at('v1.3.0')).findings).toEqual([]);
      expect(run('volume-not-shared', { vmi: v }, at('v1.2.0')).findings).toHaveLength(1);
      expect(run('volume-block-migration', { vmi: v }, at('v1.4.0')).findings.map((f) => f.args)).toContainEqual({ volume: 'disk-0', source: 'persistentVolumeClaim', volumeMigration: true });
      expect(run('volume-block-migration', { vmi: v }, at('v1.3.0')).findings.map((f) => f.args.volume)).not.toContain('disk-0');
    });

    it('KubeVirt 1.3 only: the backend-storage PVC must be ReadWriteMany', () => {
      const v = vmi('vm1', {
        volumeStatus: [
          { name: 'disk-0', persistentVolumeClaimInfo: { claimName: 'vm1-disk-0', accessModes: ['ReadWriteMany'] } },
          { name: 'persistent-state-for-vm1', persistentVolumeClaimInfo: { claimName: 'persistent-state-for-vm1', accessModes: RWO } },
        ],
      });
      expect(run('volume-not-shared', { vmi: v }, at('v1.3.1')).findings).toMatchObject([
        { kubevirtReason: 'DisksNotLiveMigratable', args: { kind: 'backend-storage', claim: 'persistent-state-for-vm1', accessModes: RWO } },
      ]);
      expect(run('volume-not-shared', { vmi: v }, at('v1.4.0')).findings).toEqual([]);
      expect(run('volume-not-shared', { vmi: v }, at('v1.2.0')).findings).toEqual([]);
    });
  });

  it('counts hotplugged volumes', () => {
    const v = vmi('vm1', {
      spec: { volumes: [{ name: 'hot', persistentVolumeClaim: { claimName: 'scratch', hotpluggable: true } }] },
      volumeStatus: [],
    });
    const { findings } = run('volume-not-shared', { vmi: v }, clusterFacts({ pvcs: [pvc('scratch', { accessModes: RWO })] }));
    expect(findings[0]?.args).toMatchObject({ volume: 'hot', hotpluggable: true });
  });
});

describe('volume-node-local', () => {
  const nodes = [node('node-a'), node('node-b'), node('node-c')];

  it('fires for a local PV and names the PV and its node', () => {
    const facts = clusterFacts({
      nodes,
      pvcs: [pvc('vm1-disk-0', { accessModes: RWO, volumeName: 'local-pv-1' })],
      pvs: [pv('local-pv-1', { local: '/mnt/disks/ssd1', hostnames: ['node-a'] })],
    });
    const { findings, unresolved } = run('volume-node-local', { vmi: vmi('vm1') }, facts);
    expect(unresolved).toEqual([]);
    expect(findings).toEqual([
      {
        rule: 'volume-node-local',
        severity: 'blocker',
        args: { volume: 'disk-0', claim: 'vm1-disk-0', pv: 'local-pv-1', kind: 'local', nodes: ['node-a'] },
        path: 'spec.volumes[0].persistentVolumeClaim',
        evidence: [
          { kind: 'PersistentVolume', name: 'local-pv-1', field: 'spec.local' },
          { kind: 'Node', name: 'node-a', field: 'metadata.labels' },
        ],
      },
    ]);
  });

  it('fires for a PV whose node affinity only the source node satisfies (hostpath-csi, kubevirt/kubevirt#8771)', () => {
    const facts = clusterFacts({
      nodes,
      pvcs: [pvc('vm1-disk-0', { volumeName: 'pvc-1' })],
      pvs: [pv('pvc-1', { hostnames: ['node-a'], csiDriver: 'kubevirt.io.hostpath-provisioner' })],
    });
    const { findings } = run('volume-node-local', { vmi: vmi('vm1', { node: 'node-a' }) }, facts);
    expect(findings[0]?.args).toMatchObject({ pv: 'pvc-1', kind: 'node-affinity', nodes: ['node-a'] });
  });

  it('a stopped VM: fires when the PV affinity leaves one node, not when it leaves two', () => {
    const pvcs = [pvc('vm1-disk-0', { volumeName: 'pvc-1' })];
    const one = clusterFacts({ nodes, pvcs, pvs: [pv('pvc-1', { hostnames: ['node-b'] })] });
    expect(run('volume-node-local', { vm: vm('vm1') }, one).findings[0]?.args).toMatchObject({ kind: 'node-affinity', nodes: ['node-b'] });
    const two = clusterFacts({ nodes, pvcs, pvs: [pv('pvc-1', { hostnames: ['node-b', 'node-c'] })] });
    expect(run('volume-node-local', { vm: vm('vm1') }, two).findings).toEqual([]);
  });

  it('does not fire for a zone affinity other nodes share, nor for a CSI PV without affinity', () => {
    const zoned = [node('node-a', { labels: { 'topology.kubernetes.io/zone': 'z1' } }), node('node-b', { labels: { 'topology.kubernetes.io/zone': 'z1' } })];
    const affinity = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z1'] }] }] } };
    const facts = clusterFacts({
      nodes: zoned,
      pvcs: [pvc('vm1-disk-0', { volumeName: 'pvc-1' }), pvc('other', { volumeName: 'pvc-2' })],
      pvs: [pv('pvc-1', { nodeAffinity: affinity }), pv('pvc-2')],
      storageClasses: [storageClass('longhorn')],
    });
    expect(run('volume-node-local', { vmi: vmi('vm1') }, facts)).toEqual({ findings: [], unresolved: [] });
  });

  it('falls back to a node-local provisioner on the StorageClass when the PVC is not bound yet', () => {
    const facts = clusterFacts({
      pvcs: [pvc('vm1-disk-0', { phase: 'Pending', storageClassName: 'local-path' })],
      storageClasses: [storageClass('local-path', { provisioner: 'rancher.io/local-path', parameters: {}, volumeBindingMode: 'WaitForFirstConsumer' })],
    });
    const { findings } = run('volume-node-local', { vm: vm('vm1') }, facts);
    expect(findings[0]).toMatchObject({
      args: { storageClass: 'local-path', provisioner: 'rancher.io/local-path', kind: 'provisioner', volumeBindingMode: 'WaitForFirstConsumer' },
      evidence: [{ kind: 'StorageClass', name: 'local-path', field: 'provisioner' }],
    });
  });

  it('says what it could not read: forbidden PVs with a non-local class', () => {
    const facts = clusterFacts({
      pvcs: [pvc('vm1-disk-0')],
      pvs: forbidden('persistentvolumes'),
      storageClasses: [storageClass('longhorn')],
    });
    expect(run('volume-node-local', { vmi: vmi('vm1') }, facts)).toEqual({ findings: [], unresolved: ['persistentvolumes: forbidden'] });
  });
});

describe('volume-hostdisk', () => {
  it('fires for a non-shared hostDisk, not for a shared one', () => {
    const v = vmi('vm1', {
      spec: {
        volumes: [
          { name: 'hd', hostDisk: { path: '/data/disk.img', type: 'DiskOrCreate', capacity: '1Gi' } },
          { name: 'nfs-hd', hostDisk: { path: '/mnt/nfs/disk.img', type: 'Disk', shared: true } },
        ],
      },
    });
    const { findings } = run('volume-hostdisk', { vmi: v });
    expect(findings).toEqual([
      {
        rule: 'volume-hostdisk',
        severity: 'blocker',
        kubevirtReason: 'DisksNotLiveMigratable',
        args: { volume: 'hd', hostPath: '/data/disk.img', type: 'DiskOrCreate' },
        path: 'spec.volumes[0].hostDisk',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.volumes[0].hostDisk' }],
      },
    ]);
    expect(run('volume-hostdisk', { vmi: vmi('vm2') }).findings).toEqual([]);
  });
});

describe('volume-containerdisk', () => {
  it('fires per containerDisk, not for PVCs', () => {
    const v = vm('vm1', { spec: { volumes: [{ name: 'root', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } }] } });
    const { findings } = run('volume-containerdisk', { vm: v });
    expect(findings).toMatchObject([
      { severity: 'warning', args: { volume: 'root', image: 'quay.io/containerdisks/fedora:40' }, path: 'spec.template.spec.volumes[0].containerDisk' },
    ]);
    expect(run('volume-containerdisk', { vm: vm('vm2') }).findings).toEqual([]);
  });
});

describe('volume-cdrom', () => {
  it('fires for a CD-ROM disk (the real cnv4.11 VMI), not for plain disks', () => {
    const v = vmi('vm1', {
      devices: { disks: [{ name: 'disk-0', disk: { bus: 'virtio' } }, { name: 'cdromdisk', cdrom: { bus: 'sata', readonly: true } }] },
      spec: { volumes: [{ name: 'disk-0', persistentVolumeClaim: { claimName: 'vm1-disk-0' } }, { name: 'cdromdisk', persistentVolumeClaim: { claimName: 'vm1-day0' } }] },
    });
    const { findings } = run('volume-cdrom', { vmi: v });
    expect(findings).toMatchObject([
      {
        severity: 'warning',
        args: { disk: 'cdromdisk', readonly: true, volumeSource: 'persistentVolumeClaim', claim: 'vm1-day0' },
        path: 'spec.domain.devices.disks[1].cdrom',
      },
    ]);
    expect(run('volume-cdrom', { vmi: vmi('vm2') }).findings).toEqual([]);
  });
});

describe('volume-block-migration', () => {
  it('fires for cloud-init and emptyDisk volumes, quoting KubeVirt migrationMethod', () => {
    const v = vmi('vm1', {
      devices: {
        disks: [
          { name: 'disk-0', disk: {} },
          { name: 'cloudinitdisk', disk: {} },
          { name: 'scratch', disk: {} },
          { name: 'iso', cdrom: { readonly: true } },
        ],
      },
      spec: {
        volumes: [
          { name: 'disk-0', persistentVolumeClaim: { claimName: 'vm1-disk-0' } },
          { name: 'cloudinitdisk', cloudInitNoCloud: {} },
          { name: 'scratch', emptyDisk: { capacity: '2Gi' } },
          { name: 'iso', containerDisk: { image: 'iso' } },
        ],
      },
    });
    const { findings } = run('volume-block-migration', { vmi: v });
    expect(findings.map((f) => f.args)).toEqual([
      { volume: 'cloudinitdisk', source: 'cloudInitNoCloud' },
      { volume: 'scratch', source: 'emptyDisk' },
    ]);
    expect(findings[0]?.severity).toBe('info');
    expect(findings[0]?.evidence[1]).toEqual({
      kind: 'VirtualMachineInstance',
      namespace: 'default',
      name: 'vm1',
      field: 'status.migrationMethod',
      message: 'BlockMigration',
    });
  });

  it('skips read-only CD-ROMs, virtiofs volumes, PVCs and containerDisks', () => {
    const v = vm('vm1', {
      devices: { disks: [{ name: 'iso', cdrom: {} }], filesystems: [{ name: 'shared', virtiofs: {} }] },
      spec: {
        volumes: [
          { name: 'iso', emptyDisk: { capacity: '1Gi' } },
          { name: 'shared', configMap: { name: 'cm' } },
          { name: 'root', containerDisk: { image: 'x' } },
          { name: 'data', persistentVolumeClaim: { claimName: 'd' } },
        ],
      },
    });
    expect(run('volume-block-migration', { vm: v }).findings).toEqual([]);
  });
});

describe('volume-single-replica', () => {
  it('fires for Longhorn numberOfReplicas "1" and names the StorageClass', () => {
    const facts = clusterFacts({
      pvcs: [pvc('vm1-disk-0', { storageClassName: 'harvester-longhorn-single' })],
      storageClasses: [storageClass('harvester-longhorn-single', { parameters: { numberOfReplicas: '1', migratable: 'true' } })],
    });
    const { findings } = run('volume-single-replica', { vmi: vmi('vm1') }, facts);
    expect(findings).toEqual([
      {
        rule: 'volume-single-replica',
        severity: 'warning',
        args: { volume: 'disk-0', claim: 'vm1-disk-0', storageClass: 'harvester-longhorn-single', provisioner: 'driver.longhorn.io', parameter: 'numberOfReplicas', replicas: 1 },
        path: 'spec.volumes[0].persistentVolumeClaim',
        evidence: [{ kind: 'StorageClass', name: 'harvester-longhorn-single', field: 'parameters.numberOfReplicas' }],
      },
    ]);
  });

  it('fires for Mayastor repl "1"; not for 3 replicas or unknown drivers', () => {
    const facts = clusterFacts({
      pvcs: [pvc('a', { storageClassName: 'mayastor-1' }), pvc('b', { storageClassName: 'longhorn' }), pvc('c', { storageClassName: 'ceph' })],
      storageClasses: [
        storageClass('mayastor-1', { provisioner: 'io.openebs.csi-mayastor', parameters: { protocol: 'nvmf', repl: '1' } }),
        storageClass('longhorn'),
        storageClass('ceph', { provisioner: 'rbd.csi.ceph.com', parameters: { pool: 'replicapool' } }),
      ],
    });
    const v = vmi('vm1', {
      spec: {
        volumes: [
          { name: 'a', persistentVolumeClaim: { claimName: 'a' } },
          { name: 'b', persistentVolumeClaim: { claimName: 'b' } },
          { name: 'c', persistentVolumeClaim: { claimName: 'c' } },
        ],
      },
    });
    const { findings } = run('volume-single-replica', { vmi: v }, facts);
    expect(findings.map((f) => [f.args.volume, f.args.parameter])).toEqual([['a', 'repl']]);
  });

  it('uses the default StorageClass for a template without a class, and reports a missing class', () => {
    const v = vm('vm1', {
      dataVolumeTemplates: [{ metadata: { name: 'vm1-root' }, spec: { storage: { accessModes: ['ReadWriteMany'] } } }],
      spec: { volumes: [{ name: 'root', dataVolume: { name: 'vm1-root' } }] },
    });
    const single = storageClass('single', { isDefault: true, parameters: { numberOfReplicas: '1' } });
    expect(run('volume-single-replica', { vm: v }, clusterFacts({ storageClasses: [single] })).findings).toHaveLength(1);
    expect(run('volume-single-replica', { vm: v }, clusterFacts({ storageClasses: [] })).unresolved).toEqual(['default StorageClass']);
  });
});

describe('volume-rwx-filesystem-share', () => {
  it('fires for a Longhorn RWX PVC whose class is not migratable (share-manager NFS)', () => {
    const facts = clusterFacts({
      pvcs: [pvc('vm1-disk-0', { storageClassName: 'longhorn-rwx', volumeMode: 'Filesystem' })],
      storageClasses: [storageClass('longhorn-rwx', { parameters: { numberOfReplicas: '3', nfsOptions: 'vers=4.1,soft' } })],
    });
    const { findings } = run('volume-rwx-filesystem-share', { vmi: vmi('vm1') }, facts);
    expect(findings).toEqual([
      {
        rule: 'volume-rwx-filesystem-share',
        severity: 'warning',
        args: { volume: 'disk-0', claim: 'vm1-disk-0', via: 'longhorn-share-manager', storageClass: 'longhorn-rwx', volumeMode: 'Filesystem' },
        path: 'spec.volumes[0].persistentVolumeClaim',
        evidence: [{ kind: 'StorageClass', name: 'longhorn-rwx', field: 'parameters.migratable' }],
      },
    ]);
  });

  it('fires for an NFS PV; not for migratable Longhorn nor RWO claims', () => {
    const facts = clusterFacts({
      pvcs: [pvc('a', { storageClassName: 'nfs', volumeName: 'nfs-pv' }), pvc('b'), pvc('c', { accessModes: ['ReadWriteOnce'], storageClassName: 'nfs' })],
      pvs: [pv('nfs-pv', { nfs: { server: '10.0.0.5', path: '/exports/vm' } })],
      storageClasses: [storageClass('longhorn'), storageClass('nfs', { provisioner: 'nfs.csi.k8s.io', parameters: {} })],
    });
    const v = vmi('vm1', {
      spec: {
        volumes: [
          { name: 'a', persistentVolumeClaim: { claimName: 'a' } },
          { name: 'b', persistentVolumeClaim: { claimName: 'b' } },
          { name: 'c', persistentVolumeClaim: { claimName: 'c' } },
        ],
      },
    });
    const { findings } = run('volume-rwx-filesystem-share', { vmi: v }, facts);
    expect(findings.map((f) => [f.args.volume, f.args.via, f.evidence[0]?.kind])).toEqual([['a', 'nfs', 'PersistentVolume']]);
  });
});
