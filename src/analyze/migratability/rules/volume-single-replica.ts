// A StorageClass that keeps one copy of the data: the volume is still attachable from other
// nodes, but its only replica lives on one node, so draining that node takes the disk away.
// Recognised parameters (documented by each driver): Longhorn `numberOfReplicas`
// (driver.longhorn.io) and OpenEBS Mayastor `repl` (io.openebs.csi-mayastor). Ceph sets the
// replica count on the pool, not on the StorageClass, so it cannot be seen from here.
import type { MigratabilityRule } from '../rule.js';
import { findStorageClass, judgeClaimVolumes, resolvedNothing, storageClassNameOf, unresolvedClaim } from './_claims.js';
import { nameText } from '../../shape.js';

export const REPLICA_PARAMETERS: Readonly<Record<string, string>> = {
  'driver.longhorn.io': 'numberOfReplicas',
  'io.openebs.csi-mayastor': 'repl',
};

export const volumeSingleReplica: MigratabilityRule<'volume-single-replica'> = {
  id: 'volume-single-replica',
  severity: 'warning',
  description: 'StorageClass with one replica (Longhorn numberOfReplicas, Mayastor repl = "1"); Ceph pool sizes are not visible',
  // StorageClasses only matter for VMs with PVC/DV volumes: gaps are reported per volume.
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['StorageClass parameters (numberOfReplicas, replicas)'] },
  evaluate(subject, facts) {
    return judgeClaimVolumes(subject, facts, (v, r) => {
      if (resolvedNothing(r)) return unresolvedClaim(r);
      const sc = findStorageClass(facts, storageClassNameOf(r));
      if ('missing' in sc) return { unresolved: [sc.missing] };
      const provisioner = sc.found.provisioner ?? '';
      const parameter = REPLICA_PARAMETERS[provisioner];
      const value = parameter ? sc.found.parameters?.[parameter] : undefined;
      if (value === undefined || Number(value) !== 1) return undefined;
      const name = sc.found.metadata.name ?? '';
      return {
        rule: 'volume-single-replica',
        severity: 'warning',
        args: { volume: nameText(v.volume), claim: r.pvc?.metadata.name ?? nameText(v.claim), storageClass: name, provisioner, parameter: parameter ?? '', replicas: 1 },
        path: v.path,
        evidence: [{ kind: 'StorageClass', name, field: `parameters.${parameter}` }],
      };
    });
  },
};
