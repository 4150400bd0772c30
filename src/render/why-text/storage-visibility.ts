// Prose of the storage-visibility check: unbound claims and volumes only the source node can reach.
import type { CheckText } from './check-text.js';
import { list, recs, str, strs } from './target-pod-args.js';

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
        return `PVC ${list(strs(a.claims))} not found: cannot tell where the volumes are reachable.`;
      case 'unbound':
        return `PVC ${list(strs(a.claims))} is not bound: no node can mount it${r.status === 'fail' ? ', so the target pod cannot be scheduled' : ''}.`;
      case 'node-local': {
        const pvs = recs(a.pvs).map((p) => `${str(p.pv)} (PVC ${str(p.claim)}) is reachable only from ${list(strs(p.nodes)) || 'no node'}`);
        return `PersistentVolume ${list(pvs, 2)}: its node affinity excludes ${list(strs(a.excluded))}${r.status === 'fail' ? ', so the target pod cannot be scheduled' : ''}.`;
      }
      case 'visible': {
        const vols = recs(a.volumes).map((v) => `${str(v.claim)} (${strs(v.accessModes).join(',') || 'no access modes'})`);
        return `Volumes reachable from other nodes: ${list(vols)}.`;
      }
      default:
        return 'Volume visibility.';
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind === 'unbound') return `find out why: kubectl describe pvc -n ${str(a.namespace)} ${strs(a.claims).join(' ')}`;
    if (a.kind === 'node-local') {
      return 'node-local storage (local/hostPath/topology-pinned PV) cannot follow a live migration: move the disk to shared ReadWriteMany storage, or stop the VM and start it elsewhere';
    }
    return undefined;
  },
};
