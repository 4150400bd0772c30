// check-migratable --peer-context: the cross-cluster pre-flight rules, on the builders shaped like
// the real Harvester VM/VMI (vms.ts) and KubeVirt CR (kubevirt.ts); the peer's side follows what
// KubeVirt's decentralized migration functional tests set up on the receiving cluster
// (tests/migration/decentralized: the gate on both CRs, the receiving VM in a namespace of the same name).
import { describe, expect, it } from 'vitest';
import type { ClusterFacts, PeerFacts } from '../../../src/analyze/migratability/rule.js';
import { evaluateMigratability } from '../../../src/analyze/migratability/evaluate.js';
import { buildSubject } from '../../../src/analyze/migratability/subject.js';
import { known, unknownList } from '../../../src/kube/known.js';
import type { KubeObject } from '../../../src/kube/types.js';
import { clusterFacts, kubevirtCR } from '../../fixtures/objects/index.js';
import { liveMigratable, vm, vmi } from '../../fixtures/objects/vms.js';
import { pvc, storageClass } from '../../fixtures/objects/storage.js';
import { run } from './helpers.js';

const GATE = 'DecentralizedLiveMigration';
const GATES = ['LiveMigration', GATE];

function cr(version: string, gates: string[] = GATES) {
  const c = kubevirtCR({ version });
  c.spec!.configuration!.developerConfiguration!.featureGates = gates;
  return c;
}

/** The CR's status.synchronizationAddresses as virt-operator writes it: the leading sync controller pod's IP, port 9185. */
function withSync(c: ReturnType<typeof cr>, addresses: string[]) {
  Object.assign(c.status ?? {}, { synchronizationAddresses: addresses });
  return c;
}

function nad(namespace: string, name: string): KubeObject {
  return { apiVersion: 'k8s.cni.cncf.io/v1', kind: 'NetworkAttachmentDefinition', metadata: { namespace, name } };
}

function peer(o: Partial<PeerFacts> & { version?: string; gates?: string[] } = {}): PeerFacts {
  const kubevirt = o.kubevirt ?? known([withSync(cr(o.version ?? 'v1.6.3', o.gates), ['10.131.0.58:9185'])]);
  const facts = clusterFacts({ kubevirt });
  return {
    cluster: 'west',
    namespace: 'default',
    kubevirt,
    ...(facts.kubevirtVersion ? { kubevirtVersion: facts.kubevirtVersion } : {}),
    namespaces: known([{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }]),
    networks: known([]),
    storageClasses: known([storageClass('longhorn')]),
    ...o,
  };
}

/** This cluster at `version` (with the gate unless told), the peer as given. */
function facts(version: string | undefined, p: PeerFacts, o: { gates?: string[]; pvcs?: ReturnType<typeof pvc>[] } = {}): ClusterFacts {
  const f = clusterFacts({ kubevirt: version === undefined ? unknownList('kubevirts.kubevirt.io: forbidden') : [cr(version, o.gates)], pvcs: o.pvcs ?? [pvc('vm-00-disk-0', { storageClassName: 'longhorn' })], storageClasses: [storageClass('longhorn')] });
  return { ...f, peer: p };
}

const subject = { vmi: vmi('vm-00') };
const peerIds = (f: ClusterFacts) => evaluateMigratability(buildSubject({ vm: vm('vm-00'), ...subject }), f).findings.filter((x) => x.rule.startsWith('peer-'));

describe('without a peer the peer rules are silent', () => {
  it('no --peer-context: no finding, nothing unknown', () => {
    const e = evaluateMigratability(buildSubject(subject), clusterFacts({ kubevirt: [cr('v1.6.3', [])] }));
    expect(e.findings.filter((f) => f.rule.startsWith('peer-'))).toEqual([]);
    expect(e.unknown.filter((u) => u.rule.startsWith('peer-'))).toEqual([]);
  });
});

describe('peer-gate-disabled', () => {
  it('v1.6 (first release): the gate off on the peer blocks, naming the peer and its CR', () => {
    expect(run('peer-gate-disabled', subject, facts('v1.6.0', peer({ gates: ['LiveMigration'] }))).findings).toMatchObject([
      { severity: 'blocker', args: { sides: ['target'], gate: GATE, peer: 'west' }, evidence: [{ kind: 'KubeVirt', name: 'kubevirt', cluster: 'west', field: 'spec.configuration.developerConfiguration.featureGates' }] },
    ]);
  });
  it('v1.9: the gate off here and there: both sides', () => {
    expect(run('peer-gate-disabled', subject, facts('v1.9.0', peer({ version: 'v1.9.0', gates: [] }), { gates: [] })).findings[0]?.args.sides).toEqual(['source', 'target']);
  });
  it('the gate on both sides: nothing', () => {
    expect(run('peer-gate-disabled', subject, facts('v1.7.1', peer({ version: 'v1.7.1' }))).findings).toEqual([]);
  });
  it('v1.5 (no decentralized migration): not this rule\'s (peer-version-unsupported says it)', () => {
    expect(run('peer-gate-disabled', subject, facts('v1.5.2', peer({ gates: [] }), { gates: [] })).findings).toEqual([]);
  });
  it('a 403 on the peer\'s KubeVirt CR: unknown with the reason, not a pass', () => {
    const r = run('peer-gate-disabled', subject, facts('v1.6.3', peer({ kubevirt: unknownList('kubevirts.kubevirt.io: forbidden') })));
    expect(r).toEqual({ findings: [], unresolved: ['west: kubevirts.kubevirt.io: forbidden'] });
    const e = evaluateMigratability(buildSubject(subject), facts('v1.6.3', peer({ kubevirt: unknownList('kubevirts.kubevirt.io: forbidden') })));
    expect(e.unknown).toContainEqual({ rule: 'peer-gate-disabled', missing: 'west: kubevirts.kubevirt.io: forbidden' });
  });
});

describe('peer-version-unsupported', () => {
  it('v1.5 on the peer: blocker with its version', () => {
    expect(run('peer-version-unsupported', subject, facts('v1.6.3', peer({ version: 'v1.5.2' }))).findings).toMatchObject([
      { severity: 'blocker', args: { sides: [{ side: 'target', version: 'v1.5.2' }], since: 'v1.6' } },
    ]);
  });
  it('v1.5 here, v1.6 there: this side', () => {
    expect(run('peer-version-unsupported', subject, facts('v1.5.0', peer())).findings[0]?.args.sides).toEqual([{ side: 'source', version: 'v1.5.0' }]);
  });
  it('v1.6 and v1.9 both sides: nothing', () => {
    expect(run('peer-version-unsupported', subject, facts('v1.6.0', peer({ version: 'v1.6.0' }))).findings).toEqual([]);
    expect(run('peer-version-unsupported', subject, facts('v1.9.0', peer({ version: 'v1.9.0' }))).findings).toEqual([]);
  });
  it('this cluster\'s version unknown: blocks on v0.59–v1.5 only (a warning with blocksOn)', () => {
    const f = evaluateMigratability(buildSubject(subject), facts(undefined, peer())).findings.find((x) => x.rule === 'peer-version-unsupported');
    expect(f).toMatchObject({ severity: 'warning', blocksOn: [{ since: { major: 0, minor: 59 }, until: { major: 1, minor: 5 } }] });
  });
  it('the peer\'s version unknown: unresolved', () => {
    expect(run('peer-version-unsupported', subject, facts('v1.6.3', peer({ kubevirt: unknownList('kubevirts.kubevirt.io: forbidden') }))).unresolved).toEqual(['west: kubevirts.kubevirt.io: forbidden']);
  });
});

describe('peer-version-skew', () => {
  it('v1.6 here, v1.9 there: a warning with both versions', () => {
    expect(run('peer-version-skew', subject, facts('v1.6.3', peer({ version: 'v1.9.0' }))).findings).toMatchObject([{ severity: 'warning', args: { source: 'v1.6.3', target: 'v1.9.0', peer: 'west' } }]);
  });
  it('same minor (patches differ): nothing; below v1.6: peer-version-unsupported\'s', () => {
    expect(run('peer-version-skew', subject, facts('v1.7.0', peer({ version: 'v1.7.2' }))).findings).toEqual([]);
    expect(run('peer-version-skew', subject, facts('v1.5.0', peer({ version: 'v1.7.2' }))).findings).toEqual([]);
  });
  it('judges as why\'s sync-channel check: v1.7 against v1.6 warns, v1.8 against v1.9 does not (both have CancelMigration)', () => {
    expect(run('peer-version-skew', subject, facts('v1.7.1', peer({ version: 'v1.6.0' }))).findings).toMatchObject([{ args: { source: 'v1.7.1', target: 'v1.6.0' } }]);
    expect(run('peer-version-skew', subject, facts('v1.9.0', peer({ version: 'v1.8.2' }))).findings).toEqual([]);
  });
});

describe('peer-namespace-missing', () => {
  it('no such namespace on the peer: blocker', () => {
    expect(run('peer-namespace-missing', subject, facts('v1.6.3', peer({ namespaces: known([]) }))).findings).toMatchObject([
      { severity: 'blocker', args: { namespace: 'default', peer: 'west' }, evidence: [{ kind: 'Namespace', name: 'default', cluster: 'west' }] },
    ]);
  });
  it('present: nothing; forbidden: unknown', () => {
    expect(run('peer-namespace-missing', subject, facts('v1.6.3', peer())).findings).toEqual([]);
    expect(run('peer-namespace-missing', subject, facts('v1.6.3', peer({ namespaces: unknownList('namespaces: forbidden') }))).unresolved).toEqual(['west: namespaces: forbidden']);
  });
});

describe('peer-network-missing', () => {
  const multus = { vmi: vmi('vm-00', { spec: { networks: [{ name: 'default', pod: {} }, { name: 'vlan', multus: { networkName: 'vlan-100' } }, { name: 'storage', multus: { networkName: 'infra/storage-net' } }] } }) };
  it('each NAD the peer lacks (name in the target namespace, ns/name as given)', () => {
    const r = run('peer-network-missing', multus, facts('v1.6.3', peer({ networks: known([nad('default', 'vlan-100')]) })));
    expect(r.findings).toMatchObject([{ severity: 'blocker', args: { network: 'storage', nad: 'infra/storage-net' }, path: 'spec.networks[2].multus.networkName' }]);
  });
  it('no multus network: nothing, even when NADs are unreadable; with one and a 403: unknown', () => {
    expect(run('peer-network-missing', subject, facts('v1.6.3', peer({ networks: unknownList('x: forbidden') })))).toEqual({ findings: [], unresolved: [] });
    expect(run('peer-network-missing', multus, facts('v1.6.3', peer({ networks: unknownList('network-attachment-definitions.k8s.cni.cncf.io: forbidden') }))).unresolved).toEqual([
      'west: network-attachment-definitions.k8s.cni.cncf.io: forbidden',
    ]);
  });
});

describe('peer-storage-class-missing', () => {
  it('the PVC\'s class absent on the peer: blocker naming the volumes', () => {
    const r = run('peer-storage-class-missing', subject, facts('v1.6.3', peer({ storageClasses: known([storageClass('ceph')]) })));
    expect(r.findings).toMatchObject([{ severity: 'blocker', args: { storageClass: 'longhorn', volumes: ['disk-0'], peer: 'west' }, evidence: [{ kind: 'StorageClass', name: 'longhorn', cluster: 'west' }] }]);
  });
  it('present: nothing; the peer\'s classes forbidden: unknown', () => {
    expect(run('peer-storage-class-missing', subject, facts('v1.6.3', peer())).findings).toEqual([]);
    expect(run('peer-storage-class-missing', subject, facts('v1.6.3', peer({ storageClasses: unknownList('storageclasses.storage.k8s.io: forbidden') }))).unresolved).toEqual([
      'west: storageclasses.storage.k8s.io: forbidden',
    ]);
  });
  it('a DataVolume template not yet instantiated: its storage.storageClassName', () => {
    const v = vm('vm-00', { dataVolumeTemplates: [{ metadata: { name: 'vm-00-disk-0' }, spec: { storage: { storageClassName: 'fast' } } }], spec: { volumes: [{ name: 'disk-0', dataVolume: { name: 'vm-00-disk-0' } }] } });
    const r = run('peer-storage-class-missing', { vm: v }, facts('v1.6.3', peer(), { pvcs: [] }));
    expect(r.findings[0]?.args).toEqual({ storageClass: 'fast', volumes: ['disk-0'], peer: 'west' });
  });
});

// The VM with persistent TPM and EFI follows KubeVirt's "should decentralized migrate a VMI with
// persistent TPM+EFI enabled" (tests/migration/namespace.go, added with the fix in v1.6.1); the
// shared hostDisk, the hostDisk volume of tests/storage/storage.go (type DiskOrCreate) marked shared.
describe('peer-volume-cannot-move', () => {
  const tpmEfi = { vmi: vmi('vm-00', { domain: { firmware: { bootloader: { efi: { secureBoot: false, persistent: true } } } }, devices: { tpm: { persistent: true } } }) };
  const sharedHostDisk = {
    vmi: vmi('vm-00', {
      spec: {
        volumes: [
          { name: 'disk-0', persistentVolumeClaim: { claimName: 'vm-00-disk-0' } },
          { name: 'host-disk', hostDisk: { path: '/var/shared/vm-00/disk.img', type: 'DiskOrCreate', capacity: '1Gi', shared: true } },
        ],
      },
    }),
  };
  it('v1.5 (no decentralized migration): silent, peer-version-unsupported says it', () => {
    expect(run('peer-volume-cannot-move', tpmEfi, facts('v1.5.2', peer({ version: 'v1.6.0' })))).toEqual({ findings: [], unresolved: [] });
    expect(run('peer-volume-cannot-move', sharedHostDisk, facts('v1.5.2', peer())).findings).toEqual([]);
  });
  it('v1.6.0 on the peer: persistent TPM and EFI each block, with virt-controller\'s text and the peer\'s version', () => {
    const r = run('peer-volume-cannot-move', tpmEfi, facts('v1.6.0', peer({ version: 'v1.6.0' })));
    expect(r.findings).toMatchObject([
      { severity: 'blocker', path: 'spec.domain.devices.tpm.persistent', args: { kind: 'backend-storage', device: 'tpm', version: 'v1.6.0', kubevirtText: 'no backend-storage PVC found in VMI volume status', peer: 'west' } },
      { severity: 'blocker', path: 'spec.domain.firmware.bootloader.efi.persistent', args: { kind: 'backend-storage', device: 'efi' } },
    ]);
    expect(r.findings[0]?.evidence[1]).toMatchObject({ kind: 'KubeVirt', cluster: 'west', field: 'status.observedKubeVirtVersion', message: 'v1.6.0' });
  });
  it('v1.6.1 (the fix cherry-picked) and v1.9 on the peer: persistent TPM/EFI move', () => {
    expect(run('peer-volume-cannot-move', tpmEfi, facts('v1.6.0', peer({ version: 'v1.6.1' }))).findings).toEqual([]);
    expect(run('peer-volume-cannot-move', tpmEfi, facts('v1.9.0', peer({ version: 'v1.9.0' }))).findings).toEqual([]);
  });
  it('the peer\'s version unknown with persistent TPM: unknown, not a pass', () => {
    const r = run('peer-volume-cannot-move', tpmEfi, facts('v1.6.3', peer({ kubevirt: unknownList('kubevirts.kubevirt.io: forbidden') })));
    expect(r).toEqual({ findings: [], unresolved: ['west: kubevirts.kubevirt.io: forbidden'] });
  });
  it('a TPM that is not persistent, or disabled: nothing to carry', () => {
    const plain = { vmi: vmi('vm-00', { devices: { tpm: {} } }) };
    const off = { vmi: vmi('vm-00', { devices: { tpm: { enabled: false, persistent: true } } }) };
    expect(run('peer-volume-cannot-move', plain, facts('v1.6.0', peer({ version: 'v1.6.0' }))).findings).toEqual([]);
    expect(run('peer-volume-cannot-move', off, facts('v1.6.0', peer({ version: 'v1.6.0' }))).findings).toEqual([]);
  });
  it.each(['v1.6.0', 'v1.9.0'])('%s: a shared hostDisk is not copied: a warning naming the volume and path', (version) => {
    const r = run('peer-volume-cannot-move', sharedHostDisk, facts(version, peer({ version })));
    expect(r.findings).toMatchObject([
      { severity: 'warning', path: 'spec.volumes[1].hostDisk', args: { kind: 'shared-hostdisk', volume: 'host-disk', hostPath: '/var/shared/vm-00/disk.img', peer: 'west' }, evidence: [{ kind: 'VirtualMachineInstance', name: 'vm-00' }] },
    ]);
  });
  it('v1.9: PVCs, a non-shared hostDisk and a containerDisk are copied: nothing', () => {
    const copied = {
      vmi: vmi('vm-00', {
        spec: {
          volumes: [
            { name: 'disk-0', persistentVolumeClaim: { claimName: 'vm-00-disk-0' } },
            { name: 'host-disk', hostDisk: { path: '/var/data/disk.img', type: 'DiskOrCreate', capacity: '1Gi' } },
            { name: 'containerdisk', containerDisk: { image: 'quay.io/kubevirt/cirros-container-disk-demo' } },
          ],
        },
      }),
    };
    expect(run('peer-volume-cannot-move', copied, facts('v1.9.0', peer({ version: 'v1.9.0' }))).findings).toEqual([]);
  });
  it('in the report: a v1.6.0 peer with persistent TPM makes the VM not-migratable', () => {
    const e = evaluateMigratability(buildSubject(tpmEfi), facts('v1.6.0', peer({ version: 'v1.6.0' })));
    expect(e.verdict).toBe('not-migratable');
    expect(e.findings.filter((f) => f.rule === 'peer-volume-cannot-move').map((f) => f.severity)).toEqual(['blocker', 'blocker']);
  });
});

// None is what virt-operator writes without a lease holder (the addresses like examples/cross-cluster's CRs).
describe('peer-sync-address-missing', () => {
  const withAddress = (version: string, addresses: string[]) => known([withSync(cr(version), addresses)]);
  it('v1.5 here (no decentralized migration): silent', () => {
    expect(run('peer-sync-address-missing', subject, facts('v1.5.2', peer()))).toEqual({ findings: [], unresolved: [] });
  });
  it.each(['v1.6.0', 'v1.9.0'])('%s: the peer publishes none: a warning at its KubeVirt CR', (version) => {
    expect(run('peer-sync-address-missing', subject, facts(version, peer({ kubevirt: withAddress(version, []) }))).findings).toMatchObject([
      { severity: 'warning', args: { peer: 'west' }, evidence: [{ kind: 'KubeVirt', name: 'kubevirt', cluster: 'west', field: 'status.synchronizationAddresses' }] },
    ]);
  });
  it('v1.9: an address published: nothing', () => {
    expect(run('peer-sync-address-missing', subject, facts('v1.9.0', peer({ kubevirt: withAddress('v1.9.0', ['10.131.0.58:9185']) }))).findings).toEqual([]);
  });
  it('the gate off or a v1.5 peer: peer-gate-disabled / peer-version-unsupported say it, not this rule', () => {
    expect(run('peer-sync-address-missing', subject, facts('v1.9.0', peer({ version: 'v1.9.0', gates: ['LiveMigration'] }))).findings).toEqual([]);
    expect(run('peer-sync-address-missing', subject, facts('v1.9.0', peer({ version: 'v1.5.2' }))).findings).toEqual([]);
  });
  it('the peer\'s KubeVirt CR forbidden: unknown with the reason', () => {
    expect(run('peer-sync-address-missing', subject, facts('v1.9.0', peer({ kubevirt: unknownList('kubevirts.kubevirt.io: forbidden') }))).unresolved).toEqual(['west: kubevirts.kubevirt.io: forbidden']);
  });
});

describe('all together, in the VM\'s report item', () => {
  it('a v1.5 peer without the namespace: version and namespace findings, the verdict not-migratable', () => {
    const e = evaluateMigratability(buildSubject(subject), facts('v1.6.3', peer({ version: 'v1.5.2', namespaces: known([]) })));
    expect(e.verdict).toBe('not-migratable');
    expect(peerIds(facts('v1.6.3', peer({ version: 'v1.5.2', namespaces: known([]) }))).map((f) => f.rule)).toEqual(['peer-version-unsupported', 'peer-namespace-missing']);
  });
});

describe('a peer blocker is not a drain blocker', () => {
  it('eviction-drain-blocker ignores peer-* findings (they block the move to the other cluster only)', () => {
    const e = evaluateMigratability(buildSubject({ vmi: vmi('vm-00', { spec: { evictionStrategy: 'LiveMigrate' } }) }), facts('v1.6.3', peer({ namespaces: known([]) })));
    expect(e.findings.map((f) => f.rule)).toContain('peer-namespace-missing');
    expect(e.findings.map((f) => f.rule)).not.toContain('eviction-drain-blocker');
  });
});

describe('a disk KubeVirt copies across clusters is no blocker of that move', () => {
  // An RWO PVC: LiveMigratable=False DisksNotLiveMigratable, which the migration-create webhook
  // lets through for a decentralized migration (migration-create-admitter.go, v1.6+).
  const rwo = [pvc('vm-00-disk-0', { storageClassName: 'longhorn', accessModes: ['ReadWriteOnce'] })];
  const disks = { vm: vm('vm-00'), vmi: vmi('vm-00', { liveMigratable: liveMigratable('False', 'DisksNotLiveMigratable', 'cannot migrate VMI: PVC vm-00-disk-0 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)') }) };
  const blockers = (e: ReturnType<typeof evaluateMigratability>) => e.findings.filter((f) => f.severity === 'blocker').map((f) => f.rule);
  it('without a peer KubeVirt refuses it: a blocker, and KubeVirt agrees', () => {
    const f = facts('v1.9.0', peer(), { pvcs: rwo });
    delete f.peer;
    const e = evaluateMigratability(buildSubject(disks), f);
    expect(blockers(e)).toEqual(['kubevirt-condition']);
    expect(e.agreesWithKubeVirt).toBe(true);
  });
  it('with a peer: no blocker for that reason, and KubeVirt agrees', () => {
    const e = evaluateMigratability(buildSubject(disks), facts('v1.9.0', peer({ version: 'v1.9.0' }), { pvcs: rwo }));
    expect(blockers(e)).toEqual([]);
    expect(e.agreesWithKubeVirt).toBe(true);
  });
  it('with a peer, a DisksNotLiveMigratable blocker of a rule (a hostDisk) is information', () => {
    const host = structuredClone(disks);
    host.vm.spec!.template!.spec!.volumes = [{ name: 'disk-0', hostDisk: { path: '/var/lib/vm/disk.img', type: 'DiskOrCreate' } }];
    host.vmi.spec!.volumes = host.vm.spec!.template!.spec!.volumes;
    const alone = facts('v1.9.0', peer(), { pvcs: rwo });
    delete alone.peer;
    expect(evaluateMigratability(buildSubject(host), alone).findings.filter((f) => f.rule === 'volume-hostdisk').map((f) => f.severity)).toEqual(['blocker']);
    const e = evaluateMigratability(buildSubject(host), facts('v1.9.0', peer({ version: 'v1.9.0' }), { pvcs: rwo }));
    expect(e.findings.filter((f) => f.rule === 'volume-hostdisk').map((f) => f.severity)).toEqual(['info']);
    expect(blockers(e)).toEqual([]);
  });
});
