// Prose of the storage-visibility check: unbound claims and volumes only the source node can reach.
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { list } from './target-pod-args.js';

export const storageVisibilityText: CheckText<'storage-visibility'> = {
  title: 'Volumes reachable from the target',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'no-vmi':
        return 'No VMI, no volumes to check.';
      case 'no-claims':
        return 'The VMI has no PVC or DataVolume volumes.';
      case 'unreadable':
      case 'nodes-unreadable':
        return `Cannot tell whether the target can reach the volumes: ${r.missing ?? 'data not readable'}.`;
      case 'claims-not-found':
        return `PVC ${list(a.claims)} not found: cannot tell where the volumes are reachable.`;
      case 'unbound':
        return `PVC ${list(a.claims)} is not bound: no node can mount it${r.status === 'fail' ? ', so the target pod cannot be scheduled' : ''}.`;
      case 'node-local': {
        const pvs = a.pvs.map((p) => `${p.pv} (PVC ${p.claim}) is reachable only from ${list(p.nodes) || 'no node'}`);
        return `PersistentVolume ${list(pvs, 2)}: its node affinity excludes ${list(a.excluded)}${r.status === 'fail' ? ', so the target pod cannot be scheduled' : ''}.`;
      }
      case 'visible': {
        const vols = a.volumes.map((v) => `${v.claim} (${v.accessModes.join(',') || 'no access modes'})`);
        return `Volumes reachable from other nodes: ${list(vols)}.`;
      }
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'unbound':
        return `find out why: kubectl describe pvc -n ${a.namespace} ${a.claims.join(' ')}`;
      case 'node-local':
        return 'node-local storage (local/hostPath/topology-pinned PV) cannot follow a live migration: move the disk to shared ReadWriteMany storage, or stop the VM and start it elsewhere';
      case 'no-vmi':
      case 'no-claims':
      case 'unreadable':
      case 'nodes-unreadable':
      case 'claims-not-found':
      case 'visible':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
