// Whether KubeVirt will create the cancelled migration again, and what would stop it (without
// doing it): `abort`'s warnings (docs/queue-and-origin.md). Pure.
// - An evacuation migration comes back while its VMI is marked (status.evacuationNodeName, set by
//   the eviction webhook on every eviction a running `kubectl drain` retries) or the node carries
//   the deprecated drain taint (docs/kubevirt/evacuation-and-queue.md §1, §8).
// - A workload-update migration comes back while the VMI's launcher image is outdated (and the
//   KubeVirt CR lists LiveMigrate) or a CPU/memory hotplug or volume update waits for it.
import type { KubeVirt, Node, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { DEFAULT_NODE_DRAIN_TAINT_KEY } from '../../kubevirt/constants.js';
import {
  DRAIN_TAINT_EFFECT,
  EVACUATE_CANCEL,
  EVACUATE_CANCEL_SENDS_NO_NODE,
  LABEL_OUTDATED_LAUNCHER_IMAGE,
  WORKLOAD_UPDATE_CONDITIONS,
  WORKLOAD_UPDATE_METHOD_LIVE_MIGRATE,
  type MigrationOrigin,
  type WorkloadUpdateCondition,
} from '../../kubevirt/evacuation-facts.js';
import { atLeast, versionOfKubeVirtCR } from '../../kubevirt/version.js';
import { ANNOTATION_EVACUATION_MIGRATION } from '../../kubevirt/constants.js';
import { listOf } from '../shape.js';
import { originOf } from '../migration/origin.js';

/** How the evacuation of the VMI's node is marked, and so what removes it. */
export type EvacuationMark =
  /** VMI status.evacuationNodeName (kubectl drain, the descheduler). */
  | { kind: 'evacuation-node-name' }
  /** The deprecated node taint `<key>:NoSchedule`. */
  | { kind: 'drain-taint'; key: string }
  /** An evacuation migration, but neither mark was seen (the node could not be read): it may come back. */
  | { kind: 'not-seen' };

/** Whether `virtctl evacuate-cancel` can clear the mark on this KubeVirt version. */
export type EvacuateCancel = 'available' | 'sends-no-node' | 'absent' | 'version-unknown';

export type RecreationWarning =
  | {
      id: 'evacuation-recreated';
      origin: MigrationOrigin;
      node: string;
      mark: EvacuationMark;
      evacuateCancel: EvacuateCancel;
      /** The node is cordoned (spec.unschedulable): a `kubectl drain` may still be retrying evictions. */
      cordoned?: boolean;
    }
  | {
      id: 'workload-update-recreated';
      /** The VMI carries kubevirt.io/outdatedLauncherImage (with neither this nor a condition, the VMI was not read). */
      outdatedLauncher: boolean;
      /** LiveMigrate is in the KubeVirt CR's workloadUpdateMethods (undefined: CR not read). */
      liveMigrateMethod?: boolean;
      conditions: WorkloadUpdateCondition[];
      kubevirt?: { namespace: string; name: string };
    };

export interface RecreationInput {
  migration: VirtualMachineInstanceMigration;
  vmi?: VirtualMachineInstance;
  kubevirt?: KubeVirt;
  /** The node named by the mark or the VMIM's annotation, when it was read. */
  node?: Node;
}

/** The node an evacuation is of: the VMI's mark, else the VMIM's annotation value. */
export function evacuationNodeOf(m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined): string | undefined {
  return vmi?.status?.evacuationNodeName || m.metadata.annotations?.[ANNOTATION_EVACUATION_MIGRATION] || undefined;
}

export function recreationWarning(input: RecreationInput): RecreationWarning | undefined {
  const { migration: m, vmi, kubevirt } = input;
  const origin = originOf(m, vmi);
  const marked = vmi?.status?.evacuationNodeName;
  if (origin === 'evacuation' || origin === 'descheduler' || marked) {
    const node = evacuationNodeOf(m, vmi) ?? '';
    const key = kubevirt?.spec?.configuration?.migrations?.nodeDrainTaintKey ?? DEFAULT_NODE_DRAIN_TAINT_KEY;
    const tainted = listOf(input.node?.spec?.taints).some((t) => t.key === key && t.effect === DRAIN_TAINT_EFFECT);
    const mark: EvacuationMark | undefined = marked
      ? { kind: 'evacuation-node-name' }
      : tainted
        ? { kind: 'drain-taint', key }
        : input.node
          ? undefined // the node read, not tainted, the VMI not marked: nothing re-creates it
          : { kind: 'not-seen' };
    if (!mark) return undefined;
    return {
      id: 'evacuation-recreated',
      origin,
      node,
      mark,
      evacuateCancel: evacuateCancelOn(kubevirt),
      ...(input.node ? { cordoned: input.node.spec?.unschedulable === true } : {}),
    };
  }
  if (origin === 'workload-update') {
    const conditions = WORKLOAD_UPDATE_CONDITIONS.filter((c) =>
      listOf(vmi?.status?.conditions).some((x) => x.type === c.type && (c.anyStatus || x.status === 'True')),
    ).map((c) => c.type);
    const methods = kubevirt?.spec?.workloadUpdateStrategy?.workloadUpdateMethods;
    const liveMigrate = kubevirt ? listOf(methods).includes(WORKLOAD_UPDATE_METHOD_LIVE_MIGRATE) : undefined;
    // An outdated launcher is migrated only while the CR lists LiveMigrate (else it is evicted, or left).
    const outdatedLauncher = vmi?.metadata.labels?.[LABEL_OUTDATED_LAUNCHER_IMAGE] !== undefined && liveMigrate !== false;
    // The VMI read and nothing on it the updater acts on: it does not come back.
    if (vmi && !outdatedLauncher && conditions.length === 0) return undefined;
    return {
      id: 'workload-update-recreated',
      outdatedLauncher,
      ...(liveMigrate !== undefined ? { liveMigrateMethod: liveMigrate } : {}),
      conditions,
      ...(kubevirt ? { kubevirt: { namespace: kubevirt.metadata.namespace ?? '', name: kubevirt.metadata.name ?? '' } } : {}),
    };
  }
  return undefined;
}

function evacuateCancelOn(kubevirt: KubeVirt | undefined): EvacuateCancel {
  const version = versionOfKubeVirtCR(kubevirt);
  if (!version) return 'version-unknown';
  if (!atLeast(version, EVACUATE_CANCEL.since.major, EVACUATE_CANCEL.since.minor)) return 'absent';
  const until = EVACUATE_CANCEL_SENDS_NO_NODE.until!;
  return atLeast(version, until.major, until.minor + 1) ? 'available' : 'sends-no-node';
}
