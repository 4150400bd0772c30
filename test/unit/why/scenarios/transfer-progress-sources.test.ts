// Progress sources of `why` in order (issue #4): the source launcher's log, virt-handler's metrics
// through the pod proxy, Prometheus — `progress.source` says which — and none (with the hint).
// Also: the request budget (≤ 15 past Pending, in few concurrent rounds) and the offline clock.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { ClusterSource } from '../../../../src/collect/source.js';
import type { PrometheusApi } from '../../../../src/collect/prometheus.js';
import { openSnapshotSource } from '../../../../src/collect/snapshot/index.js';
import { gatherForWhy } from '../../../../src/commands/why/gather.js';
import { diagnoseOnce } from '../../../../src/commands/why/diagnosis.js';
import { diagnosisDocument } from '../../../../src/render/why-document.js';
import { renderChecklist } from '../../../../src/render/why-checklist.js';
import { makeStyle } from '../../../../src/render/style.js';
import type { KubeObject } from '../../../../src/kube/types.js';
import {
  MIGRATION_NAME,
  RUN_NOW,
  SOURCE_POD,
  T,
  VMI_NAME,
  at,
  migrationPolicy,
  namespaceObject,
  runningMigration,
  type ProgressPoint,
} from '../../../fixtures/objects/failed-migrations.js';
import { handlerMetricsText, handlerPod, prometheusBody, type MetricPoint } from '../../../fixtures/objects/progress.js';
import { checkOf, scenarioSource, whyScenario } from './harness.js';

const HANDLER_A = handlerPod('node-a', { name: 'virt-handler-8xk2p' });
const HANDLER_B = handlerPod('node-b', { name: 'virt-handler-q7m4z' });
const NOW_MS = Date.parse(RUN_NOW);
const NO_LINE = [{ at: T.started, msg: 'Initiating live migration.' }];

/** 10 buffered samples, 5 s apart, ending at RUN_NOW: remaining falls 30 MB/s from 2.35e9 to 1.0e9. */
const POINTS: MetricPoint[] = Array.from({ length: 10 }, (_, i) => ({
  at: NOW_MS - (9 - i) * 5000,
  remaining: 2.35e9 - i * 5 * 30e6,
  processed: 2.1e9 + i * 5 * 40e6,
  total: 4.4e9,
  dirty: 5e6,
  sent: 40e6,
}));
const METRICS = handlerMetricsText('v1.8', POINTS, { namespace: 'default', name: VMI_NAME, node: 'node-a' });

const healthy: ProgressPoint[] = Array.from({ length: 10 }, (_, i) => ({ t: 4 * (i + 1), iteration: i + 1, remainingMiB: 4000 - i * 380, bandwidthMbps: 900, dirtyMbps: 120 }));

function scenario(o: { progress?: ProgressPoint[]; handlers?: KubeObject[]; extra?: KubeObject[] } = {}) {
  const b = runningMigration({ era: 'v1.9', ...(o.progress ? { progress: o.progress } : { extraLog: NO_LINE }) });
  return { objects: [...b.objects, ...(o.handlers ?? [HANDLER_A, HANDLER_B]), ...(o.extra ?? [])], logs: b.logs };
}

describe('source 1: the launcher log', () => {
  it('progress.source logs, with samples, converging and ETA; the metrics are not read', async () => {
    const { objects, logs } = scenario({ progress: healthy });
    let proxied = 0;
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, metrics: { get [HANDLER_A.metadata.name!]() { proxied++; return METRICS; } } });
    expect(proxied).toBe(0);
    const doc = diagnosisDocument(d, d.errors);
    expect(doc.progress).toMatchObject({ source: 'logs', from: SOURCE_POD, mode: 'PreCopy', converging: true, forecast: 'converging', elapsedSeconds: 120, budgetSeconds: 750 });
    expect(doc.progress!.samples).toHaveLength(10);
    expect(doc.progress!.samples[9]).toEqual({
      time: '2025-12-31T09:41:00.402578Z',
      dataProcessed: (4180 - 580 + 10 * 200) * 2 ** 20,
      dataRemaining: 580 * 2 ** 20,
      dataTotal: 4180 * 2 ** 20,
      memoryDirtyRate: 15e6,
      memoryTransferRate: 112.5e6,
      iteration: 10,
    });
    // 380 MiB every 4 s = 99 614 720 B/s; 580 MiB / that ≈ 6 s.
    expect(doc.progress!.etaSeconds).toBe(6);
    expect(doc.progress!.percent).toBe(86.1);
    const text = renderChecklist(doc, makeStyle(false), false);
    expect(text).toMatch(/Progress \(launcher log, PreCopy\): 86\.1% done · 580Mi remaining of 4\.1Gi · ETA 6s · 2m of ≥12m30s budget/);
    expect(text).toMatch(/ {2}remaining [▁▂▃▄▅▆▇█]{10} \(10 samples\)/);
  });
});

describe('source 2: virt-handler metrics through the pod proxy', () => {
  it('the log has no progress line: the source node\'s virt-handler answers (v1.8+ names, 10 timestamped samples)', async () => {
    const { objects, logs } = scenario();
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, metrics: { [HANDLER_A.metadata.name!]: METRICS, [HANDLER_B.metadata.name!]: 'wrong node' } });
    expect(d.progress).toMatchObject({ source: 'metrics', from: 'virt-handler-8xk2p' });
    expect(d.progress!.unavailable).toEqual([{ source: 'logs', reason: `pods/log ${SOURCE_POD}: no "Migration info" line for migration ${d.ctx.migration!.metadata.uid}` }]);
    const f = d.progress!.forecast;
    // remaining falls 150e6 per 5 s = 30 MB/s: 1.0e9 / 30e6 = 33.3 s → 33 s.
    expect(f).toMatchObject({ verdict: 'converging', converging: true, etaSeconds: 33, dirtyRate: 5e6, transferRate: 40e6 });
    expect(f.slope).toBeCloseTo(-30e6, 0);
    // (4.4e9 − 1.0e9) / 4.4e9
    expect(f.percent).toBe(77.3);
    expect(checkOf(d, 'transfer')).toMatchObject({ status: 'pass', args: { kind: 'progressing', source: 'metrics', samples: 10 } });
    expect(checkOf(d, 'transfer').evidence).toContainEqual({ kind: 'Pod', namespace: 'harvester-system', name: 'virt-handler-8xk2p', field: 'metrics', message: 'kubevirt_vmi_migration_data_remaining_bytes 1000000000' });
  });

  it('the proxy is forbidden: errors[] and the reason, never a crash', async () => {
    const { objects, logs } = scenario();
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, metrics: {}, forbidden: ['proxy'] });
    expect(d.progress?.source).toBe('none');
    expect(d.errors).toContainEqual(expect.objectContaining({ resource: 'pods/proxy' }));
    expect(d.progress!.unavailable.map((u) => u.reason)).toContain('virt-handler virt-handler-8xk2p: pods/proxy: forbidden');
  });
});

describe('source 3: --prometheus', () => {
  const labels = { name: VMI_NAME, namespace: 'default', node: 'node-a' };
  const t = NOW_MS / 1000;
  const api = (calls: string[]): PrometheusApi => ({
    url: 'https://prometheus.example:9090',
    instant: async (q, time) => {
      calls.push(`instant ${time}`);
      expect(q).toContain('name="vm-00"');
      return prometheusBody('vector', [{ name: 'kubevirt_vmi_migration_data_remaining_bytes', labels, values: [[t, 1.5e9]] }]);
    },
    range: async (_q, start, end, step) => {
      calls.push(`range ${start} ${end} ${step}`);
      const values = (v0: number, dv: number): [number, number][] => Array.from({ length: 5 }, (_, i) => [t - 60 + i * 15, v0 + i * dv]);
      return prometheusBody('matrix', [
        { name: 'kubevirt_vmi_migration_data_remaining_bytes', labels, values: values(3.3e9, -0.3e9) },
        { name: 'kubevirt_vmi_migration_dirty_memory_rate_bytes', labels, values: values(2e6, 0) },
        { name: 'kubevirt_vmi_migration_memory_transfer_rate_bytes', labels, values: values(25e6, 0) },
      ]);
    },
  });

  it('asked only when the log and the metrics have nothing: instant + 5 min range, 15 s step, at "now"', async () => {
    const { objects, logs } = scenario({ handlers: [] });
    const calls: string[] = [];
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, prometheus: api(calls) });
    expect(calls.sort()).toEqual([`instant ${t}`, `range ${t - 300} ${t} 15`]);
    expect(d.progress).toMatchObject({ source: 'prometheus', from: 'https://prometheus.example:9090' });
    // Range: 3.3e9 → 2.1e9 over 60 s (−20 MB/s), then the instant point 1.5e9 at t (same time as the last step: it wins).
    expect(d.progress!.samples.map((s) => s.dataRemaining)).toEqual([3.3e9, 3.0e9, 2.7e9, 2.4e9, 1.5e9]);
    expect(d.progress!.forecast).toMatchObject({ converging: true, verdict: 'converging' });
    expect(d.progress!.unavailable.map((u) => u.source)).toEqual(['logs', 'metrics']);
  });

  it('asked when virt-handler has series only of a same-named VMI in another namespace (the pre-check used to match the name alone)', async () => {
    const { objects, logs } = scenario();
    const elsewhere = handlerMetricsText('v1.8', POINTS, { namespace: 'other', name: VMI_NAME, node: 'node-a' });
    const calls: string[] = [];
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, metrics: { [HANDLER_A.metadata.name!]: elsewhere }, prometheus: api(calls) });
    expect(calls).toHaveLength(2);
    expect(d.progress).toMatchObject({ source: 'prometheus' });
    expect(d.progress!.unavailable.map((u) => u.source)).toEqual(['logs', 'metrics']);
  });

  it('not asked when the log has progress', async () => {
    const { objects, logs } = scenario({ progress: healthy });
    const calls: string[] = [];
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, prometheus: api(calls) });
    expect(calls).toEqual([]);
    expect(d.progress?.source).toBe('logs');
  });

  it('an unreachable Prometheus is a reason and an error entry', async () => {
    const { objects, logs } = scenario({ handlers: [] });
    const down: PrometheusApi = { url: 'http://127.0.0.1:1', instant: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')), range: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) };
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs, prometheus: down });
    expect(d.progress?.source).toBe('none');
    expect(d.errors).toContainEqual({ resource: 'prometheus', message: 'http://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1' });
  });
});

describe('no source', () => {
  it('progress.source none, and the transfer check says how to get one', async () => {
    const { objects, logs } = scenario({ handlers: [] });
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs });
    const doc = diagnosisDocument(d, d.errors);
    expect(doc.progress).toMatchObject({ source: 'none', samples: [], converging: null, etaSeconds: null, elapsedSeconds: 120, budgetSeconds: 750, mode: 'PreCopy' });
    expect(doc.progress!.unavailable).toEqual([
      { source: 'logs', reason: expect.stringContaining('no "Migration info" line') },
      { source: 'metrics', reason: 'virt-handler metrics: read live only (not in a snapshot)' },
    ]);
    const check = doc.checks.find((c) => c.id === 'transfer')!;
    expect(check.status).toBe('info');
    expect(check.summary).toContain('kubectl label vmi vm-00 -n default logVerbosity=4');
    expect(check.summary).toContain('developerConfiguration.logVerbosity.virtLauncher');
    expect(check.summary).toContain('--prometheus');
    expect(d.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
  });

  it('v1.2+: the line is logged at default verbosity, so its absence is not blamed on verbosity', async () => {
    const { objects, logs } = scenario({ handlers: [] });
    const d = await whyScenario(objects, { name: VMI_NAME, now: RUN_NOW, logs });
    expect(d.progress?.needsLogVerbosity).toBeUndefined();
  });
});

describe('request budget (≤ 15 past Pending, by name and selector)', () => {
  function counting(source: ClusterSource) {
    const calls: string[] = [];
    const rounds: string[][] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const track = async <T>(what: string, p: () => Promise<T>): Promise<T> => {
      calls.push(what);
      // A request made while none is in flight starts a new round.
      if (inFlight === 0) rounds.push([]);
      rounds.at(-1)!.push(what.split(' ').slice(0, 2).join(' '));
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 5));
        return await p();
      } finally {
        inFlight--;
      }
    };
    const wrapped: ClusterSource = {
      ...source,
      now: () => source.now(),
      defaultNamespace: () => source.defaultNamespace(),
      get: (r, ns, n) => track(`get ${r} ${n}`, () => source.get(r, ns, n)),
      list: (r, o) => track(`list ${r} ${o?.labelSelector ?? ''} ${o?.fieldSelector ?? ''}`.trimEnd(), () => source.list(r, o)),
      podLog: (ns, pod, o) => track('log', () => source.podLog(ns, pod, o)),
      ...(source.rawGet ? { rawGet: (path: string) => track('proxy', () => source.rawGet!(path)) } : {}),
    };
    // Requests as the live source makes them: the snapshot's `has` short-cuts none of them.
    delete (wrapped as { has?: unknown }).has;
    return { wrapped, calls, rounds, max: () => maxInFlight };
  }

  it('worst case of a running migration: namespace and metrics read, 15 requests in 5 rounds, none cluster-wide', async () => {
    const { objects, logs } = scenario({ extra: [namespaceObject({ team: 'a' }), migrationPolicy('by-ns', { namespaceSelector: { team: 'a' } })] });
    const c = counting(scenarioSource(objects, { now: RUN_NOW, logs, metrics: { [HANDLER_A.metadata.name!]: METRICS } }));
    const { inputs, errors } = await gatherForWhy(c.wrapped, 'default', VMI_NAME);
    expect(errors).toEqual([]);
    expect(c.rounds).toEqual([
      ['get vmim', 'get vmi', 'list kubevirt', 'list migrationpolicy'],
      ['list vmim', 'list pod', 'list event', 'get pvc', 'get node'],
      ['list event', 'get pv', 'get namespace', 'log'],
      ['list pod'],
      ['proxy'],
    ]);
    // Every list is narrowed to the VMI's objects (or the node's virt-handler).
    const lists = c.calls.filter((x) => x.startsWith('list ') && !/^list (kubevirt|migrationpolicy)/.test(x));
    for (const l of lists) expect(l).toMatch(/kubevirt\.io\/vmi-name=|kubevirt\.io\/created-by=|involvedObject\.name=|spec\.nodeName=/);
    expect(c.calls).toHaveLength(15);
    expect(inputs.handlerMetrics?.ok).toBe(true);
    expect(inputs.namespaceObject.ok).toBe(true);
  });

  it('without a VMI: ≤ 15 and no metrics', async () => {
    const { objects, logs } = scenario({ extra: [namespaceObject({ team: 'a' }), migrationPolicy('by-ns', { namespaceSelector: { team: 'a' } })] });
    const withoutVmi = objects.filter((o) => o.kind !== 'VirtualMachineInstance');
    const c = counting(scenarioSource(withoutVmi, { now: RUN_NOW, logs, metrics: { [HANDLER_A.metadata.name!]: METRICS } }));
    await gatherForWhy(c.wrapped, 'default', MIGRATION_NAME);
    expect(c.calls.length).toBeLessThanOrEqual(15);
    expect(c.calls).not.toContain('proxy');
  });

  it('the usual case: the log had progress, no namespace, no VM, one claim: 12 requests + the target log in 3 rounds', async () => {
    const { objects, logs } = scenario({ progress: healthy });
    const c = counting(scenarioSource(objects, { now: RUN_NOW, logs, metrics: { [HANDLER_A.metadata.name!]: METRICS } }));
    await gatherForWhy(c.wrapped, 'default', VMI_NAME);
    expect(c.rounds).toHaveLength(3);
    expect(c.calls.filter((x) => x === 'log')).toHaveLength(2);
    expect(c.calls).toHaveLength(13);
  });

  it('the same requests whatever else the cluster holds', async () => {
    const { objects, logs } = scenario({ progress: healthy });
    const small = counting(scenarioSource(objects, { now: RUN_NOW, logs }));
    await gatherForWhy(small.wrapped, 'default', VMI_NAME);
    // 50 more VMs like this one (renamed), with their pods, claims, migrations and events, in the same namespace.
    const others = Array.from({ length: 50 }, (_, k) =>
      runningMigration({ era: 'v1.9', progress: healthy }).objects.map((o) => renamed(o, `x${k}-`)),
    ).flat();
    const large = counting(scenarioSource([...objects, ...others], { now: RUN_NOW, logs }));
    const { inputs } = await gatherForWhy(large.wrapped, 'default', VMI_NAME);
    expect(large.calls).toEqual(small.calls);
    expect(inputs.pods.ok && inputs.pods.items.every((p) => !p.metadata.name?.startsWith('x'))).toBe(true);
    expect(inputs.events.ok && inputs.events.items.every((e) => !e.involvedObject?.name?.startsWith('x'))).toBe(true);
  });
});

/** A copy of a fixture object under other names and UIDs (cross-references renamed alike). */
function renamed(o: KubeObject, prefix: string): KubeObject {
  const text = JSON.stringify(o)
    .replace(/"(name|claimName|volumeName|vmiName|sourcePod|targetPod|kubevirt\.io\/domain|kubevirt\.io\/vmi-name)":"/g, `"$1":"${prefix}`)
    .replace(/"(uid|migrationUid|kubevirt\.io\/created-by|kubevirt\.io\/migrationJobUID)":"[0-9a-f]{8}/g, (m) => m.slice(0, -8) + prefix.replace(/\W/g, '').padEnd(8, '0').slice(0, 8));
  return JSON.parse(text) as KubeObject;
}

describe('offline (--from): the snapshot\'s own time', () => {
  it('a dump read later gives the same forecast: elapsed and ETA against the newest timestamp in it', async () => {
    const b = runningMigration({ era: 'v1.9', progress: healthy });
    const dir = mkdtempSync(join(tmpdir(), 'vmigrate-progress-'));
    writeFileSync(join(dir, 'objects.yaml'), b.objects.map((o) => stringify(o)).join('---\n'));
    mkdirSync(join(dir, SOURCE_POD));
    writeFileSync(join(dir, SOURCE_POD, 'compute.log'), b.logs[SOURCE_POD]!);
    const source = await openSnapshotSource(dir);
    const { diagnosis: d } = await diagnoseOnce(source, 'default', VMI_NAME);
    // The newest timestamp is the last progress line, 40.4 s after libvirt started.
    expect(source.now().toISOString()).toBe('2025-12-31T09:41:00.402Z');
    expect(d.progress).toMatchObject({ source: 'logs' });
    expect(d.progress!.forecast).toMatchObject({ elapsedSeconds: 40, budgetSeconds: 750, budgetRemainingSeconds: 710, etaSeconds: 6, converging: true });
    expect(at(T.started, 40)).toBe('2025-12-31T09:41:00Z');
  });
});
