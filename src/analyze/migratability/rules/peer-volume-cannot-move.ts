// Cross-cluster pre-flight: what KubeVirt cannot carry to the other cluster among the VM's
// storage. The create webhook lets DisksNotLiveMigratable through for a decentralized migration
// (v1.6+ migration-create-admitter.go) and the launcher copies every PVC, DataVolume, non-shared
// hostDisk and generated disk (containerDisk, cloud-init, …) into the receiving VM's volumes
// (virt-controller decentralized.go marks every PVC/DataVolume migrated; live-migration-source.go
// classifyVolumesForMigration, v1.6–v1.9). Two things do not move:
// - a hostDisk marked `shared: true` is treated as storage both sides see and left out of the copy:
//   the other cluster's node must see the same file. KubeVirt refuses nothing: a warning.
// - persistent TPM/EFI state (backend-storage PVC) on a receiving KubeVirt v1.6.0: its controller
//   fails the target half (MSG_NO_BACKEND_STORAGE_PVC; fixed in v1.6.1): a blocker.
import { DECENTRALIZED_BACKEND_STORAGE_FIXED, MSG_NO_BACKEND_STORAGE_PVC } from '../../../kubevirt/migration-kinds.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { KubeVirtVersion } from '../../../kubevirt/version.js';
import type { MigratabilityRule, RuleFinding, Subject } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';
import { kubevirtCRRef } from './_facts.js';
import { PEER_RELEASES } from './_peer.js';

const VERSION_FIELD = 'status.observedKubeVirtVersion';

/** KubeVirt's IsBackendStorageNeededForVMI (tpm.HasPersistentDevice, HasPersistentEFI; v1.6–v1.9). */
function backendStorageDevices(subject: Subject): { device: 'tpm' | 'efi'; path: string }[] {
  const domain = subject.spec.domain;
  const tpm = domain?.devices?.tpm;
  const out: { device: 'tpm' | 'efi'; path: string }[] = [];
  if (tpm && tpm.enabled !== false && tpm.persistent === true) out.push({ device: 'tpm', path: specPath(subject, 'domain.devices.tpm.persistent') });
  if (domain?.firmware?.bootloader?.efi?.persistent === true) out.push({ device: 'efi', path: specPath(subject, 'domain.firmware.bootloader.efi.persistent') });
  return out;
}

/** A v1.6 release before the backend-storage fix (v1.6.0). */
function lacksBackendStorageFix(v: KubeVirtVersion): boolean {
  const f = DECENTRALIZED_BACKEND_STORAGE_FIXED;
  return v.major === f.major && v.minor === f.minor && v.patch < f.patch;
}

export const peerVolumeCannotMove: MigratabilityRule<'peer-volume-cannot-move'> = {
  id: 'peer-volume-cannot-move',
  severity: 'blocker',
  description: 'with --peer-context: storage KubeVirt does not carry to the other cluster (a shared hostDisk; persistent TPM/EFI on a v1.6.0 receiver)',
  needs: [],
  kubevirt: {
    reasons: [],
    releases: PEER_RELEASES,
    changesAt: [PEER_RELEASES.since],
    reads: ['volumes[].hostDisk.shared', 'domain.devices.tpm.persistent, domain.firmware.bootloader.efi.persistent', `KubeVirt CR ${VERSION_FIELD} (other cluster)`],
  },
  evaluate(subject, facts) {
    const peer = facts.peer;
    if (!peer || !inRelease(releaseOf(facts), PEER_RELEASES)) return { findings: [] };
    const findings: RuleFinding<'peer-volume-cannot-move'>[] = [];
    listOf(subject.spec.volumes).forEach((v, i) => {
      if (v.hostDisk?.shared !== true) return;
      const path = specPath(subject, `volumes[${i}].hostDisk`);
      findings.push({
        rule: 'peer-volume-cannot-move',
        severity: 'warning',
        args: { kind: 'shared-hostdisk', volume: nameText(v.name), ...(v.hostDisk.path ? { hostPath: v.hostDisk.path } : {}), peer: peer.cluster },
        path,
        evidence: [subjectRef(subject, path)],
      });
    });
    const backend = backendStorageDevices(subject);
    if (backend.length === 0) return { findings };
    const version = peer.kubevirtVersion;
    // The peer's version unknown: peer-version-unsupported says why; whether v1.6.0 blocks is open.
    if (!version) return { findings, unresolved: [`${peer.cluster}: ${peer.kubevirt.ok ? 'KubeVirt version not reported' : peer.kubevirt.reason}`] };
    if (!lacksBackendStorageFix(version)) return { findings };
    const cr = peer.kubevirt.ok ? peer.kubevirt.items[0] : undefined;
    for (const { device, path } of backend) {
      findings.push({
        rule: 'peer-volume-cannot-move',
        severity: 'blocker',
        args: { kind: 'backend-storage', device, version: version.raw, kubevirtText: MSG_NO_BACKEND_STORAGE_PVC, peer: peer.cluster },
        path,
        evidence: [subjectRef(subject, path), kubevirtCRRef(cr, VERSION_FIELD, { message: version.raw, cluster: peer.cluster })],
      });
    }
    return { findings };
  },
};
