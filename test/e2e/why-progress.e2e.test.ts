// `why` progress end to end (issue #4): the built plugin through kubectl plugin discovery against
// the fake API server, which serves the source launcher's log and, through the pod proxy,
// virt-handler's /metrics; a fake Prometheus for --prometheus; `why --watch` while the objects and
// the log advance; `list` with the percent. The fixtures' clock is moved to "now" so that the
// live plugin (wall clock) sees a migration that started two minutes ago.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeApiServer, testPkiFiles, testTls, type FakeApiServer } from '../fake-apiserver/index.js';
import { startFakePrometheus, type FakePrometheus } from '../fake-prometheus/server.js';
import { REPO, parseOneJson, runPlugin, tempDir } from './plugin.js';
import { runCli } from '../unit/cli/run-cli.js';
import { parse as parseYaml } from 'yaml';
import type { KubeObject } from '../../src/kube/types.js';
import {
  MIGRATION_NAME,
  RUN_NOW,
  SOURCE_POD,
  T,
  VMI_NAME,
  at,
  launcherLog,
  migrationPolicy,
  migrationState,
  namespaceObject,
  progressLines,
  runningMigration,
  type LogLine,
  type ProgressPoint,
} from '../fixtures/objects/failed-migrations.js';
import { handlerMetricsText, handlerPod, prometheusBody, type MetricPoint } from '../fixtures/objects/progress.js';

interface Doc {
  kind: string;
  verdict: { status: string; cause: string };
  target: { migration?: { phase: string } };
  checks: { id: string; status: string; summary: string }[];
  progress?: {
    source: string;
    from: string | null;
    samples: { time: string; dataRemaining: number | null; memoryTransferRate: number | null }[];
    converging: boolean | null;
    etaSeconds: number | null;
    elapsedSeconds: number | null;
    budgetSeconds: number | null;
    mode: string;
    percent: number | null;
    forecast: string;
  };
  errors: { resource: string; message: string }[];
}

const HANDLER = handlerPod('node-a', { name: 'virt-handler-8xk2p' });
const METRICS_PATH = /\/api\/v1\/namespaces\/harvester-system\/pods\/https:virt-handler-8xk2p:8443\/proxy\/metrics$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const healthy: ProgressPoint[] = Array.from({ length: 10 }, (_, i) => ({ t: 4 * (i + 1), iteration: i + 1, remainingMiB: 4000 - i * 380, bandwidthMbps: 900, dirtyMbps: 120 }));

/** Every RFC 3339 time in `v` moved by `delta` ms (objects), or in a log text (JSON `timestamp`s). */
function shift<T>(v: T, delta: number): T {
  if (typeof v === 'string') return (ISO.test(v) ? moved(v, delta) : v) as T;
  if (Array.isArray(v)) return v.map((x) => shift(x, delta)) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shift(x, delta)])) as T;
  return v;
}
function moved(t: string, delta: number): string {
  const frac = /\.(\d+)Z$/.exec(t)?.[1];
  const base = new Date(Date.parse(t) + delta).toISOString().replace(/\.\d{3}Z$/, '');
  return frac ? `${base}.${frac}Z` : `${base}Z`;
}
function shiftLog(text: string, delta: number): string {
  return text.replace(/"timestamp":"([^"]+)"/g, (_m, t: string) => `"timestamp":"${moved(t, delta)}"`);
}

let server: FakeApiServer | undefined;
let prom: FakePrometheus | undefined;
afterEach(async () => {
  await server?.close();
  await prom?.close();
  server = undefined;
  prom = undefined;
});

/** vm-00 migrating for two minutes (v1.9 era), virt-handler on both nodes, times moved to now. */
async function cluster(o: { progress?: ProgressPoint[]; extra?: KubeObject[] } = {}) {
  const delta = Date.now() - Date.parse(RUN_NOW);
  const b = runningMigration({ era: 'v1.9', ...(o.progress ? { progress: o.progress } : { extraLog: [{ at: T.started, msg: 'Initiating live migration.' }] }) });
  server = await startFakeApiServer();
  server.load(shift([...b.objects, HANDLER, handlerPod('node-b', { name: 'virt-handler-q7m4z' }), ...(o.extra ?? [])], delta));
  const log = shiftLog(b.logs[SOURCE_POD]!, delta);
  server.setLog('default', SOURCE_POD, 'compute', () => log);
  const kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'default' });
  return { s: server, kubeconfig, delta };
}

/** virt-handler's page: 10 timestamped samples ending now, remaining 2.35e9 → 1.0e9 at 30 MB/s. */
function metricsNow(): string {
  const now = Date.now();
  const points: MetricPoint[] = Array.from({ length: 10 }, (_, i) => ({ at: now - (9 - i) * 5000, remaining: 2.35e9 - i * 150e6, processed: 2.1e9 + i * 200e6, total: 4.4e9, dirty: 5e6, sent: 40e6 }));
  return handlerMetricsText('v1.8', points, { namespace: 'default', name: VMI_NAME, node: 'node-a' });
}

/** Prometheus's answer for a migration 52.3 % done, converging (remaining −20 MB/s). */
function progressAnswer(req: { params: Record<string, string>; path: string }): unknown {
  const labels = { name: VMI_NAME, namespace: 'default', node: 'node-a' };
  const t = Number(req.params.time ?? req.params.end);
  const pts = (v0: number, dv: number): [number, number][] => Array.from({ length: 5 }, (_, i) => [t - 60 + i * 15, v0 + i * dv]);
  return prometheusBody(req.path.endsWith('query_range') ? 'matrix' : 'vector', [
    { name: 'kubevirt_vmi_migration_data_remaining_bytes', labels, values: pts(3.3e9, -0.3e9) },
    { name: 'kubevirt_vmi_migration_data_total_bytes', labels, values: pts(4.4e9, 0) },
    { name: 'kubevirt_vmi_migration_dirty_memory_rate_bytes', labels, values: pts(2e6, 0) },
    { name: 'kubevirt_vmi_migration_memory_transfer_rate_bytes', labels, values: pts(25e6, 0) },
  ]);
}

describe('why -o json: progress', () => {
  it('from the launcher log: samples, converging, etaSeconds; no metrics proxy needed', async () => {
    const { s, kubeconfig } = await cluster({ progress: healthy });
    s.route('GET', METRICS_PATH, (ctx) => ctx.text(200, metricsNow()));
    const r = await runPlugin(['why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = parseOneJson<Doc>(r.stdout);
    expect(doc.progress).toMatchObject({ source: 'logs', from: SOURCE_POD, converging: true, etaSeconds: 6, budgetSeconds: 750, mode: 'PreCopy', forecast: 'converging' });
    expect(doc.progress!.samples).toHaveLength(10);
    expect(doc.progress!.samples.at(-1)).toMatchObject({ dataRemaining: 580 * 2 ** 20, memoryTransferRate: 112.5e6 });
    expect(doc.progress!.elapsedSeconds).toBeGreaterThanOrEqual(120);
    expect(doc.progress!.elapsedSeconds).toBeLessThan(180);
    expect(s.requests.some((q) => METRICS_PATH.test(q.path))).toBe(false);
  });

  it('from virt-handler metrics through the pod proxy when the log has no progress line', async () => {
    const { s, kubeconfig } = await cluster();
    s.route('GET', METRICS_PATH, (ctx) => ctx.text(200, metricsNow(), 'text/plain; version=0.0.4; charset=utf-8'));
    const r = await runPlugin(['why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const doc = parseOneJson<Doc>(r.stdout);
    expect(doc.progress).toMatchObject({ source: 'metrics', from: 'virt-handler-8xk2p', converging: true, etaSeconds: 33, percent: 77.3 });
    expect(doc.progress!.samples).toHaveLength(10);
    expect(doc.progress!.samples.map((x) => x.dataRemaining)).toEqual(Array.from({ length: 10 }, (_, i) => 2.35e9 - i * 150e6));
    expect(s.requests.filter((q) => METRICS_PATH.test(q.path))).toHaveLength(1);
  });

  it('no source: progress.source none and the transfer check says how to get one', async () => {
    const { kubeconfig } = await cluster();
    const r = await runPlugin(['why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const doc = parseOneJson<Doc>(r.stdout);
    expect(doc.progress).toMatchObject({ source: 'none', samples: [], converging: null, etaSeconds: null });
    const transfer = doc.checks.find((c) => c.id === 'transfer')!;
    expect(transfer.status).toBe('info');
    expect(transfer.summary).toMatch(/logVerbosity=4/);
    expect(transfer.summary).toMatch(/logVerbosity\.virtLauncher/);
    expect(transfer.summary).toMatch(/--prometheus/);
  });

  it('--prometheus over https (its own CA, a token file) when the log and virt-handler have nothing', async () => {
    const { kubeconfig } = await cluster();
    prom = await startFakePrometheus(
      progressAnswer,
      // A token goes to https:// only (http:// needs --prometheus-allow-http-token).
      { token: 's3cret', pathPrefix: '/prometheus', tls: { key: testTls().key, cert: testTls().cert } },
    );
    const tokenFile = join(tempDir(), 'token');
    writeFileSync(tokenFile, 's3cret\n');
    const r = await runPlugin([
      'why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig,
      '--prometheus', prom.url, '--prometheus-token-file', tokenFile, '--prometheus-certificate-authority', testPkiFiles().ca,
    ]);
    expect(r.stderr).toBe('');
    const doc = parseOneJson<Doc>(r.stdout);
    expect(doc.progress).toMatchObject({ source: 'prometheus', from: prom.url, converging: true, percent: 52.3 });
    // Remaining 3.3e9 → 2.1e9 of 4.4e9 (52.3 % done), −300 MB per 15 s = −20 MB/s: 2.1e9 / 20e6 = 105 s.
    expect(doc.progress!.etaSeconds).toBe(105);
    expect(prom.requests.map((q) => q.path).sort()).toEqual(['/prometheus/api/v1/query', '/prometheus/api/v1/query_range']);
    expect(prom.requests.every((q) => q.authorization === 'Bearer s3cret')).toBe(true);
    expect(prom.requests.find((q) => q.path.endsWith('query_range'))!.params.step).toBe('15');
  });

  it('--insecure-skip-tls-verify is the API server\'s: Prometheus is still verified; --prometheus-insecure-skip-tls-verify turns that off', async () => {
    const { kubeconfig } = await cluster();
    prom = await startFakePrometheus(progressAnswer, { tls: { key: testTls().key, cert: testTls().cert } });
    const base = ['why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig, '--prometheus', prom.url];
    const verified = await runPlugin([...base, '--insecure-skip-tls-verify']);
    const vdoc = parseOneJson<Doc & { progress: { unavailable: { source: string; reason: string }[] } }>(verified.stdout);
    expect(vdoc.progress.source).toBe('none');
    expect(vdoc.progress.unavailable.find((u) => u.source === 'prometheus')?.reason).toMatch(/certificate|self-signed|verify/i);
    expect(prom.requests).toEqual([]);
    const skipped = await runPlugin([...base, '--prometheus-insecure-skip-tls-verify']);
    expect(parseOneJson<Doc>(skipped.stdout).progress).toMatchObject({ source: 'prometheus', percent: 52.3 });
  });

  it('a token for an http:// Prometheus: exit 3 and one line, unless --prometheus-allow-http-token (a warning)', async () => {
    const { kubeconfig } = await cluster();
    prom = await startFakePrometheus(progressAnswer, { token: 's3cret' });
    const tokenFile = join(tempDir(), 'token');
    writeFileSync(tokenFile, 's3cret\n');
    const base = ['why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig, '--prometheus', prom.url, '--prometheus-token-file', tokenFile];
    const refused = await runPlugin(base);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(`error: --prometheus ${prom.url}/ is plain http://: the --prometheus-token-file token would be sent unencrypted; use https://, or --prometheus-allow-http-token to send it anyway\n`);
    expect(prom.requests).toEqual([]);
    const allowed = await runPlugin([...base, '--prometheus-allow-http-token']);
    expect(allowed.stderr).toBe(`Warning: sending the --prometheus-token-file token to ${prom.url}/ unencrypted (--prometheus-allow-http-token)\n`);
    expect(parseOneJson<Doc>(allowed.stdout).progress).toMatchObject({ source: 'prometheus' });
  });

  it('at most 15 API requests per why, worst case (namespace, log and metrics proxy all needed)', async () => {
    const { s, kubeconfig } = await cluster({ extra: [namespaceObject({ team: 'a' }), migrationPolicy('by-ns', { namespaceSelector: { team: 'a' } })] });
    s.route('GET', METRICS_PATH, (ctx) => ctx.text(200, metricsNow()));
    s.resetRequests();
    const r = await runPlugin(['why', VMI_NAME, '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    expect(parseOneJson<Doc>(r.stdout).progress?.source).toBe('metrics');
    expect(s.requests.length).toBeLessThanOrEqual(15);
    expect(s.requests.length).toBe(15);
  });
});

describe('list: the percent', () => {
  it('from the source node\'s virt-handler, once per node', async () => {
    const { s, kubeconfig } = await cluster();
    s.route('GET', METRICS_PATH, (ctx) => ctx.text(200, metricsNow()));
    const r = await runPlugin(['list', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const doc = parseOneJson<{ items: { migration: string; progressPercent?: number }[] }>(r.stdout);
    expect(doc.items).toEqual([expect.objectContaining({ migration: MIGRATION_NAME, progressPercent: 77.3 })]);
    expect(s.requests.filter((q) => METRICS_PATH.test(q.path))).toHaveLength(1);
    const table = await runPlugin(['list', '--kubeconfig', kubeconfig]);
    expect(table.stdout).toMatch(new RegExp(`${MIGRATION_NAME}\\s+${VMI_NAME}\\s+Running\\s+\\S+\\s+node-a → node-b\\s+77%`));
  });
});

describe('why --watch', () => {
  /** The log grows by three progress lines per read; at the third read the migration succeeds. */
  async function advancing() {
    const { s, kubeconfig, delta } = await cluster();
    let reads = 0;
    s.setLog('default', SOURCE_POD, 'compute', () => {
      reads++;
      const lines: LogLine[] = [{ at: T.started, msg: 'Initiating live migration.' }, ...progressLines('v1.9', healthy.slice(0, Math.min(10, reads * 3)))];
      if (reads === 3) {
        const state = migrationState('v1.9', { phase: 'Succeeded', end: at(T.started, 44) });
        s.modify('vmim', 'default', MIGRATION_NAME, (m: KubeObject & { status?: Record<string, unknown>; metadata: { finalizers?: string[] } }) => {
          m.status = shift({ ...m.status, phase: 'Succeeded', migrationState: state, phaseTransitionTimestamps: [...((m.status?.phaseTransitionTimestamps as unknown[]) ?? []), { phase: 'Succeeded', phaseTransitionTimestamp: at(T.started, 45) }] }, delta);
          delete m.metadata.finalizers;
        });
        s.modify('vmi', 'default', VMI_NAME, (v: KubeObject & { status?: Record<string, unknown> }) => {
          v.status = { ...v.status, nodeName: 'node-b', migrationState: shift(state, delta) };
        });
      }
      return shiftLog(launcherLog(lines), delta);
    });
    return { s, kubeconfig, reads: () => reads };
  }

  it('-o json: one document per refresh (NDJSON) while objects and log advance, then the final verdict and exit 0', async () => {
    const { kubeconfig, reads } = await advancing();
    const r = await runPlugin(['why', VMI_NAME, '--watch', '--interval', '300ms', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const docs = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Doc);
    expect(docs.map((d) => d.verdict.status)).toEqual(['progressing', 'progressing', 'progressing', 'succeeded']);
    expect(docs.map((d) => d.target.migration?.phase)).toEqual(['Running', 'Running', 'Running', 'Succeeded']);
    expect(docs.map((d) => d.progress?.samples.length)).toEqual([3, 6, 9, 10]);
    expect(docs[3]!.progress).toMatchObject({ source: 'logs', forecast: 'finished', converging: null, etaSeconds: null });
    expect(reads()).toBe(4);
  });

  it('table, not a terminal: each refresh after a blank line, no screen clearing', async () => {
    const { kubeconfig } = await advancing();
    const r = await runPlugin(['why', VMI_NAME, '-w', '--interval', '200ms', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b[');
    const frames = r.stdout.split(`\ndefault/${VMI_NAME}: migration`);
    expect(frames).toHaveLength(4);
    expect(r.stdout.match(/^PROGRESSING none/gm)).toHaveLength(3);
    expect(r.stdout).toMatch(/SUCCEEDED none: Migration vm-00-mig-x7k2p of default\/vm-00 succeeded/);
  });

  it('on a terminal: the screen is cleared and redrawn in place under a header', async () => {
    const { kubeconfig } = await advancing();
    // In-process, with stdout a (pretend) terminal.
    const r = await runCli(['why', VMI_NAME, '--watch', '--interval', '100ms', '--color', 'never', '--kubeconfig', kubeconfig], {}, true);
    expect(r.code).toBe(0);
    const frames = r.stdout.split('\x1b[H\x1b[2J').slice(1);
    expect(frames).toHaveLength(4);
    for (const f of frames) expect(f).toMatch(/^Every 100ms: kubectl vmigrate why vm-00 · \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(Ctrl-C to stop\)\n\n/);
    expect(frames[0]).toMatch(/remaining [▁▂▃▄▅▆▇█]{3} \(3 samples\)/);
    expect(frames[3]).toMatch(/^SUCCEEDED none/m);
  });

  it('-o yaml: one YAML document per refresh, separated by ---', async () => {
    const { kubeconfig } = await advancing();
    const r = await runCli(['why', VMI_NAME, '--watch', '--interval', '100ms', '-o', 'yaml', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const docs = r.stdout.split(/^---$/m).map((d) => parseYaml(d) as Doc);
    expect(docs.map((d) => d.verdict.status)).toEqual(['progressing', 'progressing', 'progressing', 'succeeded']);
  });

  it('Ctrl-C exits cleanly with the last verdict\'s code', async () => {
    const { kubeconfig } = await cluster({ progress: healthy });
    const child = spawn(process.execPath, [join(REPO, 'bin/kubectl-vmigrate'), 'why', VMI_NAME, '--watch', '--interval', '30s', '--kubeconfig', kubeconfig], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitUntil(() => stdout.includes('Progress (launcher log'));
    const t0 = Date.now();
    child.kill('SIGINT');
    const code = await exited;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.match(/^PROGRESSING/gm)).toHaveLength(1);
  });
});

async function waitUntil(cond: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
