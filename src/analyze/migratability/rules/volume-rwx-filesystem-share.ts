// ReadWriteMany that is really a file share: the "shared" disk is a file on an NFS export, so
// both nodes reach it through one server. Recognised: Longhorn RWX volumes without the
// `migratable: "true"` parameter, which Longhorn serves through a share-manager pod (NFS) —
// migratable Longhorn volumes attach the block device on both nodes instead; and NFS-backed PVs
// (`spec.nfs`, CSI driver / provisioner `nfs.csi.k8s.io`). A warning: NFS can work, but the
// share (and the share-manager's node) becomes a single point the migration depends on.
import type { EvidenceRef } from '../../findings.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import {
  RWX,
  boundVolume,
  findStorageClass,
  judgeClaimVolumes,
  resolvedNothing,
  storageClassNameOf,
  unresolvedClaim,
  volumeModeOf,
  type ResolvedClaim,
} from './_claims.js';
import type { ClusterFacts, Subject } from '../rule.js';
import type { FileShareVia, VolumeRwxFilesystemShareArgs } from '../rule-args/volume-rwx-filesystem-share.js';
import { listOf, nameText } from '../../shape.js';

const LONGHORN = 'driver.longhorn.io';
const LONGHORN_MIGRATABLE = 'migratable';
const NFS_CSI = 'nfs.csi.k8s.io';

function accessModesOf(subject: Subject, r: ResolvedClaim): string[] | undefined {
  const modes =
    r.pvc?.status?.accessModes ??
    r.pvc?.spec?.accessModes ??
    listOf(subject.vmi?.status?.volumeStatus).find((s) => s.name === r.volume.volume)?.persistentVolumeClaimInfo?.accessModes;
  return modes === undefined ? undefined : listOf(modes);
}

/** How the share is served, with the object that shows it; undefined = not a file share. */
function fileShare(facts: ClusterFacts, r: ResolvedClaim): { via: FileShareVia; evidence: EvidenceRef } | { missing: string } | undefined {
  const bound = r.pvc ? boundVolume(facts, r.pvc) : undefined;
  if (bound && 'found' in bound) {
    const pv = bound.found;
    const name = pv.metadata.name ?? '';
    if (pv.spec?.nfs) return { via: 'nfs', evidence: { kind: 'PersistentVolume', name, field: 'spec.nfs' } };
    if (pv.spec?.csi?.driver === NFS_CSI) return { via: 'nfs', evidence: { kind: 'PersistentVolume', name, field: 'spec.csi.driver' } };
  }
  const sc = findStorageClass(facts, storageClassNameOf(r));
  if ('missing' in sc) return { missing: sc.missing };
  const name = sc.found.metadata.name ?? '';
  if (sc.found.provisioner === NFS_CSI) return { via: 'nfs', evidence: { kind: 'StorageClass', name, field: 'provisioner' } };
  if (sc.found.provisioner === LONGHORN && sc.found.parameters?.[LONGHORN_MIGRATABLE] !== 'true') {
    return { via: 'longhorn-share-manager', evidence: { kind: 'StorageClass', name, field: `parameters.${LONGHORN_MIGRATABLE}` } };
  }
  return undefined;
}

export const volumeRwxFilesystemShare: MigratabilityRule<'volume-rwx-filesystem-share'> = {
  id: 'volume-rwx-filesystem-share',
  severity: 'warning',
  description: 'RWX served through a file share: Longhorn RWX without migratable: "true" (share-manager NFS), or NFS-backed PVs',
  // Reads PVCs, PVs and StorageClasses when readable; gaps are reported per volume.
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['PVC, PV and StorageClass (NFS, Longhorn share-manager)'] },
  evaluate(subject, facts) {
    return judgeClaimVolumes(subject, facts, (v, r) => {
      // Not RWX: volume-not-shared's business.
      if (accessModesOf(subject, r)?.includes(RWX) === false) return undefined;
      // Not provisioned yet (DV / template): nothing is served through anything yet.
      if (!r.pvc) return resolvedNothing(r) ? unresolvedClaim(r) : undefined;
      if (!accessModesOf(subject, r)?.includes(RWX)) return undefined;
      const share = fileShare(facts, r);
      if (!share) return undefined;
      if ('missing' in share) return { unresolved: [share.missing] };
      const args: VolumeRwxFilesystemShareArgs = { volume: nameText(v.volume), claim: r.pvc.metadata.name ?? nameText(v.claim), via: share.via };
      const storageClass = storageClassNameOf(r);
      if (storageClass) args.storageClass = storageClass;
      const volumeMode = volumeModeOf(r);
      if (volumeMode) args.volumeMode = volumeMode;
      return { rule: 'volume-rwx-filesystem-share', severity: 'warning', args, path: v.path, evidence: [share.evidence] };
    });
  },
};
