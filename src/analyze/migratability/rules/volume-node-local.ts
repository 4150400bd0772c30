// Storage that only one node can reach: KubeVirt does not detect it (LiveMigratable stays True)
// and the target pod then fails with "volume node affinity conflict" (kubevirt/kubevirt#8771).
// Evidence, strongest first: the bound PV is `local` or `hostPath`; the PV's required node
// affinity leaves no other KubeVirt-schedulable node (evaluated against the real nodes, or read
// as a single `kubernetes.io/hostname` when nodes are unreadable); else (PV unknown or not yet
// bound) the StorageClass provisioner is one known to be node-local (hostpath-provisioner,
// local-path, no-provisioner local PVs, TopoLVM, OpenEBS LocalPV/LVM/ZFS, csi-driver-host-path),
// whatever its volumeBindingMode (usually WaitForFirstConsumer).
import type { EvidenceRef } from '../../findings.js';
import type { Node, NodeSelector, PersistentVolume } from '../../../kube/types.js';
import { LABEL_HOSTNAME } from '../../../kubevirt/constants.js';
import { matchesRequiredNodeAffinity } from '../../scheduling/node-affinity.js';
import type { ClusterFacts, MigratabilityRule, RuleFinding, Subject } from '../rule.js';
import type { NodeLocalVolume } from '../rule-args/volume-node-local.js';
import { nodeName, nodeRef } from './_facts.js';
import { kubeVirtNodeNameSet, kubeVirtNodeNames } from './_nodes.js';
import { memoKey } from '../../object-index.js';
import { boundVolume, findStorageClass, judgeClaimVolumes, resolvedNothing, storageClassNameOf, unresolvedClaim, type ResolvedClaim } from './_claims.js';
import { listOf, nameText } from '../../shape.js';

export const NODE_LOCAL_PROVISIONERS: ReadonlySet<string> = new Set([
  'kubevirt.io.hostpath-provisioner',
  'kubevirt.io/hostpath-provisioner',
  'rancher.io/local-path',
  'kubernetes.io/no-provisioner',
  'topolvm.io',
  'topolvm.cybozu.com',
  'openebs.io/local',
  'local.csi.openebs.io',
  'zfs.csi.openebs.io',
  'hostpath.csi.k8s.io',
]);

type Verdict = { local: false } | { local: true; kind: 'local' | 'hostPath' | 'node-affinity'; nodes: string[]; field: string };

/** Hostnames a node affinity names with `kubernetes.io/hostname In [...]`, if every term does. */
function hostnamesOf(sel: NodeSelector | undefined): string[] | undefined {
  const names = new Set<string>();
  for (const term of listOf(sel?.nodeSelectorTerms)) {
    const req = listOf(term.matchExpressions).find((r) => r.key === LABEL_HOSTNAME && r.operator === 'In');
    if (!req) return undefined;
    for (const v of listOf(req.values)) names.add(v);
  }
  return names.size > 0 ? [...names] : undefined;
}

/** `undefined` = cannot tell (nodes unreadable and the affinity is not a plain hostname list). */
function judgePv(pv: PersistentVolume, subject: Subject, facts: ClusterFacts): Verdict | undefined {
  const required = pv.spec?.nodeAffinity?.required;
  const named = hostnamesOf(required) ?? [];
  if (pv.spec?.local) return { local: true, kind: 'local', nodes: named, field: 'spec.local' };
  if (pv.spec?.hostPath) return { local: true, kind: 'hostPath', nodes: named, field: 'spec.hostPath' };
  if (!required) return { local: false };
  if (!facts.nodes.ok) {
    return named.length === 1 ? { local: true, kind: 'node-affinity', nodes: named, field: 'spec.nodeAffinity.required' } : undefined;
  }
  const nodes: Node[] = facts.nodes.items;
  // Many PVs share an affinity (a zone, a rack): the matching nodes are found once per node list and affinity.
  const matching = facts.index.derived(nodes, `volume-node-local\n${memoKey(required)}`, () =>
    nodes.filter((n) => matchesRequiredNodeAffinity(n, required)).map(nodeName),
  );
  const others = (list: readonly string[]) => list.filter((n) => n !== subject.node);
  const schedulable = kubeVirtNodeNames(facts.index, nodes);
  const schedulableSet = kubeVirtNodeNameSet(facts.index, nodes);
  const reachable = matching.filter((n) => schedulableSet.has(n));
  // Running: no other KubeVirt node reaches it. Stopped: wherever it starts, it stays.
  const pinned = subject.node ? others(reachable).length === 0 : reachable.length <= 1;
  // Only blame the PV when it is what removes the other nodes (a one-node cluster is not its fault).
  if (!pinned || facts.index.countOtherThan(schedulable, subject.node) === 0) return { local: false };
  return { local: true, kind: 'node-affinity', nodes: [...matching], field: 'spec.nodeAffinity.required' };
}

function finding(r: ResolvedClaim, args: NodeLocalVolume, evidence: EvidenceRef[]): RuleFinding<'volume-node-local'> {
  return {
    rule: 'volume-node-local',
    severity: 'blocker',
    args: { volume: nameText(r.volume.volume), claim: r.pvc?.metadata.name ?? nameText(r.volume.claim), ...args },
    path: r.volume.path,
    evidence,
  };
}

export const volumeNodeLocal: MigratabilityRule<'volume-node-local'> = {
  id: 'volume-node-local',
  severity: 'blocker',
  description:
    'PV pinned to one node (local, hostPath, node affinity no other node satisfies) or a node-local provisioner (hostpath-provisioner, local-path, TopoLVM, OpenEBS local)',
  // Reads PVCs, PVs, StorageClasses and nodes when readable; each gap only leaves that volume unresolved.
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['PV spec.local, spec.hostPath, spec.nodeAffinity', 'StorageClass provisioner', 'node labels'] },
  evaluate(subject, facts) {
    return judgeClaimVolumes(subject, facts, (_v, r) => {
      if (resolvedNothing(r)) return unresolvedClaim(r);
      let pvGap: string | undefined;
      const bound = r.pvc ? boundVolume(facts, r.pvc) : undefined;
      if (bound && 'found' in bound) {
        const pv = bound.found;
        const verdict = judgePv(pv, subject, facts);
        if (verdict?.local) {
          const pvName = pv.metadata.name ?? '';
          return finding(r, { pv: pvName, kind: verdict.kind, nodes: verdict.nodes }, [
            { kind: 'PersistentVolume', name: pvName, field: verdict.field },
            ...verdict.nodes.map((n) => nodeRef(n)),
          ]);
        }
        if (verdict) return undefined; // a PV that other nodes can reach settles it
        pvGap = facts.nodes.ok ? undefined : facts.nodes.reason;
      } else if (bound) pvGap = bound.missing;

      const sc = findStorageClass(facts, storageClassNameOf(r));
      if ('found' in sc) {
        const provisioner = sc.found.provisioner ?? '';
        if (NODE_LOCAL_PROVISIONERS.has(provisioner)) {
          const name = sc.found.metadata.name ?? '';
          const args: NodeLocalVolume = { storageClass: name, provisioner, kind: 'provisioner', nodes: [] };
          if (sc.found.volumeBindingMode) args.volumeBindingMode = sc.found.volumeBindingMode;
          return finding(r, args, [{ kind: 'StorageClass', name, field: 'provisioner' }]);
        }
        return pvGap ? { unresolved: [pvGap] } : undefined;
      }
      return { unresolved: [pvGap ?? sc.missing] };
    });
  },
};
