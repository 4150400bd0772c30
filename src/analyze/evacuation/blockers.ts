// What holds the drain of the node back besides the migrations themselves (docs/documents.md
// `blockers`): PodDisruptionBudgets that refuse an eviction, VMIs with LiveMigrate that cannot
// migrate (every eviction is refused: the drain waits forever), evacuations in backoff, hotplug
// attachment pods (v1.7+: refused while their VMI runs on the node) and pods without a controller
// (`kubectl drain` evicts nothing until --force). Facts: docs/kubevirt/evacuation-and-queue.md §2. Pure.
import type { Pod } from '../../kube/types.js';
import { ANNOTATION_DOMAIN, LABEL_APP, LABEL_APP_LAUNCHER } from '../../kubevirt/constants.js';
import { HOTPLUG_POD_APP_LABEL, HOTPLUG_POD_OWNER_KIND, WEBHOOK_HOTPLUG_EVICTION_SINCE } from '../../kubevirt/evacuation-facts.js';
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import type { EvacuationItem } from './item.js';
import { isCompleted, type RefusingPdb } from './pdbs.js';
import { objectKey } from './inputs.js';

export const BLOCKER_REASONS = ['disruption-budget', 'kubevirt-disruption-budget', 'not-live-migratable', 'migration-backoff', 'hotplug-pod', 'unmanaged-pod'] as const;
export type BlockerReason = (typeof BLOCKER_REASONS)[number];

export interface Blocker {
  reason: BlockerReason;
  kind: string;
  namespace?: string;
  name: string;
  /** The pod whose eviction it refuses (PDBs), or the VMI it concerns. */
  pod?: string;
  vmi?: string;
  /** Holds the drain by itself (not through a VMI's state): counted in the node verdict. */
  holdsDrain: boolean;
  /** The item it belongs to, for its sentence (backoff: why's verdict). */
  item?: EvacuationItem;
}

/** Mirror pods (static pods) are not evicted by kubectl drain. */
const ANNOTATION_MIRROR = 'kubernetes.io/config.mirror';

export function findBlockers(args: {
  items: readonly EvacuationItem[];
  podsOnNode: readonly Pod[];
  refusing: ReadonlyMap<string, RefusingPdb[]>;
  version: KubeVirtVersion | undefined;
  evacuating: boolean;
}): Blocker[] {
  const out: Blocker[] = [];
  for (const it of args.items) {
    if (it.cause === 'not-live-migratable' && it.outcome === 'block-drain') {
      out.push({ reason: 'not-live-migratable', kind: 'VirtualMachineInstance', namespace: it.namespace, name: it.vmi, vmi: it.vmi, holdsDrain: false, item: it });
    }
    if (it.cause === 'migration-backoff' && it.migration) {
      out.push({ reason: 'migration-backoff', kind: 'VirtualMachineInstanceMigration', namespace: it.namespace, name: it.migration.name, vmi: it.vmi, holdsDrain: false, item: it });
    }
    if (it.reason.kind === 'disruption-budget') {
      const reason = it.reason.kubevirt ? 'kubevirt-disruption-budget' : 'disruption-budget';
      out.push({ reason, kind: 'PodDisruptionBudget', namespace: it.namespace, name: it.reason.pdb, pod: it.reason.pod, vmi: it.vmi, holdsDrain: false, item: it });
    }
  }
  const hotplugWebhook = atLeast(args.version, WEBHOOK_HOTPLUG_EVICTION_SINCE.since.major, WEBHOOK_HOTPLUG_EVICTION_SINCE.since.minor) ?? true;
  const byName = new Map(args.podsOnNode.map((p) => [objectKey(p.metadata.namespace, p.metadata.name), p]));
  for (const pod of args.podsOnNode) {
    if (isCompleted(pod) || pod.metadata.deletionTimestamp) continue;
    const app = pod.metadata.labels?.[LABEL_APP];
    const controller = pod.metadata.ownerReferences?.find((o) => o?.controller);
    const ns = pod.metadata.namespace;
    const name = pod.metadata.name ?? '';
    if (app === LABEL_APP_LAUNCHER) continue; // judged with its VMI
    if (app === HOTPLUG_POD_APP_LABEL && controller?.kind === HOTPLUG_POD_OWNER_KIND) {
      const launcher = byName.get(objectKey(ns, controller.name));
      if (hotplugWebhook && launcher && !isCompleted(launcher)) {
        const vmi = launcher.metadata.annotations?.[ANNOTATION_DOMAIN];
        out.push({ reason: 'hotplug-pod', kind: 'Pod', namespace: ns, name, ...(vmi ? { vmi } : {}), holdsDrain: false });
      }
      continue;
    }
    if (controller?.kind === 'DaemonSet' || pod.metadata.annotations?.[ANNOTATION_MIRROR] !== undefined) continue;
    for (const r of args.refusing.get(objectKey(ns, name)) ?? []) {
      out.push({ reason: 'disruption-budget', kind: 'PodDisruptionBudget', namespace: ns, name: r.pdb.metadata.name ?? '', pod: name, holdsDrain: args.evacuating });
    }
    if (!controller) out.push({ reason: 'unmanaged-pod', kind: 'Pod', namespace: ns, name, holdsDrain: false });
  }
  return out;
}
