// Builds the WhyContext from the gathered inputs: which migration, which pods, which events.
import type { KubeEvent, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { vmNameOf } from '../../kube/owners.js';
import { ANNOTATION_DOMAIN, LABEL_CREATED_BY, LABEL_MIGRATION_JOB_UID } from '../../kubevirt/constants.js';
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import { ObjectIndex, type ListKey } from '../object-index.js';
import { migrationsOfVmi } from '../migration/history.js';
import { stateOf } from '../migration/state.js';
import { migrationKind } from '../migration/kind.js';
import type { WhyContext, WhyInputs } from './context.js';
import { eventTime, newestFirst, time } from '../../kube/time.js';

export function deriveContext(inputs: WhyInputs): WhyContext {
  const { vmi } = inputs;
  const vmiName = vmi?.metadata.name ?? inputs.namedMigration?.spec?.vmiName ?? inputs.requested.name;
  const kubevirtCR = inputs.kubevirt.ok ? inputs.kubevirt.items[0] : undefined;
  // One index for the analysis: the command's (list -A shares one over every migration), else a new one.
  const index = inputs.index ?? new ObjectIndex();
  const vmiMigrations = migrationsOfVmi(index, inputs.migrations.ok ? inputs.migrations.items : [], inputs.namespace, vmiName);
  if (inputs.namedMigration && !vmiMigrations.some((m) => m.metadata.uid === inputs.namedMigration?.metadata.uid)) {
    vmiMigrations.unshift(inputs.namedMigration);
  }
  const migration = inputs.namedMigration ?? vmiMigrations[0];
  const launcherPods = launcherPodsOf(index, inputs.pods.ok ? inputs.pods.items : [], vmi?.metadata.uid, vmiName);
  const migrationUid = migration?.metadata.uid;
  const targetPod = migrationUid
    ? newestFirst(launcherPods.filter((p) => p.metadata.labels?.[LABEL_MIGRATION_JOB_UID] === migrationUid))[0]
    : undefined;
  const sourcePod = findSourcePod(inputs, launcherPods, migration, targetPod);
  const events = inputs.events.ok ? inputs.events.items : [];
  return {
    ...inputs,
    index,
    version: versionOfKubeVirtCR(kubevirtCR),
    kubevirtCR,
    vmName: vmNameOf(vmi, inputs.vm),
    migration,
    kind: migrationKind(migration, vmi, inputs.vm),
    vmiMigrations,
    launcherPods,
    sourcePod,
    targetPod,
    vmiEvents: eventsAbout(events, 'VirtualMachineInstance', vmiName),
    migrationEvents: migration ? eventsAbout(events, 'VirtualMachineInstanceMigration', migration.metadata.name) : [],
    targetPodEvents: targetPod ? eventsAbout(events, 'Pod', targetPod.metadata.name) : [],
  };
}

const BY_CREATED_BY: ListKey<Pod> = { name: LABEL_CREATED_BY, of: (p) => p.metadata.labels?.[LABEL_CREATED_BY] };
const BY_DOMAIN: ListKey<Pod> = { name: ANNOTATION_DOMAIN, of: (p) => p.metadata.annotations?.[ANNOTATION_DOMAIN] };

/** The VMI's pods, in list order: label kubevirt.io/created-by = its UID, or annotation kubevirt.io/domain = its name. */
function launcherPodsOf(index: ObjectIndex, pods: readonly Pod[], vmiUid: string | undefined, vmiName: string): Pod[] {
  const byUid = vmiUid === undefined ? [] : index.where(pods, BY_CREATED_BY, vmiUid);
  const byName = index.where(pods, BY_DOMAIN, vmiName);
  // Usually one holds the other (a launcher pod carries both); else keep list order.
  const inName = new Set(byName);
  if (byUid.every((p) => inName.has(p))) return [...byName];
  const inUid = new Set(byUid);
  if (byName.every((p) => inUid.has(p))) return [...byUid];
  return pods.filter((p) => inUid.has(p) || inName.has(p));
}

/**
 * The pod the VMI runs in now: the one the migration names, else the active pod on the VMI's
 * node. (After an earlier migration the source pod carries that migration's job label, so the
 * label alone does not tell source from target.)
 */
function findSourcePod(inputs: WhyInputs, launcherPods: Pod[], migration: VirtualMachineInstanceMigration | undefined, targetPod: Pod | undefined): Pod | undefined {
  const named = stateOf(migration, inputs.vmi)?.sourcePod;
  if (named) {
    const pod = launcherPods.find((p) => p.metadata.name === named);
    if (pod) return pod;
  }
  const node = inputs.vmi?.status?.nodeName;
  const active = inputs.vmi?.status?.activePods ?? {};
  const candidates = launcherPods.filter(
    (p) => p !== targetPod && (p.spec?.nodeName === node || (p.metadata.uid !== undefined && active[p.metadata.uid] === node)),
  );
  return newestFirst(candidates).find((p) => p.status?.phase === 'Running') ?? newestFirst(candidates)[0];
}

export function eventsAbout(events: KubeEvent[], kind: string, name: string | undefined): KubeEvent[] {
  if (!name) return [];
  return events
    .filter((e) => {
      const o = e.involvedObject ?? e.regarding;
      return o?.kind === kind && o.name === name;
    })
    .sort((a, b) => time(eventTime(a)) - time(eventTime(b)));
}
