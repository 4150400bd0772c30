// Can the target node reach the VMI's volumes? An unbound (or missing) PVC keeps the target pod
// off every node; a PV whose node affinity excludes every node but the source is storage that
// only the source can see (kubevirt/kubevirt#8771, hostpath-csi: "7 node(s) had volume node
// affinity conflict"). Fails with target-unschedulable-storage only while the target pod is
// unschedulable (target-pod-scheduling said so); otherwise the same finding is a warning without
// a cause for an active migration (it will block the next step or the next migration), info
// otherwise.
import type { CheckStatus } from '../cause.js';
import { result, type WhyCheck } from '../check.js';
import type { VolumeArgs, StorageVisibilityArgs } from '../check-args/storage-visibility.js';
import type { EvidenceRef } from '../../findings.js';
import { isFinal } from '../../migration/phase.js';
import { matchesRequiredNodeAffinity } from '../../scheduling/node-affinity.js';
import { isClaimUnbound, vmiClaims, type VmiClaim } from '../target-placement.js';
import { sourceNodeOf } from '../target-pod-state.js';
import { listOf } from '../../shape.js';

const ID = 'storage-visibility';

function volumeArgs(c: VmiClaim): VolumeArgs {
  const modes = listOf<unknown>(c.pvc?.status?.accessModes ?? c.pvc?.spec?.accessModes).filter((m): m is string => typeof m === 'string');
  const a: VolumeArgs = { volume: c.volume, claim: c.claim, accessModes: modes };
  if (c.pv?.metadata.name) a.pv = c.pv.metadata.name;
  if (c.pvc?.spec?.storageClassName) a.storageClass = c.pvc.spec.storageClassName;
  if (c.pvc?.spec?.volumeMode) a.volumeMode = c.pvc.spec.volumeMode;
  return a;
}

export const storageVisibility: WhyCheck<'storage-visibility'> = {
  id: ID,
  run(ctx, prior) {
    if (!ctx.vmi) return result(ID, 'skip', { kind: 'no-vmi' });
    const claims = vmiClaims(ctx);
    if (claims.length === 0) return result(ID, 'pass', { kind: 'no-claims' });
    if (!ctx.pvcs.ok) return { ...result(ID, 'unknown', { kind: 'unreadable' }), missing: ctx.pvcs.reason };

    const scheduling = prior.get('target-pod-scheduling');
    const unschedulable = scheduling?.id === 'target-pod-scheduling' && scheduling.args.kind === 'unschedulable';
    const phase = ctx.migration?.status?.phase ?? '';
    const active = ctx.migration !== undefined && !isFinal(phase);
    // The finding is the cause only while the target pod waits for a node.
    const problem = (): { status: CheckStatus; cause?: 'target-unschedulable-storage' } =>
      unschedulable ? { status: 'fail', cause: 'target-unschedulable-storage' } : { status: active ? 'warn' : 'info' };
    const volumes = claims.map(volumeArgs);
    const pvcRef = (c: VmiClaim, field: string, message?: string): EvidenceRef => ({
      kind: 'PersistentVolumeClaim',
      namespace: ctx.namespace,
      name: c.claim,
      field,
      ...(message !== undefined ? { message } : {}),
    });

    const unbound = claims.filter((c) => c.pvc && isClaimUnbound(c));
    if (unbound.length > 0) {
      const p = problem();
      const evidence = unbound.map((c) => pvcRef(c, 'status.phase', c.pvc?.status?.phase ?? ''));
      const args: StorageVisibilityArgs = { kind: 'unbound', namespace: ctx.namespace, claims: unbound.map((c) => c.claim), volumes };
      return result(ID, p.status, args, evidence, p.cause);
    }
    // A running VMI's claim cannot be gone (PVC protection): absent from the list means not collected.
    const absent = claims.filter((c) => !c.pvc);
    if (absent.length > 0) {
      return { ...result(ID, 'unknown', { kind: 'claims-not-found', claims: absent.map((c) => c.claim), volumes }), missing: absent.map((c) => `PersistentVolumeClaim ${ctx.namespace}/${c.claim}`).join(', ') };
    }

    const pinned = claims.filter((c) => c.pvc?.spec?.volumeName && (!c.pv || c.pv.spec?.nodeAffinity?.required));
    if (pinned.length > 0 && !ctx.pvs.ok) return { ...result(ID, 'unknown', { kind: 'unreadable', volumes }), missing: ctx.pvs.reason };
    const affine = pinned.filter((c) => c.pv?.spec?.nodeAffinity?.required);
    if (affine.length === 0) return result(ID, 'pass', { kind: 'visible', volumes });
    if (!ctx.nodes.ok || ctx.nodes.items.length === 0) {
      return { ...result(ID, 'unknown', { kind: 'nodes-unreadable', volumes }), missing: ctx.nodes.ok ? 'no nodes listed' : ctx.nodes.reason };
    }

    const source = sourceNodeOf(ctx);
    const nodes = ctx.nodes.items;
    const candidates = nodes.filter((n) => n.metadata.name !== source);
    // A one-node cluster is not the volume's fault: anti-affinity already leaves nowhere to go.
    const local = affine
      .map((c) => ({ c, reachable: nodes.filter((n) => matchesRequiredNodeAffinity(n, c.pv?.spec?.nodeAffinity?.required)).map((n) => n.metadata.name ?? '') }))
      .filter(({ reachable }) => candidates.length > 0 && candidates.every((n) => !reachable.includes(n.metadata.name ?? '')));
    if (local.length === 0) return result(ID, 'pass', { kind: 'visible', volumes });
    const p = problem();
    const args: StorageVisibilityArgs = {
      kind: 'node-local',
      ...(source ? { sourceNode: source } : {}),
      pvs: local.map(({ c, reachable }) => ({ pv: c.pv?.metadata.name ?? '', claim: c.claim, nodes: reachable })),
      excluded: candidates.map((n) => n.metadata.name ?? ''),
      volumes,
    };
    const evidence: EvidenceRef[] = local.map(({ c }) => ({ kind: 'PersistentVolume', name: c.pv?.metadata.name ?? '', field: 'spec.nodeAffinity.required' }));
    return result(ID, p.status, args, evidence, p.cause);
  },
};
