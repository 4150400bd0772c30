// check-migratable's rules for a volume update KubeVirt will refuse (updateVolumesStrategy:
// Migration), on the VM/VMI of test/fixtures/objects/kinds/volume/ (headers name the KubeVirt tests
// they follow) and by KubeVirt release: the gates are Alpha in v1.3–v1.4, hot-plugged volumes move from v1.5.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { KubeObject, VirtualMachine, VirtualMachineInstance } from '../../../src/kube/types.js';
import { unknownList } from '../../../src/kube/known.js';
import { clusterFacts, kubevirtCR } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';
import { evaluateMigratability } from '../../../src/analyze/migratability/evaluate.js';
import { buildSubject } from '../../../src/analyze/migratability/subject.js';
import { volumeUpdateRwoLeftOut } from '../../../src/analyze/migratability/rules/volume-update-rwo-left-out.js';
import { evictionDrainBlocker } from '../../../src/analyze/migratability/rules/eviction-drain-blocker.js';

function load(file: string): { vm: VirtualMachine; vmi: VirtualMachineInstance } {
  const text = readFileSync(fileURLToPath(new URL(`../../fixtures/objects/kinds/volume/${file}`, import.meta.url)), 'utf8');
  const items = parseAllDocuments(text).flatMap((d) => ((d.toJS() as { items?: KubeObject[] } | null)?.items ?? []));
  return { vm: items.find((o) => o.kind === 'VirtualMachine') as VirtualMachine, vmi: items.find((o) => o.kind === 'VirtualMachineInstance') as VirtualMachineInstance };
}
const at = (version: string, gates?: string[]) => {
  const cr = kubevirtCR({ version });
  if (gates && cr.spec?.configuration?.developerConfiguration) cr.spec.configuration.developerConfiguration.featureGates = gates;
  return clusterFacts({ kubevirt: [cr] });
};

describe('volume-update-gate-disabled', () => {
  const { vm } = load('refused-backend-storage-v1.4.yaml');
  it('v1.3–v1.4: Migration needs VolumesUpdateStrategy and VolumeMigration (vms-admitter.go)', () => {
    expect(run('volume-update-gate-disabled', { vm }, at('v1.4.0', [])).findings).toMatchObject([
      { severity: 'blocker', args: { gates: ['VolumesUpdateStrategy', 'VolumeMigration'], strategy: 'Migration' }, path: 'spec.updateVolumesStrategy' },
    ]);
    expect(run('volume-update-gate-disabled', { vm }, at('v1.3.1', ['VolumesUpdateStrategy'])).findings[0]?.args.gates).toEqual(['VolumeMigration']);
    expect(run('volume-update-gate-disabled', { vm }, at('v1.4.0', ['VolumesUpdateStrategy', 'VolumeMigration'])).findings).toEqual([]);
  });
  it('GA from v1.5; an unreadable KubeVirt CR is unresolved, not a finding', () => {
    expect(run('volume-update-gate-disabled', { vm }, at('v1.5.0', [])).findings).toEqual([]);
    const r = run('volume-update-gate-disabled', { vm }, { ...at('v1.4.0', []), kubevirt: unknownList('forbidden') });
    expect(r).toEqual({ findings: [], unresolved: ['forbidden'] });
  });
});

describe('volume-update-volume-refused', () => {
  it('a shareable disk (as refused-invalid-volumes: "invalid volumes to update with migration: shareable: [shared-data]")', () => {
    const { vm, vmi } = load('refused-invalid-volumes.yaml');
    expect(run('volume-update-volume-refused', { vm, vmi }, at('v1.9.0')).findings).toMatchObject([
      { severity: 'blocker', args: { volume: 'shared-data', class: 'shareable', from: 'reports-shared', to: 'reports-shared-fast' } },
    ]);
  });
  it('a hot-plugged volume before v1.5 only', () => {
    const { vm, vmi } = load('refused-destination-missing.yaml');
    const hot: VirtualMachine = structuredClone(vm);
    for (const v of hot.spec?.template?.spec?.volumes ?? []) if (v.dataVolume) v.dataVolume.hotpluggable = true;
    expect(run('volume-update-volume-refused', { vm: hot, vmi }, at('v1.4.0')).findings).toMatchObject([{ args: { volume: 'rootdisk', class: 'hotplugged' } }]);
    expect(run('volume-update-volume-refused', { vm: hot, vmi }, at('v1.5.0')).findings).toEqual([]);
  });
  it('nothing without the Migration strategy or a changed claim', () => {
    const { vm, vmi } = load('refused-invalid-volumes.yaml');
    expect(run('volume-update-volume-refused', { vm: { ...vm, spec: { ...vm.spec, updateVolumesStrategy: 'Replacement' } }, vmi }, at('v1.9.0')).findings).toEqual([]);
    const { vm: done, vmi: moved } = load('succeeded.yaml');
    expect(run('volume-update-volume-refused', { vm: done, vmi: moved }, at('v1.9.0')).findings).toEqual([]);
  });
});

describe('volume-update-destination-missing', () => {
  const { vm, vmi } = load('refused-destination-missing.yaml');
  it('a destination DataVolume that does not exist ("should trigger the migration once the destination DV exists")', () => {
    expect(run('volume-update-destination-missing', { vm, vmi }, at('v1.9.0')).findings).toMatchObject([
      { severity: 'blocker', args: { volume: 'rootdisk', type: 'datavolume', claim: 'reports-disk-fast' } },
    ]);
  });
  it('an unreadable DataVolume list is unresolved; a DataVolume the VM templates declares is not missing', () => {
    const facts = { ...at('v1.9.0'), dataVolumes: unknownList<never>('forbidden') };
    expect(run('volume-update-destination-missing', { vm, vmi }, facts)).toEqual({ findings: [], unresolved: ['forbidden'] });
    const templated: VirtualMachine = { ...vm, spec: { ...vm.spec, dataVolumeTemplates: [{ metadata: { name: 'reports-disk-fast' } }] } };
    expect(run('volume-update-destination-missing', { vm: templated, vmi }, at('v1.9.0')).findings).toEqual([]);
  });
});

describe('volume-update-rollout-not-live', () => {
  const { vm } = load('refused-rwo-not-migrated.yaml');
  const rollout = (version: string, strategy: string | undefined, gates?: string[]) => {
    const facts = at(version, gates);
    const cr = facts.kubevirt.ok ? facts.kubevirt.items[0] : undefined;
    if (cr?.spec?.configuration && strategy) cr.spec.configuration.vmRolloutStrategy = strategy;
    return run('volume-update-rollout-not-live', { vm }, facts);
  };
  it('v1.3–v1.4: LiveUpdate needs vmRolloutStrategy LiveUpdate and the VMLiveUpdateFeatures gate (virt-config.go)', () => {
    expect(rollout('v1.4.0', 'LiveUpdate').findings).toMatchObject([{ severity: 'blocker', args: { rollout: 'LiveUpdate', gateMissing: 'VMLiveUpdateFeatures' } }]);
    expect(rollout('v1.3.1', 'LiveUpdate', ['VMLiveUpdateFeatures']).findings).toEqual([]);
    expect(rollout('v1.3.1', undefined, ['VMLiveUpdateFeatures']).findings).toMatchObject([{ args: { rollout: null, gateMissing: null } }]);
  });
  it('v1.5: vmRolloutStrategy LiveUpdate, no gate; unset is Stage', () => {
    expect(rollout('v1.5.0', 'LiveUpdate').findings).toEqual([]);
    expect(rollout('v1.5.0', undefined).findings).toMatchObject([{ args: { rollout: null, gateMissing: null } }]);
  });
  it('v1.6+: unset counts as LiveUpdate; Stage blocks', () => {
    expect(rollout('v1.6.0', undefined).findings).toEqual([]);
    expect(rollout('v1.9.0', 'Stage').findings).toMatchObject([{ args: { rollout: 'Stage' }, path: 'spec.updateVolumesStrategy' }]);
  });
  it('only for the Migration strategy; an unreadable KubeVirt CR is unresolved', () => {
    const replacement: VirtualMachine = { ...vm, spec: { ...vm.spec, updateVolumesStrategy: 'Replacement' } };
    expect(run('volume-update-rollout-not-live', { vm: replacement }, at('v1.9.0')).findings).toEqual([]);
    expect(run('volume-update-rollout-not-live', { vm }, { ...at('v1.9.0'), kubevirt: unknownList('forbidden') })).toEqual({ findings: [], unresolved: ['forbidden'] });
  });
});

describe('volume-update-rwo-left-out', () => {
  it('a ReadWriteOnce volume the update does not move ("the second volume is RWO and not part of the migration")', () => {
    const { vm, vmi } = load('refused-rwo-not-migrated.yaml');
    expect(run('volume-update-rwo-left-out', { vm, vmi }, at('v1.9.0')).findings).toMatchObject([
      { severity: 'blocker', args: { volume: 'vol1', claim: 'reports-scratch', moved: ['rootdisk'] }, path: 'spec.template.spec.volumes[1]' },
    ]);
  });
  it('two volumes left behind are two findings, also when the version is unknown (judged across releases)', () => {
    const { vm, vmi } = load('refused-rwo-not-migrated.yaml');
    const two: VirtualMachineInstance = structuredClone(vmi);
    const vol1 = two.status?.volumeStatus?.find((v) => v.name === 'vol1');
    two.status?.volumeStatus?.push({ ...structuredClone(vol1!), name: 'vol2', target: 'vdd' });
    const left = (f: ReturnType<typeof run>['findings']) => f.map((x) => (x.args as { volume: string }).volume);
    expect(left(run('volume-update-rwo-left-out', { vm, vmi: two }, at('v1.9.0')).findings)).toEqual(['vol1', 'vol2']);
    const e = evaluateMigratability(buildSubject({ vm, vmi: two }), clusterFacts({ kubevirt: unknownList('forbidden') }), [volumeUpdateRwoLeftOut]);
    expect(e.findings.map((x) => (x.args as { volume: string }).volume)).toEqual(['vol1', 'vol2']);
  });
  it('ReadWriteMany or ReadOnlyMany is not RWO; without a changed claim nothing moves', () => {
    const { vm, vmi } = load('refused-rwo-not-migrated.yaml');
    const rwx: VirtualMachineInstance = structuredClone(vmi);
    for (const v of rwx.status?.volumeStatus ?? []) if (v.name === 'vol1' && v.persistentVolumeClaimInfo) v.persistentVolumeClaimInfo.accessModes = ['ReadWriteMany'];
    expect(run('volume-update-rwo-left-out', { vm, vmi: rwx }, at('v1.9.0')).findings).toEqual([]);
    const { vm: done, vmi: moved } = load('succeeded.yaml');
    expect(run('volume-update-rwo-left-out', { vm: done, vmi: moved }, at('v1.9.0')).findings).toEqual([]);
  });
  it('the backend-storage PVC counts in v1.4 and is skipped from v1.5 (ValidateVolumesUpdateMigration)', () => {
    const { vm, vmi } = load('refused-backend-storage-v1.4.yaml');
    expect(run('volume-update-rwo-left-out', { vm, vmi }, at('v1.4.0')).findings).toMatchObject([{ args: { volume: 'persistent-state-for-reports-8kq2x' } }]);
    expect(run('volume-update-rwo-left-out', { vm, vmi }, at('v1.5.0')).findings).toEqual([]);
  });
});

describe('a refused volume update blocks that update, not a migration within the cluster', () => {
  it('no eviction-drain-blocker, and KubeVirt LiveMigratable=True still agrees', () => {
    const { vm, vmi } = load('refused-rwo-not-migrated.yaml');
    const live: VirtualMachineInstance = structuredClone(vmi);
    for (const c of live.status?.conditions ?? []) if (c.type === 'LiveMigratable') Object.assign(c, { status: 'True', reason: undefined, message: undefined });
    const e = evaluateMigratability(buildSubject({ vm, vmi: live }), at('v1.9.0'), [volumeUpdateRwoLeftOut, evictionDrainBlocker]);
    expect(e.findings.map((f) => f.rule)).toEqual(['volume-update-rwo-left-out']);
    expect(e.verdict).toBe('not-migratable');
    expect(e.agreesWithKubeVirt).toBe(true);
  });
});
