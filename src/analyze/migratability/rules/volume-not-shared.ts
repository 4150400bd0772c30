// PVC / DataVolume volumes must be ReadWriteMany (`DisksNotLiveMigratable`, vm.go
// checkVolumesForMigration; docs/kubevirt/live-migratable-by-version.md §4.1). For a running VMI
// the access modes are what KubeVirt itself reads: `status.volumeStatus[].persistentVolumeClaimInfo`
// (no entry, or one without that info: KubeVirt refuses, "Unable to determine if PVC … is
// shared"); the volume a volume migration is moving (`status.migratedVolumes`, v1.3+) passes;
// v1.3 also requires the backend-storage PVC (persistent TPM/EFI state) to be ReadWriteMany.
// For a VM that is not running (or a VMI without volumeStatus) they are read, in order, from: the
// PVC (status when Bound, else spec), the VMI's volumeStatus, the DataVolume or VM
// `dataVolumeTemplates` spec, and, for a DV `storage` without accessModes, the StorageProfile's
// `status.claimPropertySets` that CDI would apply.
// The fix reads the profiles too: a class that already offers ReadWriteMany (often only with
// volumeMode Block) needs no other class.
import type { EvidenceRef } from '../../findings.js';
import type { DataVolumeSpec, VolumeStatus } from '../../../kube/types.js';
import {
  BACKEND_STORAGE_NOT_RWX_VERSIONS,
  BACKEND_STORAGE_PVC_PREFIX,
  KV_REASON,
  MIGRATED_VOLUME_EXEMPT_SINCE,
  MIGRATED_VOLUMES_BLOCK_MIGRATION_SINCE,
} from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { ClusterFacts, MigratabilityRule, RuleFinding, Subject } from '../rule.js';
import type { VolumeNotSharedArgs } from '../rule-args/volume-not-shared.js';
import { releaseOf } from '../release-spans.js';
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
  from: Extract<VolumeNotSharedArgs, { kind: 'not-shared' }>['accessModesFrom'];
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
  const profile = lookup(facts.index, facts.storageProfiles, 'StorageProfile', className);
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

/**
 * The running VMI's `status.volumeStatus`, when virt-handler has written one: what KubeVirt itself
 * reads (never the PVC objects). undefined for a VM that is not running, or a VMI without that
 * status (a hand-made dump: the PVCs are read instead; a missing field is not a cause).
 */
function kubevirtView(subject: Subject): VolumeStatus[] | undefined {
  if (!subject.node) return undefined;
  const list = listOf(subject.vmi?.status?.volumeStatus);
  return list.length > 0 ? list : undefined;
}

function vmiStatusRef(subject: Subject, field: string): EvidenceRef {
  return { kind: 'VirtualMachineInstance', namespace: subject.namespace, name: subject.vmi?.metadata.name ?? subject.name, field };
}

/** v1.3 only: the backend-storage PVC (persistent TPM/EFI state) must be ReadWriteMany; checked before the volumes. */
function backendStorage(subject: Subject, statuses: readonly VolumeStatus[]): RuleFinding<'volume-not-shared'> | undefined {
  const claim = BACKEND_STORAGE_PVC_PREFIX + (subject.vmi?.metadata.name ?? '');
  const i = statuses.findIndex((s) => s.name === claim);
  const info = statuses[i]?.persistentVolumeClaimInfo;
  if (!info) return undefined;
  const accessModes = listOf(info.accessModes);
  if (accessModes.includes(RWX)) return undefined;
  return {
    rule: 'volume-not-shared',
    severity: 'blocker',
    kubevirtReason: KV_REASON.disks,
    args: { kind: 'backend-storage', claim, accessModes },
    evidence: [vmiStatusRef(subject, `status.volumeStatus[${i}].persistentVolumeClaimInfo.accessModes`), { kind: 'PersistentVolumeClaim', namespace: subject.namespace, name: claim }],
  };
}

export const volumeNotShared: MigratabilityRule<'volume-not-shared'> = {
  id: 'volume-not-shared',
  severity: 'blocker',
  description: 'PVC or DataVolume (hotplugged ones too) without ReadWriteMany, or whose access modes KubeVirt has not recorded: KubeVirt DisksNotLiveMigratable',
  // No hard need: a VMI's volumeStatus or a VM's dataVolumeTemplates answer without the PVC list.
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.disks],
    changesAt: [MIGRATED_VOLUME_EXEMPT_SINCE, MIGRATED_VOLUMES_BLOCK_MIGRATION_SINCE],
    reads: [
      'VMI status.volumeStatus[].persistentVolumeClaimInfo.accessModes (running VMIs)',
      'VMI status.migratedVolumes[].volumeName (v1.3+)',
      `backend-storage PVC ${BACKEND_STORAGE_PVC_PREFIX}<vmi> in status.volumeStatus (v1.3)`,
      'PVC, DataVolume, StorageProfile access modes (VMs not running)',
    ],
  },
  evaluate(subject, facts) {
    const release = releaseOf(facts);
    const migrated = new Set(
      inRelease(release, { since: MIGRATED_VOLUME_EXEMPT_SINCE }) ? listOf(subject.vmi?.status?.migratedVolumes).map((m) => m.volumeName) : [],
    );
    const statuses = kubevirtView(subject);
    const result = judgeClaimVolumes(subject, facts, (v, r) => {
      // The volume a volume migration is moving passes with any access mode (IsMigratedVolume).
      if (migrated.has(v.volume)) return undefined;
      const claimArgs = { volume: nameText(v.volume), claim: r.pvc?.metadata.name ?? nameText(v.claim), source: v.source, hotpluggable: v.hotpluggable };
      let found: Found | undefined;
      if (statuses) {
        const i = statuses.findIndex((x) => x.name === v.volume);
        const info = statuses[i]?.persistentVolumeClaimInfo;
        if (!info) {
          const evidence = vmiStatusRef(subject, i >= 0 ? `status.volumeStatus[${i}]` : 'status.volumeStatus');
          return {
            rule: 'volume-not-shared',
            severity: 'blocker',
            kubevirtReason: KV_REASON.disks,
            args: { ...claimArgs, kind: 'sharing-unknown', node: subject.node ?? '' },
            path: v.path,
            evidence: [evidence],
          };
        }
        found = { modes: listOf(info.accessModes), from: 'vmi-volume-status', evidence: vmiStatusRef(subject, `status.volumeStatus[${i}].persistentVolumeClaimInfo.accessModes`) };
      } else found = fromPvc(r) ?? fromVolumeStatus(subject, r) ?? fromDataVolume(facts, r);
      if (!found) return unresolvedClaim(r);
      if ('missing' in found) return { unresolved: found.missing };
      if (found.modes.includes(RWX)) return undefined;
      const args: VolumeNotSharedArgs = { ...claimArgs, kind: 'not-shared', accessModes: found.modes, accessModesFrom: found.from, fix: { kind: 'profiles-unknown' } };
      const storageClass = storageClassNameOf(r);
      if (storageClass) args.storageClass = storageClass;
      const volumeMode = volumeModeOf(r) ?? listOf(subject.vmi?.status?.volumeStatus).find((x) => x.name === v.volume)?.persistentVolumeClaimInfo?.volumeMode;
      if (volumeMode) args.volumeMode = volumeMode;
      // The class the claim really uses (a claim without one gets the default class).
      const sc = findStorageClass(facts, storageClass);
      args.fix = rwxFix(facts.index, facts.storageProfiles, 'found' in sc ? (sc.found.metadata.name ?? storageClass) : storageClass, volumeMode);
      // What KubeVirt read (the VMI's status), and the claim to recreate.
      const evidence = found.from === 'vmi-volume-status' ? [found.evidence, { kind: 'PersistentVolumeClaim', namespace: subject.namespace, name: args.claim }] : [found.evidence];
      return { rule: 'volume-not-shared', severity: 'blocker', kubevirtReason: KV_REASON.disks, args, path: v.path, evidence };
    });
    const backend = statuses && inRelease(release, BACKEND_STORAGE_NOT_RWX_VERSIONS) ? backendStorage(subject, statuses) : undefined;
    if (backend) result.findings.unshift(backend);
    return result;
  },
};
