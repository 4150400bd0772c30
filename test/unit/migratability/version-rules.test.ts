// Rules whose verdict depends on the KubeVirt release: a blocker where that release refuses, silent
// (or info) where it does not; with the release unknown, a warning that names the releases that
// refuse (evaluateMigratability judges such a rule at every release span).
import { describe, expect, it } from 'vitest';
import { evaluateMigratability } from '../../../src/analyze/migratability/evaluate.js';
import { buildSubject } from '../../../src/analyze/migratability/subject.js';
import { migratabilityItemDocument } from '../../../src/render/migratability-document.js';
import { clusterFacts, kubevirtCR, node, vmi } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';

const at = (version: string) => clusterFacts({ kubevirt: [kubevirtCR({ version })] });
const unknownVersion = () => clusterFacts({ nodes: [node('node-a'), node('node-b')] });
const minor = (major: number, m: number) => ({ major, minor: m });

describe('virtiofs', () => {
  const v = vmi('vm1', { devices: { filesystems: [{ name: 'shared', virtiofs: {} }] } });

  it('blocks up to KubeVirt 1.4 (VirtIOFSNotLiveMigratable)', () => {
    expect(run('virtiofs', { vmi: v }, at('v1.4.0')).findings).toEqual([
      {
        rule: 'virtiofs',
        severity: 'blocker',
        kubevirtReason: 'VirtIOFSNotLiveMigratable',
        args: { filesystem: 'shared' },
        path: 'spec.domain.devices.filesystems[0]',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.filesystems[0]' }],
      },
    ]);
    expect(run('virtiofs', { vmi: v }, at('v0.59.2')).findings).toHaveLength(1);
  });

  it('is silent from KubeVirt 1.5 (vendor version strings too) and without filesystems', () => {
    expect(run('virtiofs', { vmi: v }, at('1.6.3-150700.3.13.1')).findings).toEqual([]);
    expect(run('virtiofs', { vmi: vmi('vm1') }).findings).toEqual([]);
  });

  it('version unknown: a warning that blocks on v0.59–v1.4', () => {
    const e = evaluateMigratability(buildSubject({ vmi: v }), unknownVersion());
    expect(e.findings.filter((f) => f.rule === 'virtiofs')).toMatchObject([
      { severity: 'warning', kubevirtReason: 'VirtIOFSNotLiveMigratable', blocksOn: [{ since: minor(0, 59), until: minor(1, 4) }] },
    ]);
    expect(e.predicted).toBeUndefined();
  });
});

describe('persistent-reservation', () => {
  const v = vmi('vm1', { devices: { disks: [{ name: 'disk-0', disk: {} }, { name: 'shared-lun', lun: { bus: 'scsi', reservation: true } }] } });

  it('blocks on KubeVirt 1.0–1.8 (PersistentReservationNotLiveMigratable)', () => {
    expect(run('persistent-reservation', { vmi: v }, at('v1.6.3')).findings).toEqual([
      {
        rule: 'persistent-reservation',
        severity: 'blocker',
        kubevirtReason: 'PersistentReservationNotLiveMigratable',
        args: { disk: 'shared-lun', refuses: 'live' },
        path: 'spec.domain.devices.disks[1].lun.reservation',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.disks[1].lun.reservation' }],
      },
    ]);
    expect(run('persistent-reservation', { vmi: v }, at('v1.0.0')).findings[0]?.severity).toBe('blocker');
    expect(run('persistent-reservation', { vmi: v }, at('v0.59.0')).findings).toEqual([]);
  });

  it('from KubeVirt 1.9 only a volume migration is refused (info), and LUNs without reservation are silent', () => {
    expect(run('persistent-reservation', { vmi: v }, at('v1.9.0')).findings).toMatchObject([{ severity: 'info', args: { refuses: 'storage' } }]);
    expect(run('persistent-reservation', { vmi: v }, at('v1.9.0')).findings[0]?.kubevirtReason).toBeUndefined();
    const plain = vmi('vm1', { devices: { disks: [{ name: 'l', lun: { bus: 'scsi' } }] } });
    expect(run('persistent-reservation', { vmi: plain }, at('v1.6.0')).findings).toEqual([]);
  });

  it('version unknown: one warning that blocks on v1.0–v1.8', () => {
    const e = evaluateMigratability(buildSubject({ vmi: v }), unknownVersion());
    expect(e.findings.filter((f) => f.rule === 'persistent-reservation')).toMatchObject([
      { severity: 'warning', args: { refuses: 'live' }, blocksOn: [{ since: minor(1, 0), until: minor(1, 8) }] },
    ]);
  });
});

describe('the verdict follows the cluster version', () => {
  it('predicts the reasons that release sets, in its order: disks first up to v1.5, last from v1.6', () => {
    const v = vmi('vm1', {
      volumeStatus: [{ name: 'disk-0', persistentVolumeClaimInfo: { claimName: 'vm1-disk-0', accessModes: ['ReadWriteOnce'] } }],
      devices: { interfaces: [{ name: 'default', bridge: {} }] },
    });
    const nodes = [node('node-a'), node('node-b')];
    const predicted = (version: string) =>
      evaluateMigratability(buildSubject({ vmi: v }), clusterFacts({ nodes, kubevirt: [kubevirtCR({ version })] })).predicted;
    expect(predicted('v1.5.1')).toEqual({ version: 'v1.5.1', liveMigratable: 'False', reasons: ['DisksNotLiveMigratable', 'InterfaceNotLiveMigratable'] });
    expect(predicted('v1.6.0')?.reasons).toEqual(['InterfaceNotLiveMigratable', 'DisksNotLiveMigratable']);
  });

  it('a blocker on every release stays a blocker with the version unknown', () => {
    const v = vmi('vm1', { devices: { interfaces: [{ name: 'default', slirp: {} }] } });
    const e = evaluateMigratability(buildSubject({ vmi: v }), unknownVersion());
    expect(e.findings.find((f) => f.rule === 'interface-not-migratable')).toMatchObject({ severity: 'blocker' });
    expect(e.findings.find((f) => f.rule === 'interface-not-migratable')?.blocksOn).toBeUndefined();
  });

  it('a blocker on some releases only, with the version unknown: bridge with the annotation blocks only on v0.59', () => {
    const v = vmi('vm1', { devices: { interfaces: [{ name: 'default', bridge: {} }] }, annotations: { 'kubevirt.io/allow-pod-bridge-network-live-migration': '' } });
    const e = evaluateMigratability(buildSubject({ vmi: v }), unknownVersion());
    expect(e.findings.find((f) => f.rule === 'interface-not-migratable')).toMatchObject({ severity: 'warning', blocksOn: [{ since: minor(0, 59), until: minor(0, 59) }] });
    expect(e.verdict).toBe('risky');
  });
});

describe('the document says what follows the version', () => {
  it('version unknown: blocksOn names the releases that refuse; no prediction', () => {
    const subject = buildSubject({ vmi: vmi('vm1', { devices: { filesystems: [{ name: 'shared', virtiofs: {} }] } }) });
    const doc = migratabilityItemDocument({ subject, evaluation: evaluateMigratability(subject, unknownVersion()) });
    expect(doc.findings.find((f) => f.rule === 'virtiofs')).toMatchObject({ severity: 'warning', kubevirtReason: 'VirtIOFSNotLiveMigratable', blocksOn: ['v0.59–v1.4'] });
    expect(doc.findings.find((f) => f.rule === 'virtiofs')?.message).toContain('v0.59–v1.4');
    expect(doc.predicted).toBeUndefined();
  });

  it('version known: a blocker without blocksOn, and the predicted condition', () => {
    const subject = buildSubject({ vmi: vmi('vm1', { devices: { filesystems: [{ name: 'shared', virtiofs: {} }] } }) });
    const doc = migratabilityItemDocument({ subject, evaluation: evaluateMigratability(subject, clusterFacts({ nodes: [node('node-a'), node('node-b')], kubevirt: [kubevirtCR({ version: 'v1.4.2' })] })) });
    expect(doc.findings.find((f) => f.rule === 'virtiofs')).toMatchObject({ severity: 'blocker' });
    expect(doc.findings.find((f) => f.rule === 'virtiofs')?.blocksOn).toBeUndefined();
    expect(doc.predicted).toEqual({ kubevirtVersion: 'v1.4.2', liveMigratable: 'False', reasons: ['VirtIOFSNotLiveMigratable'] });
  });
});
