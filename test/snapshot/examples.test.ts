// Guards examples/cluster-snapshot (the README quickstart and the lead's e2e tests read it): object
// counts per kind, the snapshot time, and the cross-references each scenario relies on.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSnapshotSource, type SnapshotSource } from '../../src/collect/snapshot/index.js';
import type {
  KubeEvent,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../src/kube/types.js';
import { REPO_ROOT } from './helpers.js';

const SNAPSHOT = join(REPO_ROOT, 'examples', 'cluster-snapshot');
let s: SnapshotSource;

beforeAll(async () => {
  s = await openSnapshotSource(SNAPSHOT);
});

const liveMigratable = (vmi: VirtualMachineInstance | undefined) => vmi?.status?.conditions?.find((c) => c.type === 'LiveMigratable');

describe('examples/cluster-snapshot', () => {
  it('holds the documented objects', () => {
    expect(s.stats().objects).toEqual({
      node: 4,
      namespace: 4,
      storageclass: 4,
      storageprofile: 4,
      kubevirt: 1,
      migrationpolicy: 1,
      vm: 10,
      vmi: 9,
      vmim: 2,
      datavolume: 9,
      pvc: 10,
      pv: 10,
      pod: 10,
      event: 22,
      resourcequota: 2,
    });
    expect(s.stats().ignoredKinds).toEqual({});
    expect(s.stats().logFiles).toBe(1);
    expect(s.has('nad')).toBe(true); // collected, none: network-attachment-definitions.yaml is an empty List
  });

  it('its time is the last quota refusal event', () => {
    expect(s.nowSource()).toBe('snapshot');
    expect(s.now().toISOString()).toBe('2025-11-20T10:14:37.000Z');
  });

  it('every running VMI has its launcher pod, node, PVCs and PVs', async () => {
    const nodes = new Set((await s.list<Node>('node')).map((n) => n.metadata.name));
    for (const vmi of await s.list<VirtualMachineInstance>('vmi')) {
      const ns = vmi.metadata.namespace as string;
      expect(nodes.has(vmi.status?.nodeName as string)).toBe(true);
      const podUids = Object.keys(vmi.status?.activePods ?? {});
      expect(podUids).toHaveLength(1);
      const pods = await s.list<Pod>('pod', { namespace: ns, labelSelector: `kubevirt.io/created-by=${vmi.metadata.uid}`, fieldSelector: 'status.phase=Running' });
      expect(pods.map((p) => p.metadata.uid)).toEqual(podUids);
      expect(pods[0]?.spec?.nodeName).toBe(vmi.status?.nodeName);
      for (const v of vmi.status?.volumeStatus ?? []) {
        const claim = v.persistentVolumeClaimInfo?.claimName;
        if (!claim) continue;
        const pvc = await s.get<PersistentVolumeClaim>('pvc', ns, claim);
        expect(pvc?.status?.accessModes).toEqual(v.persistentVolumeClaimInfo?.accessModes);
        expect(await s.get<PersistentVolume>('pv', undefined, pvc?.spec?.volumeName as string)).toBeDefined();
      }
      expect(await s.get<VirtualMachine>('vm', ns, vmi.metadata.name as string)).toBeDefined();
    }
  });

  it('KubeVirt reports the documented LiveMigratable conditions', async () => {
    const expected: Record<string, string> = {
      'prod/db-primary': 'True',
      'prod/erp-app': 'False/DisksNotLiveMigratable',
      'prod/ml-gpu-trainer': 'False/HostDeviceNotLiveMigratable',
      'dev/ci-runner': 'True',
      'prod/license-server': 'True',
      'prod/analytics-warehouse': 'True',
      'dev/scratch-builder': 'False/DisksNotLiveMigratable',
      'default/legacy-web': 'False/InterfaceNotLiveMigratable',
      'default/wiki': 'True',
    };
    const actual: Record<string, string> = {};
    for (const vmi of await s.list<VirtualMachineInstance>('vmi')) {
      const c = liveMigratable(vmi);
      actual[`${vmi.metadata.namespace}/${vmi.metadata.name}`] = c?.reason ? `${c.status}/${c.reason}` : String(c?.status);
    }
    expect(actual).toEqual(expected);
  });

  it('node-2 runs six VMIs for the drain preview', async () => {
    const onNode2 = (await s.list<Pod>('pod', { fieldSelector: 'spec.nodeName=node-2,status.phase=Running', labelSelector: 'kubevirt.io=virt-launcher' })).map(
      (p) => `${p.metadata.namespace}/${p.metadata.labels?.['vm.kubevirt.io/name']}`,
    );
    expect(onNode2.sort()).toEqual(['default/legacy-web', 'default/wiki', 'dev/ci-runner', 'dev/scratch-builder', 'prod/db-primary', 'prod/erp-app']);
    const node3 = await s.get<Node>('node', undefined, 'node-3');
    expect(node3?.spec?.unschedulable).toBe(true);
  });

  it('the quota scenario is self-consistent (VMIM, event text, ResourceQuota)', async () => {
    const [vmim] = await s.list<VirtualMachineInstanceMigration>('vmim', { namespace: 'dev', labelSelector: 'kubevirt.io/vmi-name=ci-runner' });
    expect(vmim?.status?.phase).toBe('Pending');
    expect(vmim?.status?.conditions?.map((c) => c.type)).toEqual(['migrationRejectedByResourceQuota']);
    const quota = await s.get<ResourceQuota>('resourcequota', 'dev', 'dev-quota');
    const events = await s.list<KubeEvent>('event', { namespace: 'dev', fieldSelector: 'involvedObject.name=ci-runner,reason=FailedCreate' });
    expect(events.length).toBe(3);
    for (const e of events) {
      expect(e.message).toContain('exceeded quota: dev-quota, requested: requests.memory=');
      expect(e.message).toContain(`used: requests.memory=${quota?.status?.used?.['requests.memory']}, limited: requests.memory=${quota?.status?.hard?.['requests.memory']}`);
    }
  });

  it('the evacuation scenario: succeeded VMIM, migrated VMI, source pod log', async () => {
    const [vmim] = await s.list<VirtualMachineInstanceMigration>('vmim', { namespace: 'prod' });
    expect(vmim?.status?.phase).toBe('Succeeded');
    expect(vmim?.status?.phaseTransitionTimestamps?.map((p) => p.phase)).toEqual(['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded']);
    const vmi = await s.get<VirtualMachineInstance>('vmi', 'prod', 'db-primary');
    expect(vmi?.status?.migrationState?.migrationUid).toBe(vmim?.metadata.uid);
    const sourcePod = vmi?.status?.migrationState?.sourcePod as string;
    expect((await s.get<Pod>('pod', 'prod', sourcePod))?.status?.phase).toBe('Succeeded');
    const log = await s.podLog('prod', sourcePod, { container: 'compute', tailLines: 3 });
    expect(log?.trimEnd().split('\n')).toHaveLength(3);
    const all = (await s.podLog('prod', sourcePod, { container: 'compute', tailLines: 100 })) ?? '';
    expect(all.match(/Migration info for /g)).toHaveLength(5);
    expect(all).toContain(`Migration info for ${vmim?.metadata.uid}: TimeElapsed:`);
  });
});
