// `start` end to end: real kubectl plugin discovery, the built bundle, and the fake API server
// serving the example cluster (examples/README.md): db-primary migratable, erp-app blocked by an
// RWO disk, ci-runner with a migration in flight. The tests play virt-controller where needed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, parseOneJson, runPlugin, tempDir, type PluginRun } from './plugin.js';
import type { KubeVirt, Pod, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../src/kube/types.js';

interface StartDoc {
  apiVersion: string;
  kind: string;
  target: { namespace: string; vmi: string; vm?: string };
  preflight: {
    name: string;
    verdict: string;
    findings: { rule: string; severity: string }[];
    capacity: { id: string; status: string; cause?: string; summary: string }[];
    placement?: { nodes: { name: string; fits: boolean; reasons: string[] }[] };
  };
  migration: { name: string; uid: string; phase: string } | null;
  dryRun: boolean;
  refused?: { cause: string; summary: string; hint?: string };
  forced?: { cause: string }[];
  wait?: { outcome: string; seconds: number };
  verdict?: { status: string; cause: string; summary: string };
  errors: unknown[];
}

let server: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  server = await startFakeApiServer();
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

const vmimPath = /\/apis\/kubevirt\.io\/v1\/namespaces\/[^/]+\/virtualmachineinstancemigrations$/;
const posts = () => server.requests.filter((r) => r.method === 'POST' && vmimPath.test(r.path));
const migrationsOf = (vmi: string, ns = 'prod') => server.objects<VirtualMachineInstanceMigration>('vmim', ns).filter((m) => m.spec?.vmiName === vmi);
const ours = () => migrationsOf('db-primary').filter((m) => m.metadata.generateName === 'db-primary-migration-');
const start = (...args: string[]) => runPlugin(['start', ...args, '--kubeconfig', kubeconfig]);

describe('start: pre-flight refusals (exit 1, nothing created)', () => {
  it('refused by a blocker: erp-app has an RWO disk → not-live-migratable', async () => {
    const r = await start('erp-app', '-o', 'json');
    expect(r.code).toBe(1);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc).toMatchObject({ apiVersion: 'vmigrate/v1', kind: 'MigrationStart', migration: null, dryRun: false });
    expect(doc.refused?.cause).toBe('not-live-migratable');
    expect(doc.refused?.summary).toContain('volume-not-shared');
    expect(doc.preflight).toMatchObject({ name: 'erp-app', verdict: 'not-migratable' });
    expect(doc.preflight.findings.map((f) => f.rule)).toContain('volume-not-shared');
    expect(posts()).toHaveLength(0);
  });

  it('refused by an in-flight migration: ci-runner → migration-conflict naming it, even with --force', async () => {
    for (const extra of [[], ['--force']]) {
      const r = await start('ci-runner', '-n', 'dev', '-o', 'json', ...extra);
      expect(r.code).toBe(1);
      const doc = parseOneJson<StartDoc>(r.stdout);
      expect(doc.refused?.cause).toBe('migration-conflict');
      expect(doc.refused?.summary).toContain('kubevirt-migrate-vm-vk7vt');
      // The quota shortfall is reported too, behind the conflict.
      expect(doc.preflight.capacity.find((c) => c.id === 'resource-quota')).toMatchObject({ status: 'fail', cause: 'quota-exceeded' });
    }
    expect(posts()).toHaveLength(0);
  });

  it('refused by capacity: no other node fits --node-selector; the table says why per node', async () => {
    const r = await start('db-primary', '--node-selector', 'topology.kubernetes.io/zone=zone-9');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('pre-flight REFUSED target-unschedulable-node-selector');
    expect(r.stdout).toMatch(/node-4\s+no\s+missing label topology\.kubernetes\.io\/zone=zone-9/);
    expect(r.stdout).toContain('Nothing was created.');
    expect(posts()).toHaveLength(0);
  });

  it('--node-selector on KubeVirt older than v1.6 is refused (node-selector-unsupported), even with --force', async () => {
    server.modify<KubeVirt>('kubevirt', 'kubevirt', 'kubevirt', (kv) => {
      kv.status = { ...kv.status, observedKubeVirtVersion: 'v1.5.2', operatorVersion: 'v1.5.2' };
    });
    const r = await start('db-primary', '--node-selector', 'kubernetes.io/hostname=node-4', '--force', '-o', 'json');
    expect(r.code).toBe(1);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc.refused?.cause).toBe('node-selector-unsupported');
    expect(doc.refused?.summary).toContain('this cluster runs v1.5.2');
    expect(posts()).toHaveLength(0);
  });

  it('--from is refused: start needs a live cluster (exit 2)', async () => {
    const r = await runPlugin(['start', 'db-primary', '--from', EXAMPLE_SNAPSHOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --from reads an offline snapshot/);
  });
});

describe('start: creating', () => {
  it('creates one VMIM: generateName from the VMI, spec.vmiName, spec.addedNodeSelector', async () => {
    const r = await start('db-primary', '--node-selector', 'kubernetes.io/hostname=node-4', '-o', 'json');
    expect(r.code).toBe(0);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc.refused).toBeUndefined();
    expect(doc.migration?.name).toMatch(/^db-primary-migration-[a-z0-9]{5}$/);
    expect(doc.preflight.capacity.find((c) => c.id === 'target-placement')).toMatchObject({ status: 'pass' });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.query.dryRun).toBeUndefined();
    // The body as the server stored it.
    const created = ours();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachineInstanceMigration',
      metadata: { name: doc.migration!.name, uid: doc.migration!.uid, generateName: 'db-primary-migration-', labels: { 'kubevirt.io/vmi-name': 'db-primary' } },
      spec: { vmiName: 'db-primary', addedNodeSelector: { 'kubernetes.io/hostname': 'node-4' } },
    });
  });

  it('table output names the migration and how to follow or cancel it', async () => {
    const r = await start('db-primary');
    expect(r.code).toBe(0);
    const name = ours()[0]!.metadata.name!;
    expect(r.stdout).toContain(`Created migration prod/${name}`);
    expect(r.stdout).toContain(`kubectl vmigrate abort ${name} -n prod`);
    expect(ours()[0]!.spec).toEqual({ vmiName: 'db-primary' });
  });

  it('--dry-run: pre-flight plus a server-side dry run (dryRun=All); nothing is created', async () => {
    const before = server.objects('vmim').length;
    const r = await start('db-primary', '--dry-run', '-o', 'json');
    expect(r.code).toBe(0);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc.dryRun).toBe(true);
    expect(doc.migration?.name).toMatch(/^db-primary-migration-/);
    expect(posts().map((p) => p.query.dryRun)).toEqual(['All']);
    expect(server.objects('vmim')).toHaveLength(before);
  });

  it('--force starts despite a blocker; the server\'s own refusal is reported as refused (exit 1)', async () => {
    // Play KubeVirt's validating webhook: LiveMigratable=False is refused at create.
    const unroute = server.route('POST', vmimPath, (ctx) =>
      ctx.status(
        422,
        'Invalid',
        'admission webhook "migration-create-validator.kubevirt.io" denied the request: Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: cannot migrate VMI: PVC erp-app-rootdisk is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)',
      ),
    );
    try {
      const r = await start('erp-app', '--force', '-o', 'json');
      expect(r.code).toBe(1);
      const doc = parseOneJson<StartDoc>(r.stdout);
      expect(doc.forced?.map((f) => f.cause)).toEqual(['not-live-migratable']);
      expect(doc.refused?.cause).toBe('not-live-migratable');
      expect(doc.refused?.summary).toContain('Cannot migrate VMI, Reason: DisksNotLiveMigratable');
      expect(doc.migration).toBeNull();
      expect(r.stderr).toContain('--force: starting despite not-live-migratable');
    } finally {
      unroute();
    }
  });

  it('a 500 on the POST is not retried (one request) and says the create may have happened (exit 3)', async () => {
    server.fault({ resource: 'vmim', verb: 'create', status: 500, times: 3 });
    const r = await start('db-primary', '-o', 'json');
    expect(r.code).toBe(3);
    expect(posts()).toHaveLength(1);
    expect(r.stderr).toMatch(/^Error from server \(InternalError\)/);
    expect(r.stderr).toContain('(the create was not retried; it may or may not have happened: kubectl get vmim -n prod -l kubevirt.io/vmi-name=db-primary)');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(ours()).toHaveLength(0);
  });
});

// ---- --wait: the test plays virt-controller and virt-handler ----

const PHASES = ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded'] as const;

async function createdMigration(): Promise<VirtualMachineInstanceMigration> {
  await server.waitFor(() => ours().length > 0, 15_000);
  return ours()[0]!;
}

/** Walk the migration through its phases, with the VMI migrationState and the target pod KubeVirt writes. */
async function advance(m: VirtualMachineInstanceMigration, stepMs: number, upTo: (typeof PHASES)[number] = 'Succeeded'): Promise<void> {
  const name = m.metadata.name!;
  const uid = m.metadata.uid!;
  const source = server.objects<Pod>('pod', 'prod').find((p) => p.metadata.name === 'virt-launcher-db-primary-427vp')!;
  const targetPod = 'virt-launcher-db-primary-t4rgt';
  const at = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  for (const phase of PHASES) {
    await new Promise((r) => setTimeout(r, stepMs));
    if (!server.get('vmim', 'prod', name)) return;
    if (phase === 'Scheduling') {
      const pod = structuredClone(source);
      pod.metadata = { ...pod.metadata, name: targetPod, uid: 'pod-t4rgt', labels: { ...pod.metadata.labels, 'kubevirt.io/migrationJobUID': uid }, resourceVersion: undefined };
      pod.spec = { ...pod.spec, nodeName: 'node-4' };
      server.put(pod);
    }
    server.modify<VirtualMachineInstanceMigration>('vmim', 'prod', name, (o) => {
      o.status = { ...o.status, phase, phaseTransitionTimestamps: [...(o.status?.phaseTransitionTimestamps ?? []), { phase, phaseTransitionTimestamp: at() }] };
    });
    if (phase === 'Scheduled' || phase === 'PreparingTarget' || phase === 'TargetReady' || phase === 'Running' || phase === 'Succeeded') {
      server.modify<VirtualMachineInstance>('vmi', 'prod', 'db-primary', (v) => {
        const s = v.status!;
        s.migrationState = {
          ...(s.migrationState?.migrationUid === uid ? s.migrationState : {}),
          migrationUid: uid,
          sourceNode: 'node-2',
          sourcePod: source.metadata.name,
          targetNode: 'node-4',
          targetPod,
          mode: 'PreCopy',
          ...(phase !== 'Scheduled' ? { targetNodeAddress: '10.244.4.7' } : {}),
          ...(phase === 'Running' || phase === 'Succeeded' ? { startTimestamp: at() } : {}),
          ...(phase === 'Succeeded' ? { completed: true, endTimestamp: at(), targetNodeDomainDetected: true } : {}),
        };
        if (phase === 'Succeeded') s.nodeName = 'node-4';
      });
    }
    if (phase === upTo) return;
  }
}

describe('start --wait', () => {
  it('follows the migration through its phases and ends with the verdict of why (exit 0)', async () => {
    const run = start('db-primary', '--wait', '-o', 'json');
    await advance(await createdMigration(), 150);
    const r = await run;
    expect(r.stderr).not.toMatch(/\u001b\[/); // stderr is not a TTY: plain lines, no spinner
    expect(r.code).toBe(0);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc.migration?.phase).toBe('Succeeded');
    expect(doc.wait?.outcome).toBe('final');
    expect(doc.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
    // One progress line per phase change, in order, on stderr only.
    const seen = [...r.stderr.matchAll(/^migration prod\/db-primary-migration-\w+: (\w+)/gm)].map((x) => x[1]);
    expect(seen[seen.length - 1]).toBe('Succeeded');
    expect(seen.filter((p) => p !== 'Pending')).toEqual(['Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded']);
    // list + watch of this one object, from the list's resourceVersion.
    const watch = server.requests.find((q) => q.query.watch === 'true' && q.path.endsWith('/virtualmachineinstancemigrations'));
    expect(watch?.query.fieldSelector).toBe(`metadata.name=${doc.migration!.name}`);
    expect(watch?.query.resourceVersion).toMatch(/^\d+$/);
  });

  it('re-watches when the server closes the stream early', async () => {
    server.fault({ resource: 'vmim', verb: 'watch', closeWatchAfterEvents: 2, times: 2 });
    const run = start('db-primary', '--wait');
    await advance(await createdMigration(), 150);
    const r = await run;
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/After \d+s the migration ended Succeeded\./);
    expect(r.stdout).toMatch(/SUCCEEDED none/);
    expect(server.requests.filter((q) => q.query.watch === 'true' && q.path.includes('virtualmachineinstancemigrations')).length).toBeGreaterThanOrEqual(3);
  });

  it('--timeout expiring exits 3, leaves the migration in place and says so', async () => {
    const run = start('db-primary', '--wait', '--timeout', '2s', '-o', 'json');
    const m = await createdMigration();
    await advance(m, 100, 'Scheduling');
    const r = await run;
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/error: timed out after 2s waiting for migration prod\/db-primary-migration-\w+ \(phase Scheduling\)/);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc.wait?.outcome).toBe('timeout');
    expect(doc.migration).toMatchObject({ name: m.metadata.name, phase: 'Scheduling' });
    expect(doc.verdict?.status).toBeDefined();
    expect(server.get('vmim', 'prod', m.metadata.name!)).toBeDefined();
  });

  it('SIGINT during --wait stops watching cleanly: exit 3, one-line message, the migration stays', async () => {
    const child = spawnPlugin(['start', 'db-primary', '--wait', '-o', 'json', '--kubeconfig', kubeconfig]);
    const m = await createdMigration();
    await server.waitFor((s) => s.watchCount > 0, 15_000);
    // kubectl execs the plugin: the child's pid is the plugin's own.
    child.process.kill('SIGINT');
    const r = await child.done;
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^Interrupted: stopped waiting\. Migration prod\/db-primary-migration-\w+ stays in the cluster \(phase Pending\) and goes on/m);
    const doc = parseOneJson<StartDoc>(r.stdout);
    expect(doc.wait?.outcome).toBe('interrupted');
    expect(server.get('vmim', 'prod', m.metadata.name!)).toBeDefined();
    await server.waitFor((s) => s.watchCount === 0, 5000);
  });
});

function spawnPlugin(args: string[]): { process: ReturnType<typeof spawn>; done: Promise<PluginRun> } {
  const child = spawn('kubectl', ['vmigrate', ...args], {
    env: {
      PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? tmpdir(),
      KUBECONFIG: join(tmpdir(), 'vmigrate-no-kubeconfig'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<PluginRun>((resolve) => child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr })));
  return { process: child, done };
}
