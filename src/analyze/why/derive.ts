// Builds the WhyContext from the gathered inputs: which migration, which pods, which events.
import type { KubeEvent, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { ANNOTATION_DOMAIN, LABEL_CREATED_BY, LABEL_MIGRATION_JOB_UID, LABEL_VMI_NAME } from '../../kubevirt/constants.js';
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import { itemsWhere } from '../lookup.js';
import type { WhyContext, WhyInputs } from './context.js';
import { eventTime, newestFirst, time } from '../../kube/time.js';
import { listOf } from '../shape.js';

export function deriveContext(inputs: WhyInputs): WhyContext {
  const { vmi } = inputs;
  const vmiName = vmi?.metadata.name ?? inputs.namedMigration?.spec?.vmiName ?? inputs.requested.name;
  const kubevirtCR = inputs.kubevirt.ok ? inputs.kubevirt.items[0] : undefined;
  const vmiMigrations = migrationsOfVmi(inputs.migrations.ok ? inputs.migrations.items : [], inputs.namespace, vmiName);
  if (inputs.namedMigration && !vmiMigrations.some((m) => m.metadata.uid === inputs.namedMigration?.metadata.uid)) {
    vmiMigrations.unshift(inputs.namedMigration);
  }
  const migration = inputs.namedMigration ?? vmiMigrations[0];
  const launcherPods = launcherPodsOf(inputs.pods.ok ? inputs.pods.items : [], vmi?.metadata.uid, vmiName);
  const migrationUid = migration?.metadata.uid;
  const targetPod = migrationUid
    ? newestFirst(launcherPods.filter((p) => p.metadata.labels?.[LABEL_MIGRATION_JOB_UID] === migrationUid))[0]
    : undefined;
  const sourcePod = findSourcePod(inputs, launcherPods, migration, targetPod);
  const events = inputs.events.ok ? inputs.events.items : [];
  return {
    ...inputs,
    version: versionOfKubeVirtCR(kubevirtCR),
    kubevirtCR,
    vmName: inputs.vm?.metadata.name ?? listOf(vmi?.metadata.ownerReferences).find((o) => o.kind === 'VirtualMachine')?.name,
    migration,
    vmiMigrations,
    launcherPods,
    sourcePod,
    targetPod,
    vmiEvents: eventsAbout(events, 'VirtualMachineInstance', vmiName),
    migrationEvents: migration ? eventsAbout(events, 'VirtualMachineInstanceMigration', migration.metadata.name) : [],
    targetPodEvents: targetPod ? eventsAbout(events, 'Pod', targetPod.metadata.name) : [],
  };
}

/** The VMI's pods, in list order: label kubevirt.io/created-by = its UID, or annotation kubevirt.io/domain = its name. */
function launcherPodsOf(pods: readonly Pod[], vmiUid: string | undefined, vmiName: string): Pod[] {
  const byUid = vmiUid === undefined ? [] : itemsWhere(pods, 'created-by', (p) => p.metadata.labels?.[LABEL_CREATED_BY], vmiUid);
  const byName = itemsWhere(pods, 'domain', (p) => p.metadata.annotations?.[ANNOTATION_DOMAIN], vmiName);
  // Usually one holds the other (a launcher pod carries both); else keep list order.
  const inName = new Set(byName);
  if (byUid.every((p) => inName.has(p))) return [...byName];
  const inUid = new Set(byUid);
  if (byName.every((p) => inUid.has(p))) return [...byUid];
  return pods.filter((p) => inUid.has(p) || inName.has(p));
}

/** This VMI's migrations, newest first: label kubevirt.io/vmi-name, else spec.vmiName. */
export function migrationsOfVmi(all: VirtualMachineInstanceMigration[], namespace: string, vmiName: string): VirtualMachineInstanceMigration[] {
  const vmiOf = (m: VirtualMachineInstanceMigration) => {
    const name = m.metadata.labels?.[LABEL_VMI_NAME] ?? m.spec?.vmiName;
    return m.metadata.namespace === undefined || name === undefined ? undefined : `${m.metadata.namespace}/${name}`;
  };
  return newestFirst([...itemsWhere(all, 'vmi', vmiOf, `${namespace}/${vmiName}`)]);
}

/**
 * The pod the VMI runs in now: the one the migration names, else the active pod on the VMI's
 * node. (After an earlier migration the source pod carries that migration's job label, so the
 * label alone does not tell source from target.)
 */
function findSourcePod(inputs: WhyInputs, launcherPods: Pod[], migration: VirtualMachineInstanceMigration | undefined, targetPod: Pod | undefined): Pod | undefined {
  const named = migration?.status?.migrationState?.sourcePod ?? sameMigrationState(inputs, migration)?.sourcePod;
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

/** The VMI's migrationState when it belongs to `migration`. */
export function sameMigrationState(inputs: Pick<WhyInputs, 'vmi'>, migration: VirtualMachineInstanceMigration | undefined) {
  const state = inputs.vmi?.status?.migrationState;
  if (!state || !migration?.metadata.uid) return undefined;
  return state.migrationUid === migration.metadata.uid ? state : undefined;
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
