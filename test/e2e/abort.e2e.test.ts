// `abort` end to end through kubectl against the fake API server serving the example cluster,
// with finalizers honoured (a deleted VMIM lingers until "virt-controller" — the test — lets it
// go; pkg/virt-controller/watch/migration/migration.go). ci-runner's migration is Pending (before
// hand-off); db-primary gets a Running one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, parseOneJson, runPlugin, tempDir } from './plugin.js';
import type { MigrationState, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../src/kube/types.js';

interface AbortDoc {
  apiVersion: string;
  kind: string;
  target: { namespace: string; vmi: string };
  migration: { name: string; uid: string; phaseBefore: string } | null;
  mode: string | null;
  abortStatus?: string;
  dryRun: boolean;
  action: string;
  stage?: string;
  refused?: { cause: string; summary: string; hint?: string };
  lastMigration?: { name: string; phase: string };
  now?: { name: string; uid: string; phase: string } | null;
  result?: { kind: string; phase: string; abortStatus?: string; failureReason?: string; summary: string };
  wait?: { outcome: string };
  evacuation?: { node: string; hint: string };
  warnings: string[];
  warningIds: string[];
}

let server: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  server = await startFakeApiServer({ honourFinalizers: true });
  kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'prod' });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  server.clearFaults();
  server.loadFiles([EXAMPLE_SNAPSHOT]);
  server.resetRequests();
});

const PENDING = 'kubevirt-migrate-vm-vk7vt'; // dev/ci-runner, Pending, quota-refused
const abort = (...args: string[]) => runPlugin(['abort', ...args, '--kubeconfig', kubeconfig]);
const deletes = () => server.requests.filter((r) => r.method === 'DELETE' && r.path.includes('/virtualmachineinstancemigrations/'));
const at = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Running migration of prod/db-primary node-2 → node-1, with the VMI's migrationState. */
function runningMigration(mode: 'PreCopy' | 'PostCopy' = 'PreCopy'): VirtualMachineInstanceMigration {
  const m = server.put<VirtualMachineInstanceMigration>({
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstanceMigration',
    metadata: { name: 'db-primary-migration-r8k2z', namespace: 'prod', generateName: 'db-primary-migration-', labels: { 'kubevirt.io/vmi-name': 'db-primary' }, finalizers: ['kubevirt.io/migrationJobFinalize'] },
    spec: { vmiName: 'db-primary' },
    status: { phase: 'Running', phaseTransitionTimestamps: ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running'].map((phase) => ({ phase, phaseTransitionTimestamp: at() })) },
  });
  server.modify<VirtualMachineInstance>('vmi', 'prod', 'db-primary', (v) => {
    v.status!.migrationState = {
      migrationUid: m.metadata.uid,
      mode,
      sourceNode: 'node-2',
      sourcePod: 'virt-launcher-db-primary-427vp',
      targetNode: 'node-1',
      targetPod: 'virt-launcher-db-primary-n7x4c',
      targetNodeAddress: '10.244.1.12',
      startTimestamp: at(),
    };
  });
  return m;
}

/** virt-controller/virt-handler once the VMIM is deleted: cancel, fail, drop the finalizer. */
async function controllerCancels(ns: string, name: string, running: boolean): Promise<void> {
  await server.waitFor((s) => Boolean(s.get<VirtualMachineInstanceMigration>('vmim', ns, name)?.metadata.deletionTimestamp), 15_000);
  server.modify<VirtualMachineInstanceMigration>('vmim', ns, name, (m) => {
    m.status = { ...m.status, conditions: [{ type: 'migrationAbortRequested', status: 'True', lastProbeTime: at(), lastTransitionTime: null }] };
  });
  if (running) {
    const vmiState = (patch: Partial<MigrationState>) =>
      server.modify<VirtualMachineInstance>('vmi', 'prod', 'db-primary', (v) => {
        v.status!.migrationState = { ...v.status!.migrationState, ...patch };
      });
    await sleep(100);
    vmiState({ abortRequested: true });
    await sleep(100);
    vmiState({ abortStatus: 'Aborting' });
    await sleep(100);
    vmiState({ abortStatus: 'Succeeded', failed: true, failureReason: 'Live migration aborted ', endTimestamp: at() });
  }
  await sleep(100);
  server.modify<VirtualMachineInstanceMigration>('vmim', ns, name, (m) => {
    m.status = { ...m.status, phase: 'Failed' };
  });
  await sleep(100);
  server.remove('vmim', ns, name);
}

describe('abort', () => {
  it('before hand-off: deletes the Pending migration with its uid, waits until it is gone (exit 0)', async () => {
    const uid = server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)!.metadata.uid;
    const run = abort('ci-runner', '-n', 'dev', '--wait', '-o', 'json');
    await controllerCancels('dev', PENDING, false);
    const r = await run;
    expect(r.code).toBe(0);
    const doc = parseOneJson<AbortDoc>(r.stdout);
    expect(doc).toMatchObject({
      apiVersion: 'vmigrate/v1',
      kind: 'MigrationAbort',
      migration: { name: PENDING, uid, phaseBefore: 'Pending' },
      mode: null,
      dryRun: false,
      action: 'deleted',
      stage: 'before-handoff',
      result: { kind: 'aborted', phase: 'Failed' },
      wait: { outcome: 'final' },
    });
    expect(doc.abortStatus).toBeUndefined();
    expect(deletes()).toHaveLength(1);
    expect(r.stderr).toMatch(/cancelling dev\/kubevirt-migrate-vm-vk7vt: Pending, deletion requested/);
  });

  it('while running: reports abortStatus Succeeded and the failure reason (exit 0)', async () => {
    const m = runningMigration();
    const run = abort('db-primary', '--wait', '-o', 'json');
    await controllerCancels('prod', m.metadata.name!, true);
    const r = await run;
    expect(r.code).toBe(0);
    const doc = parseOneJson<AbortDoc>(r.stdout);
    expect(doc).toMatchObject({
      migration: { name: m.metadata.name, uid: m.metadata.uid, phaseBefore: 'Running' },
      mode: 'PreCopy',
      abortStatus: 'Succeeded',
      stage: 'running',
      result: { kind: 'aborted', phase: 'Failed', abortStatus: 'Succeeded', failureReason: 'Live migration aborted ' },
    });
    const table = await abort('db-primary');
    expect(table.code).toBe(1);
    expect(table.stdout).toContain(`Nothing to abort: no migration of VMI prod/db-primary is in flight`);
  });

  it('refused in post-copy (exit 1, no DELETE); --force sends it with a warning', async () => {
    const m = runningMigration('PostCopy');
    const r = await abort('db-primary', '-o', 'json');
    expect(r.code).toBe(1);
    const doc = parseOneJson<AbortDoc>(r.stdout);
    expect(doc.mode).toBe('PostCopy');
    expect(doc.refused?.cause).toBe('post-copy');
    expect(doc.refused?.summary).toContain('the guest already runs on the target (node-1)');
    expect(doc.refused?.summary).toContain('cannot be cancelled');
    expect(doc.action).toBe('none');
    expect(deletes()).toHaveLength(0);

    const forced = await abort('db-primary', '--force', '--dry-run');
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('--force: cancelling a post-copy migration');
    expect(deletes().map((d) => d.query.dryRun)).toEqual(['All']);
    expect(server.get<VirtualMachineInstanceMigration>('vmim', 'prod', m.metadata.name!)?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('precondition conflict: the VMIM replaced between read and delete is re-read and reported, never looped on (exit 3)', async () => {
    const path = new RegExp(`/namespaces/dev/virtualmachineinstancemigrations/${PENDING}$`);
    let reads = 0;
    // Serve the inspected object, then replace it by a namesake (as a re-created migration would be).
    const unroute = server.route('GET', path, (ctx) => {
      reads += 1;
      const current = server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)!;
      ctx.json(200, current);
      if (reads === 1) {
        server.remove('vmim', 'dev', PENDING);
        const { uid: _uid, resourceVersion: _rv, ...meta } = current.metadata;
        server.put({ ...current, metadata: { ...meta, finalizers: [] }, status: { phase: 'Scheduling' } });
      }
    });
    try {
      const before = server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)!.metadata.uid;
      const r = await abort(PENDING, '-n', 'dev', '-o', 'json');
      expect(r.code).toBe(3);
      const doc = parseOneJson<AbortDoc>(r.stdout);
      const now = server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)!;
      expect(now.metadata.uid).not.toBe(before);
      expect(doc.migration?.uid).toBe(before);
      expect(doc.refused?.cause).toBe('migration-changed');
      expect(doc.now).toEqual({ name: PENDING, uid: now.metadata.uid, phase: 'Scheduling' });
      expect(deletes()).toHaveLength(1);
      expect(server.requests.find((q) => q.method === 'DELETE')?.status).toBe(409);
      expect(now.metadata.deletionTimestamp).toBeUndefined();
      expect(r.stderr).toMatch(/^error: migration dev\/kubevirt-migrate-vm-vk7vt changed between read and delete/m);
    } finally {
      unroute();
    }
  });

  it('a 500 on the DELETE is not retried (one request, exit 3)', async () => {
    server.fault({ resource: 'vmim', verb: 'delete', status: 500, times: 3 });
    const r = await abort('ci-runner', '-n', 'dev');
    expect(r.code).toBe(3);
    expect(deletes()).toHaveLength(1);
    expect(r.stderr).toMatch(/^Error from server \(InternalError\): .*the delete was not retried; it may or may not have happened/);
    expect(server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('nothing in flight: exit 1 "nothing to abort" with the last migration\'s result', async () => {
    const r = await abort('db-primary', '-o', 'json');
    expect(r.code).toBe(1);
    const doc = parseOneJson<AbortDoc>(r.stdout);
    expect(doc.migration).toBeNull();
    expect(doc.refused?.cause).toBe('no-migration');
    expect(doc.refused?.summary).toBe(
      'Nothing to abort: no migration of VMI prod/db-primary is in flight; the last one, kubevirt-evacuation-fdhjr, ended Succeeded at 2025-11-20T09:41:46Z.',
    );
    expect(doc.lastMigration).toMatchObject({ name: 'kubevirt-evacuation-fdhjr', phase: 'Succeeded' });
    expect(deletes()).toHaveLength(0);
  });

  it('--dry-run (dryRun=All, nothing changes) and the evacuation warning', async () => {
    server.modify<VirtualMachineInstance>('vmi', 'dev', 'ci-runner', (v) => {
      v.status!.evacuationNodeName = 'node-2';
    });
    const r = await abort('ci-runner', '-n', 'dev', '--dry-run', '-o', 'json');
    expect(r.code).toBe(0);
    const doc = parseOneJson<AbortDoc>(r.stdout);
    expect(doc).toMatchObject({ dryRun: true, action: 'dry-run', evacuation: { node: 'node-2' }, warningIds: ['evacuation-recreated'] });
    // A user's migration of a marked VMI: the evacuation controller still migrates the VMI.
    expect(r.stderr).toContain("KubeVirt's evacuation controller creates a new one after a cancel while VMI dev/ci-runner is marked for evacuation (status.evacuationNodeName node-2)");
    expect(r.stderr).toContain('"path":"/status/evacuationNodeName"');
    // The node of the evacuation was read (the deprecated drain taint), and nothing but the dry-run DELETE was written.
    expect(server.requests.some((q) => q.method === 'GET' && q.path === '/api/v1/nodes/node-2')).toBe(true);
    expect(deletes().map((d) => d.query.dryRun)).toEqual(['All']);
    expect(server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)?.metadata.deletionTimestamp).toBeUndefined();
  });

  it('--wait --timeout expiring exits 3 (the finalizer keeps the deleted VMIM)', async () => {
    const r = await abort(PENDING, '-n', 'dev', '--wait', '--timeout', '1s');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/error: timed out after 1s waiting for the cancel of dev\/kubevirt-migrate-vm-vk7vt/);
    expect(server.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING)?.metadata.deletionTimestamp).toBeDefined();
    // A second abort sends nothing more: the deletion is already requested.
    const again = await abort(PENDING, '-n', 'dev', '-o', 'json');
    expect(again.code).toBe(0);
    expect(parseOneJson<AbortDoc>(again.stdout).action).toBe('already-requested');
    expect(deletes()).toHaveLength(1);
  });
});
