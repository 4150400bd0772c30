// PVC / DataVolume volumes must be ReadWriteMany (facts §2, check 8, `DisksNotLiveMigratable`).
// Access modes are read, in order, from: the PVC (status when Bound, else spec), the VMI's
// `status.volumeStatus[].persistentVolumeClaimInfo` (what KubeVirt itself checks), the DataVolume
// or VM `dataVolumeTemplates` spec, and, for a DV `storage` without accessModes, the
// StorageProfile's `status.claimPropertySets` that CDI would apply. The fix reads the profiles
// too: a class that already offers ReadWriteMany (often only with volumeMode Block) needs no other class.
import type { EvidenceRef } from '../../findings.js';
import type { DataVolumeSpec } from '../../../kube/types.js';
import type { ClusterFacts, MigratabilityRule, RuleFinding, Subject } from '../rule.js';
import type { VolumeNotSharedArgs } from '../rule-args/volume-not-shared.js';
import { lookup } from './_facts.js';
import {
  RWX,
  dataVolumeSpecOf,
  findStorageClass,
  judgeClaimVolumes,
  pvcRef,
  storageClassNameOf,
  unresolvedClaim,
  volumeModeOf,
  type ResolvedClaim,
} from './_claims.js';
import { rwxFix } from './_profiles.js';
import { listOf, nameText } from '../../shape.js';

interface AccessModes {
  modes: string[];
  from: VolumeNotSharedArgs['accessModesFrom'];
  evidence: EvidenceRef;
}

type Found = AccessModes | { missing: string[] };

function fromPvc(r: ResolvedClaim): AccessModes | undefined {
  const pvc = r.pvc;
  if (!pvc) return undefined;
  const status = listOf(pvc.status?.accessModes);
  if (pvc.status?.phase === 'Bound' && status.length > 0) return { modes: status, from: 'pvc-status', evidence: pvcRef(r, 'status.accessModes') };
  const spec = listOf(pvc.spec?.accessModes);
  return spec.length > 0 ? { modes: spec, from: 'pvc-spec', evidence: pvcRef(r, 'spec.accessModes') } : undefined;
}

function fromVolumeStatus(subject: Subject, r: ResolvedClaim): AccessModes | undefined {
  const list = listOf(subject.vmi?.status?.volumeStatus);
  const i = list.findIndex((s) => s.name === r.volume.volume);
  const modes = listOf(list[i]?.persistentVolumeClaimInfo?.accessModes);
  if (modes.length === 0) return undefined;
  return {
    modes,
    from: 'vmi-volume-status',
    evidence: {
      kind: 'VirtualMachineInstance',
      namespace: subject.namespace,
      name: subject.vmi?.metadata.name ?? subject.name,
      field: `status.volumeStatus[${i}].persistentVolumeClaimInfo.accessModes`,
    },
  };
}

function fromDataVolume(facts: ClusterFacts, r: ResolvedClaim): Found | undefined {
  const dv = dataVolumeSpecOf(r);
  if (!dv) return undefined;
  const from = r.dataVolume ? 'datavolume' : 'datavolume-template';
  const explicit = (key: keyof Pick<DataVolumeSpec, 'pvc' | 'storage'>) => listOf(dv.spec[key]?.accessModes);
  for (const key of ['pvc', 'storage'] as const) {
    if (explicit(key).length > 0) return { modes: explicit(key), from, evidence: { ...dv.ref, field: `${dv.fieldPrefix}.${key}.accessModes` } };
  }
  if (!dv.spec.storage) return undefined;
  // `storage` without accessModes: CDI takes them from the StorageProfile of the class, picking
  // the first claimPropertySet (the first with the requested volumeMode, if one is given).
  const sc = findStorageClass(facts, dv.spec.storage.storageClassName);
  if ('missing' in sc) return { missing: [sc.missing] };
  const className = sc.found.metadata.name ?? '';
  const profile = lookup(facts.storageProfiles, 'StorageProfile', className);
  if ('missing' in profile) return { missing: [profile.missing] };
  const sets = listOf(profile.found.status?.claimPropertySets ?? profile.found.spec?.claimPropertySets);
  const mode = dv.spec.storage.volumeMode;
  const k = sets.findIndex((s) => (mode === undefined || s.volumeMode === mode) && listOf(s.accessModes).length > 0);
  const set = sets[k];
  if (!set) return undefined;
  return {
    modes: listOf(set.accessModes),
    from: 'storage-profile',
    evidence: { kind: 'StorageProfile', name: className, field: `status.claimPropertySets[${k}].accessModes` },
  };
}

export const volumeNotShared: MigratabilityRule<'volume-not-shared'> = {
  id: 'volume-not-shared',
  severity: 'blocker',
  description: 'PVC or DataVolume (hotplugged ones too) without ReadWriteMany: KubeVirt DisksNotLiveMigratable',
  // No hard need: a VMI's volumeStatus or a VM's dataVolumeTemplates answer without the PVC list.
  needs: [],
  evaluate(subject, facts) {
    return judgeClaimVolumes(subject, facts, (v, r) => {
      const found: Found | undefined = fromPvc(r) ?? fromVolumeStatus(subject, r) ?? fromDataVolume(facts, r);
      if (!found) return unresolvedClaim(r);
      if ('missing' in found) return { unresolved: found.missing };
      if (found.modes.includes(RWX)) return undefined;
      const args: VolumeNotSharedArgs = {
        volume: nameText(v.volume),
        claim: r.pvc?.metadata.name ?? nameText(v.claim),
        source: v.source,
        accessModes: found.modes,
        accessModesFrom: found.from,
        hotpluggable: v.hotpluggable,
        fix: { kind: 'profiles-unknown' },
      };
      const storageClass = storageClassNameOf(r);
      if (storageClass) args.storageClass = storageClass;
      const volumeMode = volumeModeOf(r) ?? listOf(subject.vmi?.status?.volumeStatus).find((s) => s.name === v.volume)?.persistentVolumeClaimInfo?.volumeMode;
      if (volumeMode) args.volumeMode = volumeMode;
      // The class the claim really uses (a claim without one gets the default class).
      const sc = findStorageClass(facts, storageClass);
      args.fix = rwxFix(facts.storageProfiles, 'found' in sc ? (sc.found.metadata.name ?? storageClass) : storageClass, volumeMode);
      return { rule: 'volume-not-shared', severity: 'blocker', args, path: v.path, evidence: [found.evidence] };
    });
  },
};
