// The drain fixtures (test/fixtures/objects/drain/v1.9 and v1.4) read through the product's snapshot
// reader: each object carries the names, markers and states docs/kubevirt/evacuation-and-queue.md
// describes, checked against src/kubevirt/evacuation-facts.ts and constants.ts, so later drain
// tests can rely on them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSnapshotSource } from '../../../src/collect/snapshot/index.js';
import { extractObjects } from '../../../src/collect/snapshot/extract-objects.js';
import { parseDocuments } from '../../../src/collect/snapshot/parse-documents.js';
import { goFormatRegExp } from '../../../src/analyze/why/parse/go-format.js';
import type { KubeEvent, KubeObject, KubeVirt, Node, Pod, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../../src/kube/types.js';
import {
  ANNOTATION_DOMAIN,
  ANNOTATION_EVACUATION_MIGRATION,
  COND_EVICTION_REQUESTED,
  COND_LIVE_MIGRATABLE,
  DEFAULT_NODE_DRAIN_TAINT_KEY,
  EVENT_MIGRATION_BACKOFF,
  EVENT_SUCCESSFUL_CREATE,
  EVICTION_EXTERNAL,
  EVICTION_LIVE_MIGRATE,
  EVICTION_NONE,
  FINALIZER_MIGRATION,
  LABEL_APP,
  LABEL_APP_LAUNCHER,
  LABEL_CREATED_BY,
  LABEL_MIGRATION_JOB_UID,
  LABEL_VMI_NAME,
  MSG_CREATED_EVACUATION_MIGRATION,
  MSG_EVICTION_NOT_MIGRATABLE,
  MSG_MIGRATION_BACKOFF,
  REASON_DISKS_NOT_MIGRATABLE,
} from '../../../src/kubevirt/constants.js';
import {
  ANNOTATION_DESCHEDULER_EVICTION_IN_PROGRESS,
  ANNOTATION_DESCHEDULER_REQUEST_EVICT_ONLY,
  BACKOFF_FACTOR,
  BACKOFF_FIRST_SECONDS,
  DESCHEDULER_EVICTION_IN_PROGRESS_VALUE,
  DRAIN_TAINT_EFFECT,
  EVACUATION_EVENT_COMPONENT,
  GENERATE_NAME_EVACUATION,
  HOTPLUG_POD_APP_LABEL,
  HOTPLUG_POD_EMPTYDIR_VOLUME,
  HOTPLUG_POD_GENERATE_NAME,
  HOTPLUG_POD_OWNER_KIND,
  K8S_TAINT_UNSCHEDULABLE,
  LABEL_PDB_MIGRATION_NAME,
  MIGRATION_PRIORITY,
  MSG_VMI_MARKED_FOR_EVICTION,
  PDB_EVENTS,
  PDB_GENERATE_NAME,
  PDB_MIN_AVAILABLE,
  PDB_MIN_AVAILABLE_MIGRATING,
  REASON_EVICTION_REQUESTED,
  VMI_STATUS_EVACUATION_NODE_NAME,
} from '../../../src/kubevirt/evacuation-facts.js';
import { versionOfKubeVirtCR } from '../../../src/kubevirt/version.js';

const DRAIN = fileURLToPath(new URL('../../fixtures/objects/drain/', import.meta.url));
/** The v1.9 snapshot's own time is its newest event; batch-1's graceful deletionTimestamp lies after it. */
const NOW_V19 = new Date('2026-03-10T09:06:20Z');

const byName = <T extends KubeObject>(items: readonly T[]) => new Map(items.map((o) => [o.metadata.name ?? '', o]));
const condition = (vmi: VirtualMachineInstance | undefined, type: string) => vmi?.status?.conditions?.find((c) => c.type === type);
/** IsRunning() of a VMIM (types.go): every phase but Pending, unset and the final ones (no decentralized VMIMs here). */
const isRunning = (m: VirtualMachineInstanceMigration) => !['', 'Pending', 'Succeeded', 'Failed'].includes(m.status?.phase ?? '');
const phaseTime = (m: VirtualMachineInstanceMigration | undefined, phase: string) =>
  Date.parse(m?.status?.phaseTransitionTimestamps?.find((t) => t.phase === phase)?.phaseTransitionTimestamp ?? '');

async function openV19() {
  const s = await openSnapshotSource(`${DRAIN}v1.9`, { now: NOW_V19 });
  return {
    s,
    vmis: byName(await s.list<VirtualMachineInstance>('vmi')),
    vmims: await s.list<VirtualMachineInstanceMigration>('vmim'),
    pods: await s.list<Pod>('pod'),
    nodes: byName(await s.list<Node>('node')),
    events: await s.list<KubeEvent>('event'),
    kubevirt: (await s.list<KubeVirt>('kubevirt'))[0],
  };
}

describe('drain of node-2 on KubeVirt v1.9 (test/fixtures/objects/drain/v1.9)', () => {
  it('reads every object, none ignored', async () => {
    const { s, kubevirt } = await openV19();
    expect(s.stats().objects).toEqual({ kubevirt: 1, node: 3, vmi: 8, vmim: 7, pod: 12, event: 18 });
    expect(s.stats().ignoredKinds).toEqual({});
    expect(versionOfKubeVirtCR(kubevirt)).toMatchObject({ major: 1, minor: 9 });
    expect(kubevirt?.spec?.configuration?.evictionStrategy).toBe(EVICTION_LIVE_MIGRATE);
  });

  it('node-2 is cordoned with the unschedulable taint, not KubeVirt’s drain taint', async () => {
    const { nodes } = await openV19();
    const node2 = nodes.get('node-2');
    expect(node2?.spec?.unschedulable).toBe(true);
    expect(node2?.spec?.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual([`${K8S_TAINT_UNSCHEDULABLE}:${DRAIN_TAINT_EFFECT}`]);
    expect(node2?.spec?.taints?.some((t) => t.key === DEFAULT_NODE_DRAIN_TAINT_KEY)).toBe(false);
    expect(nodes.get('node-1')?.spec?.unschedulable).toBeUndefined();
  });

  it('the webhook marked every migrating, waiting and External VMI, and only those', async () => {
    const { vmis } = await openV19();
    const marked = [...vmis.values()].filter((v) => v.status?.[VMI_STATUS_EVACUATION_NODE_NAME] === 'node-2').map((v) => v.metadata.name);
    expect(marked.sort()).toEqual(['cache-1', 'capk-worker-1', 'db-1', 'reports-1', 'web-2']);
    for (const name of marked) {
      const cond = condition(vmis.get(name ?? ''), COND_EVICTION_REQUESTED);
      expect(cond, name).toMatchObject({ status: 'True', reason: REASON_EVICTION_REQUESTED, message: MSG_VMI_MARKED_FOR_EVICTION });
    }
    expect(vmis.get('capk-worker-1')?.spec?.evictionStrategy).toBe(EVICTION_EXTERNAL);
  });

  it('web-1 has migrated: on node-3, unmarked, its migrationState names node-2 as source', async () => {
    const { vmis } = await openV19();
    const web1 = vmis.get('web-1');
    expect(web1?.status?.nodeName).toBe('node-3');
    expect(web1?.status?.evacuationNodeName).toBeUndefined();
    expect(condition(web1, COND_EVICTION_REQUESTED)).toBeUndefined();
    expect(web1?.status?.migrationState).toMatchObject({ sourceNode: 'node-2', targetNode: 'node-3', completed: true });
  });

  it('legacy-erp (LiveMigrate, not migratable) and batch-1 (None) are not marked', async () => {
    const { vmis, pods, events } = await openV19();
    const erp = vmis.get('legacy-erp');
    expect(erp?.spec?.evictionStrategy).toBe(EVICTION_LIVE_MIGRATE);
    expect(condition(erp, COND_LIVE_MIGRATABLE)).toMatchObject({ status: 'False', reason: REASON_DISKS_NOT_MIGRATABLE });
    expect(erp?.status?.evacuationNodeName).toBeUndefined();
    const warning = events.find((e) => e.involvedObject?.name === 'legacy-erp');
    expect(warning?.message).toMatch(goFormatRegExp(MSG_EVICTION_NOT_MIGRATABLE));

    const batch = vmis.get('batch-1');
    expect(batch?.spec?.evictionStrategy).toBe(EVICTION_NONE);
    expect(batch?.status?.evacuationNodeName).toBeUndefined();
    const batchPod = pods.find((p) => p.metadata.annotations?.[ANNOTATION_DOMAIN] === 'batch-1');
    expect(batchPod?.metadata.deletionTimestamp).toBe('2026-03-10T09:10:17Z');
  });

  it('evacuation VMIMs carry generateName, node annotation, vmi-name label and system-critical priority', async () => {
    const { vmims, vmis } = await openV19();
    expect(vmims).toHaveLength(7);
    for (const m of vmims) {
      const name = m.metadata.name ?? '';
      expect(name.startsWith(GENERATE_NAME_EVACUATION), name).toBe(true);
      expect(m.metadata.generateName).toBe(GENERATE_NAME_EVACUATION);
      expect(m.metadata.annotations?.[ANNOTATION_EVACUATION_MIGRATION]).toBe('node-2');
      expect(m.metadata.labels?.[LABEL_VMI_NAME]).toBe(m.spec?.vmiName);
      expect(m.spec?.priority).toBe('system-critical');
      expect(MIGRATION_PRIORITY[m.spec?.priority as keyof typeof MIGRATION_PRIORITY]).toBe(100);
      // The finalizer stays until the VMIM is final.
      expect(m.metadata.finalizers?.includes(FINALIZER_MIGRATION) ?? false, name).toBe(!['Succeeded', 'Failed'].includes(m.status?.phase ?? ''));
      expect(vmis.has(m.spec?.vmiName ?? '')).toBe(true);
    }
    const phases = Object.fromEntries(vmims.map((m) => [m.metadata.name, m.status?.phase]));
    expect(phases).toEqual({
      'kubevirt-evacuation-8xq2n': 'Succeeded',
      'kubevirt-evacuation-2vbfm': 'Running',
      'kubevirt-evacuation-r7tkd': 'PreparingTarget',
      'kubevirt-evacuation-ldm4w': 'Pending',
      'kubevirt-evacuation-fw9zk': 'Failed',
      'kubevirt-evacuation-c4hpx': 'Failed',
      'kubevirt-evacuation-9sk6j': 'Pending',
    });
  });

  it('cache-1 waits behind the per-node limit: two running migrations leave node-2', async () => {
    const { vmims, vmis, kubevirt } = await openV19();
    const fromNode2 = vmims.filter((m) => {
      const vmi = vmis.get(m.spec?.vmiName ?? '');
      return isRunning(m) && (vmi?.status?.nodeName === 'node-2' || vmi?.status?.migrationState?.sourceNode === 'node-2');
    });
    expect(fromNode2.map((m) => m.spec?.vmiName).sort()).toEqual(['db-1', 'web-2']);
    expect(fromNode2).toHaveLength(kubevirt?.spec?.configuration?.migrations?.parallelOutboundMigrationsPerNode ?? -1);
    expect(vmims.filter(isRunning).length).toBeLessThan(kubevirt?.spec?.configuration?.migrations?.parallelMigrationsPerCluster ?? 0);
    const cache = vmims.find((m) => m.spec?.vmiName === 'cache-1');
    expect(cache?.status?.phase).toBe('Pending');
    expect(cache?.status?.conditions).toBeUndefined();
  });

  it('reports-1 is in backoff: two failed evacuations, the third Pending until 40 s after the second failure', async () => {
    const { vmims, events } = await openV19();
    const ofReports = vmims.filter((m) => m.spec?.vmiName === 'reports-1');
    expect(ofReports.map((m) => m.status?.phase).sort()).toEqual(['Failed', 'Failed', 'Pending']);
    const previous = ofReports.find((m) => m.metadata.name === 'kubevirt-evacuation-c4hpx');
    const failures = ofReports.filter((m) => m.status?.phase === 'Failed').length;
    const retryAt = phaseTime(previous, 'Failed') + BACKOFF_FIRST_SECONDS * BACKOFF_FACTOR ** (failures - 1) * 1000;
    expect(new Date(retryAt).toISOString()).toBe('2026-03-10T09:06:30.000Z');
    expect(retryAt).toBeGreaterThan(NOW_V19.getTime());
    const backoff = events.find((e) => e.reason === EVENT_MIGRATION_BACKOFF);
    expect(backoff?.involvedObject?.name).toBe('reports-1');
    expect(backoff?.type).toBe('Warning');
    expect(backoff?.message).toMatch(goFormatRegExp(MSG_MIGRATION_BACKOFF));
  });

  it('the evacuation controller’s events name each VMIM it created', async () => {
    const { vmims, events } = await openV19();
    const created = events.filter((e) => e.reason === EVENT_SUCCESSFUL_CREATE && e.source?.component === EVACUATION_EVENT_COMPONENT[1].component);
    const named = created.map((e) => goFormatRegExp(MSG_CREATED_EVACUATION_MIGRATION).exec(e.message ?? '')?.[1]);
    expect(named.sort()).toEqual(vmims.map((m) => m.metadata.name).sort());
  });

  it('launcher pods: request-evict-only everywhere, eviction-in-progress exactly on marked VMIs', async () => {
    const { pods, vmis } = await openV19();
    const launchersOnNode2 = pods.filter((p) => p.metadata.labels?.[LABEL_APP] === LABEL_APP_LAUNCHER && p.spec?.nodeName === 'node-2');
    expect(launchersOnNode2).toHaveLength(7);
    for (const p of launchersOnNode2) {
      const vmi = vmis.get(p.metadata.annotations?.[ANNOTATION_DOMAIN] ?? '');
      expect(p.metadata.labels?.[LABEL_CREATED_BY]).toBe(vmi?.metadata.uid);
      expect(p.metadata.annotations?.[ANNOTATION_DESCHEDULER_REQUEST_EVICT_ONLY]).toBe('');
      const inProgress = p.metadata.annotations?.[ANNOTATION_DESCHEDULER_EVICTION_IN_PROGRESS];
      expect(inProgress, p.metadata.name).toBe(vmi?.status?.evacuationNodeName ? DESCHEDULER_EVICTION_IN_PROGRESS_VALUE : undefined);
    }
    const targets = pods.filter((p) => p.metadata.labels?.[LABEL_MIGRATION_JOB_UID]);
    expect(targets.map((p) => [p.metadata.name, p.spec?.nodeName])).toEqual([
      ['virt-launcher-db-1-x8rkj', 'node-3'],
      ['virt-launcher-web-2-m4t9x', 'node-1'],
    ]);
  });

  it('cache-1’s hotplug attachment pod: hp-volume- name, hotplug-disk label, owned by the launcher pod, emptyDir', async () => {
    const { pods, vmis } = await openV19();
    const hp = pods.find((p) => p.metadata.labels?.[LABEL_APP] === HOTPLUG_POD_APP_LABEL);
    expect(hp?.metadata.name?.startsWith(HOTPLUG_POD_GENERATE_NAME)).toBe(true);
    expect(hp?.metadata.labels?.[LABEL_CREATED_BY]).toBeUndefined();
    const owner = hp?.metadata.ownerReferences?.find((o) => o.controller);
    expect(owner?.kind).toBe(HOTPLUG_POD_OWNER_KIND);
    const launcher = pods.find((p) => p.metadata.name === owner?.name);
    expect(launcher?.metadata.uid).toBe(owner?.uid);
    expect(launcher?.metadata.annotations?.[ANNOTATION_DOMAIN]).toBe('cache-1');
    expect(hp?.spec?.nodeName).toBe(launcher?.spec?.nodeName);
    const volumes = (hp?.spec as { volumes?: { name: string; emptyDir?: object }[] } | undefined)?.volumes ?? [];
    expect(volumes.find((v) => v.name === HOTPLUG_POD_EMPTYDIR_VOLUME)?.emptyDir).toEqual({});
    const status = vmis.get('cache-1')?.status?.volumeStatus?.find((v) => v.name === 'scratch') as { hotplugVolume?: { attachPodName?: string; attachPodUID?: string } } | undefined;
    expect(status?.hotplugVolume).toEqual({ attachPodName: hp?.metadata.name, attachPodUID: hp?.metadata.uid });
  });
});

describe('taint evacuation with PDBs on KubeVirt v1.4 (test/fixtures/objects/drain/v1.4)', () => {
  const pdbs = async () => extractObjects(await parseDocuments(readFileSync(`${DRAIN}v1.4/pdbs.yaml`, 'utf8'), 'pdbs.yaml')).objects.map((o) => o.object);

  it('the snapshot reader keeps every object, the PDBs included', async () => {
    const s = await openSnapshotSource(`${DRAIN}v1.4`);
    expect(s.stats().objects).toEqual({ kubevirt: 1, node: 2, vmi: 2, vmim: 1, pod: 3, event: 5, pdb: 2 });
    expect(s.stats().ignoredKinds).toEqual({});
    expect(versionOfKubeVirtCR((await s.list<KubeVirt>('kubevirt'))[0])).toMatchObject({ major: 1, minor: 4 });
  });

  it('worker-b carries kubevirt.io/drain:NoSchedule and is not cordoned; no VMI is marked', async () => {
    const s = await openSnapshotSource(`${DRAIN}v1.4`);
    const worker = await s.get<Node>('node', undefined, 'worker-b');
    expect(worker?.spec?.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual([`${DEFAULT_NODE_DRAIN_TAINT_KEY}:${DRAIN_TAINT_EFFECT}`]);
    expect(worker?.spec?.unschedulable).toBeUndefined();
    for (const vmi of await s.list<VirtualMachineInstance>('vmi')) expect(vmi.status?.evacuationNodeName).toBeUndefined();
    const [vmim] = await s.list<VirtualMachineInstanceMigration>('vmim');
    expect(vmim?.metadata.annotations?.[ANNOTATION_EVACUATION_MIGRATION]).toBe('worker-b');
    expect(vmim?.spec?.priority).toBeUndefined();
    expect(vmim?.spec?.vmiName).toBe('app-1');
  });

  it('per-VMI PDBs: minAvailable 1 before, 2 with the migrationName label during the migration', async () => {
    const s = await openSnapshotSource(`${DRAIN}v1.4`);
    const vmis = byName(await s.list<VirtualMachineInstance>('vmi'));
    const pods = await s.list<Pod>('pod');
    const [vmim] = await s.list<VirtualMachineInstanceMigration>('vmim');
    type Pdb = KubeObject & { spec?: { minAvailable?: number; selector?: { matchLabels?: Record<string, string> } }; status?: { expectedPods?: number } };
    const byOwner = new Map(((await pdbs()) as Pdb[]).map((p) => [p.metadata.ownerReferences?.find((o) => o.controller)?.name ?? '', p]));
    for (const [vmiName, pdb] of byOwner) {
      const vmi = vmis.get(vmiName);
      expect(pdb.metadata.generateName).toBe(PDB_GENERATE_NAME);
      expect(pdb.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'VirtualMachineInstance', uid: vmi?.metadata.uid, controller: true });
      expect(pdb.spec?.selector?.matchLabels).toEqual({ [LABEL_CREATED_BY]: vmi?.metadata.uid });
      const selected = pods.filter((p) => p.metadata.labels?.[LABEL_CREATED_BY] === vmi?.metadata.uid);
      expect(pdb.status?.expectedPods).toBe(selected.length);
    }
    expect(byOwner.get('app-1')?.spec?.minAvailable).toBe(PDB_MIN_AVAILABLE_MIGRATING);
    expect(byOwner.get('app-1')?.metadata.labels).toEqual({ [LABEL_PDB_MIGRATION_NAME]: vmim?.metadata.name });
    expect(byOwner.get('app-2')?.spec?.minAvailable).toBe(PDB_MIN_AVAILABLE);
    expect(byOwner.get('app-2')?.metadata.labels).toBeUndefined();
  });

  it('the Created and Expanded PDB events name the PDBs, from the documented components', async () => {
    const s = await openSnapshotSource(`${DRAIN}v1.4`);
    const events = await s.list<KubeEvent>('event');
    const names = new Set((await pdbs()).map((p) => p.metadata.name));
    for (const key of ['created', 'expanded'] as const) {
      const fact = PDB_EVENTS[key];
      const matching = events.filter((e) => e.reason === fact.reason && goFormatRegExp(fact.text).test(e.message ?? ''));
      expect(matching.length, key).toBeGreaterThan(0);
      for (const e of matching) {
        expect(e.source?.component).toBe(fact.component);
        expect(names.has(goFormatRegExp(fact.text).exec(e.message ?? '')?.[1])).toBe(true);
      }
    }
  });
});
