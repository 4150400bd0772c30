// Parsers of the metric sources (names and eras: src/kubevirt/metrics.ts): the Prometheus text
// format as virt-handler serves it, the progress series under every name they have had, and
// Prometheus HTTP API answers.
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, parseSampleLine } from '../../../src/analyze/progress/prometheus-text.js';
import { PROGRESS_METRIC_NAME_SET, metricField } from '../../../src/kubevirt/metrics.js';
import { hasProgressSeries, samplesFromMetrics } from '../../../src/analyze/progress/metric-samples.js';
import { parsePrometheusResponse, progressQuery } from '../../../src/analyze/progress/prometheus-api.js';
import { parseKubeVirtVersion } from '../../../src/kubevirt/version.js';
import { handlerMetricsText, prometheusBody, type MetricPoint, type MetricsVariant } from '../../fixtures/objects/progress.js';

const VMI = { namespace: 'default', name: 'vm-00' };
const T0 = Date.parse('2025-12-31T09:42:00Z');
const GB = 1e9;

describe('parseSampleLine', () => {
  it.each([
    ['plain', 'up 1', { name: 'up', labels: {}, value: 1 }],
    ['labels and timestamp', 'm{a="x",b="y"} 2.5e+09 1767174120000', { name: 'm', labels: { a: 'x', b: 'y' }, value: 2.5e9, timestampMs: 1767174120000 }],
    ['escapes in label values', 'm{msg="say \\"hi\\"\\nback\\\\slash"} 3', { labels: { msg: 'say "hi"\nback\\slash' }, value: 3 }],
    ['trailing comma, spaces', 'm{ a = "x", } 4', { labels: { a: 'x' }, value: 4 }],
    ['special values', 'm +Inf', { value: Infinity }],
  ])('%s', (_what, line, want) => {
    expect(parseSampleLine(line)).toMatchObject(want);
  });

  it.each(['# HELP m help', '# TYPE m gauge', '', 'm{a="x"', 'm{a=x} 1', 'm one', 'm 1 2 3', '{a="b"} 1'])('not a sample: %j', (line) => {
    expect(parseSampleLine(line)).toBeUndefined();
  });

  it('a name filter skips other series before parsing them', () => {
    const text = 'a{x="1"} 1\nb{x="2"} 2\na 3\n';
    expect(parsePrometheusText(text, { names: new Set(['a']) }).map((p) => p.value)).toEqual([1, 3]);
  });
});

describe('metric names by version (facts §5.4)', () => {
  const points: MetricPoint[] = [
    { at: T0, remaining: 3 * GB, processed: 1.2 * GB, total: 4.2 * GB, dirty: 20e6, sent: 110e6, disk: 5e6 },
    { at: T0 + 5000, remaining: 2.45 * GB, processed: 1.75 * GB, total: 4.2 * GB, dirty: 21e6, sent: 111e6, disk: 5e6 },
  ];
  const cases: { variant: MetricsVariant; version: string; total: boolean; timestamps: boolean }[] = [
    { variant: 'v0.59', version: 'v0.59.0', total: false, timestamps: false },
    { variant: 'v1.1', version: 'v1.1.1', total: false, timestamps: false },
    { variant: 'v1.2', version: 'v1.2.2', total: false, timestamps: false },
    { variant: 'v1.5', version: 'v1.5.0', total: true, timestamps: true },
    { variant: 'v1.7', version: 'v1.7.0', total: true, timestamps: true },
    { variant: 'v1.8', version: 'v1.8.1', total: true, timestamps: true },
  ];

  it.each(cases)('$variant: memory rate, dirty rate, remaining, processed (and total from v1.5), version known', ({ variant, version, total, timestamps }) => {
    const text = handlerMetricsText(variant, points, { ...VMI, node: 'node-a' });
    const readAt = T0 + 9000;
    const samples = samplesFromMetrics(parsePrometheusText(text, { names: PROGRESS_METRIC_NAME_SET }), VMI, { version: parseKubeVirtVersion(version)!, readAtMs: readAt });
    const last = samples.at(-1)!;
    // Without timestamps both points of a series land on the read time: the later line wins.
    expect(samples).toHaveLength(timestamps ? 2 : 1);
    expect(last).toMatchObject({ dataRemaining: 2.45 * GB, dataProcessed: 1.75 * GB, memoryDirtyRate: 21e6, memoryTransferRate: 111e6 });
    expect(last.time).toBe(new Date(timestamps ? T0 + 5000 : readAt).toISOString().replace('.000Z', 'Z'));
    if (total) expect(last.dataTotal).toBe(4.2 * GB);
    else expect(last.dataTotal).toBeUndefined();
    if (timestamps) expect(samples[0]).toMatchObject({ dataRemaining: 3 * GB, time: '2025-12-31T09:42:00Z' });
  });

  it.each(cases)('$variant: the same without knowing the version', ({ variant }) => {
    const text = handlerMetricsText(variant, points, { ...VMI, node: 'node-a', timestamps: true });
    const samples = samplesFromMetrics(parsePrometheusText(text), VMI, { readAtMs: T0 });
    // v1.1 publishes both rate names: the disk one carries the memory rate, never the disk's 5e6.
    expect(samples.map((s) => s.memoryTransferRate)).toEqual([110e6, 111e6]);
  });

  it('v1.1 swap: memory_transfer_rate_bytes is the DISK rate there, the memory rate from v1.7', () => {
    expect(metricField('kubevirt_vmi_migration_memory_transfer_rate_bytes', true)).toBe('diskTransferRate');
    expect(metricField('kubevirt_vmi_migration_memory_transfer_rate_bytes', false)).toBe('memoryTransferRate');
    expect(metricField('kubevirt_vmi_migration_disk_transfer_rate_bytes', false)).toBe('memoryTransferRate');
    expect(metricField('kubevirt_migrate_vmi_disk_transfer_rate_bytes', false)).toBe('diskTransferRate');
    expect(metricField('kubevirt_vmi_migration_data_bytes_total', false)).toBe('dataTotal');
    expect(metricField('kubevirt_vmi_migration_data_total_bytes', false)).toBe('dataTotal');
    expect(metricField('kubevirt_vmi_migration_succeeded', false)).toBeUndefined();
  });

  it("another VMI's series and other namespaces are not ours; exported_namespace (Prometheus relabel) is", () => {
    const text = [
      'kubevirt_vmi_migration_data_remaining_bytes{name="vm-00",namespace="other",node="n"} 1 1000',
      'kubevirt_vmi_migration_data_remaining_bytes{name="vm-01",namespace="default",node="n"} 2 1000',
      'kubevirt_vmi_migration_data_remaining_bytes{name="vm-00",exported_namespace="default",namespace="kubevirt",node="n"} 3 1000',
    ].join('\n');
    expect(samplesFromMetrics(parsePrometheusText(text), VMI, { readAtMs: 0 })).toEqual([{ time: '1970-01-01T00:00:01Z', dataRemaining: 3 }]);
  });

  it('no series for the VMI (the migration is over: series disappear) → no samples', () => {
    expect(samplesFromMetrics(parsePrometheusText('kubevirt_vmi_memory_resident_bytes{name="vm-00",namespace="default"} 1\n'), VMI, { readAtMs: 0 })).toEqual([]);
  });
});

describe('Prometheus HTTP API', () => {
  it('progressQuery asks for every name of the series, for one VMI', () => {
    const q = progressQuery('vm-00');
    expect(q).toMatch(/^\{__name__=~"kubevirt_migrate_vmi_data_remaining_bytes\|.*kubevirt_vmi_migration_data_bytes_total",name="vm-00"\}$/);
    expect(progressQuery('a"b')).toContain('name="a\\"b"');
  });

  it('matrix and vector answers become points (seconds → ms), then samples', () => {
    const labels = { name: 'vm-00', namespace: 'default', node: 'node-a', instance: '10.52.0.9:8443', job: 'kubevirt-prometheus-metrics' };
    const t = T0 / 1000;
    const range = prometheusBody('matrix', [
      { name: 'kubevirt_vmi_migration_data_remaining_bytes', labels, values: [[t, 3e9], [t + 15, 2e9], [t + 30, 1e9]] },
      { name: 'kubevirt_vmi_migration_memory_transfer_rate_bytes', labels, values: [[t, 1e8], [t + 15, 1e8], [t + 30, 1e8]] },
    ]);
    const a = parsePrometheusResponse(range);
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.points).toHaveLength(6);
    expect(a.points[0]).toMatchObject({ name: 'kubevirt_vmi_migration_data_remaining_bytes', value: 3e9, timestampMs: T0 });
    expect(a.points[0]!.labels.__name__).toBeUndefined();
    const samples = samplesFromMetrics(a.points, VMI, { readAtMs: 0, version: parseKubeVirtVersion('v1.9.0')! });
    expect(samples.map((s) => s.dataRemaining)).toEqual([3e9, 2e9, 1e9]);
    expect(samples[2]).toMatchObject({ memoryTransferRate: 1e8, time: '2025-12-31T09:42:30Z' });
    const v = parsePrometheusResponse(prometheusBody('vector', [{ name: 'kubevirt_vmi_migration_data_remaining_bytes', labels, values: [[t + 45, 5e8]] }]));
    expect(v.ok && v.points).toEqual([{ name: 'kubevirt_vmi_migration_data_remaining_bytes', labels, value: 5e8, timestampMs: T0 + 45000 }]);
  });

  it.each([
    [{ status: 'error', errorType: 'bad_data', error: 'parse error at char 3' }, 'bad_data: parse error at char 3'],
    [{ status: 'success', data: { resultType: 'scalar', result: [1, '2'] } }, 'unexpected result type scalar'],
    ['<html>', 'the answer is not a JSON object'],
  ])('an error answer is a reason, not a crash: %j', (body, reason) => {
    expect(parsePrometheusResponse(body)).toEqual({ ok: false, reason });
  });
});

describe('hasProgressSeries (why asks Prometheus only when the virt-handler page has none)', () => {
  const point: MetricPoint = { at: T0, remaining: 2 * GB, processed: GB, total: 3 * GB, dirty: 1e6, sent: 4e7 };
  it.each([
    ['the VMI\'s own series', handlerMetricsText('v1.8', [point], { namespace: 'default', name: 'vm-00', node: 'n1' }), true],
    ['a same-named VMI of another namespace', handlerMetricsText('v1.8', [point], { namespace: 'other', name: 'vm-00', node: 'n1' }), false],
    ['the name only inside another label', 'kubevirt_vmi_migration_data_remaining_bytes{namespace="default",name="vm-01",pod_name="vm-00"} 5', false],
    ['no progress series at all', 'kubevirt_vmi_memory_resident_bytes{namespace="default",name="vm-00"} 5', false],
  ])('%s: %s', (_what, text, has) => {
    expect(hasProgressSeries(text, VMI)).toBe(has);
  });

  it('a name the version does not publish is not a series (v1.0 has only kubevirt_migrate_vmi_*)', () => {
    const text = 'kubevirt_vmi_migration_data_remaining_bytes{namespace="default",name="vm-00"} 5';
    expect(hasProgressSeries(text, VMI, parseKubeVirtVersion('v1.0.0'))).toBe(false);
    expect(hasProgressSeries(text, VMI, parseKubeVirtVersion('v1.2.0'))).toBe(true);
  });
});
