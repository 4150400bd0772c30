// Pure pieces of the fake API server: selector parsing, patches, log slicing, fixture loading.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSupportBundle, parseObjects, readObjectFiles } from './fixtures.js';
import { sliceLog } from './logs.js';
import { PatchError, jsonPatch, mergePatch } from './patch.js';
import { SelectorError, parseFieldSelector, parseLabelSelector } from './selectors.js';
import { deterministicUid } from './store.js';
import { humanDuration } from './table.js';

describe('label selectors', () => {
  const labels = { app: 'web', tier: 'frontend', 'kubevirt.io/nodeName': 'worker-1', 'cpu-timer.node.kubevirt.io/tsc-frequency': '2599981000' };
  const cases: [string, boolean][] = [
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app = web', true],
    ['app!=web', false],
    ['missing!=x', true],
    ['app in (web,db)', true],
    ['app in (db)', false],
    ['app notin (db, cache)', true],
    ['missing notin (x)', true],
    ['kubevirt.io/nodeName', true],
    ['!kubevirt.io/nodeName', false],
    ['! missing', true],
    ['app=web,tier=frontend', true],
    ['app=web,tier=backend', false],
    ['app in (web,db),tier', true],
    ['cpu-timer.node.kubevirt.io/tsc-frequency>2000000000', true],
    ['cpu-timer.node.kubevirt.io/tsc-frequency<2000000000', false],
    ['app=', false],
  ];
  it.each(cases)('%s → %s', (sel, want) => {
    expect(parseLabelSelector(sel)(labels)).toBe(want);
  });
  it.each(['app in web', 'app=(x)', '=x', 'a b', 'app in (a', 'bad key!=x'])('rejects %s', (sel) => {
    expect(() => parseLabelSelector(sel)).toThrow(SelectorError);
  });
});

describe('field selectors', () => {
  const podObj = { metadata: { name: 'p', namespace: 'vms' }, spec: { nodeName: 'worker-1' }, status: { phase: 'Running' } };
  it('matches =, == and != on supported fields', () => {
    expect(parseFieldSelector('spec.nodeName=worker-1', 'pod')(podObj)).toBe(true);
    expect(parseFieldSelector('status.phase==Pending', 'pod')(podObj)).toBe(false);
    expect(parseFieldSelector('status.phase!=Pending,metadata.name=p', 'pod')(podObj)).toBe(true);
    expect(parseFieldSelector('spec.nodeName=', 'pod')({ metadata: { name: 'q' } })).toBe(true);
  });
  it('unescapes values and reads event source as source.component', () => {
    const ev = { metadata: { name: 'e' }, involvedObject: { name: 'a,b' }, source: { component: 'virt-handler' } };
    expect(parseFieldSelector('involvedObject.name=a\\,b,source=virt-handler', 'event')(ev)).toBe(true);
  });
  it('rejects fields a resource does not support', () => {
    expect(() => parseFieldSelector('spec.nodeName=x', 'vmi')).toThrow('field label not supported: spec.nodeName');
    expect(() => parseFieldSelector('metadata.name', 'vmi')).toThrow(SelectorError);
  });
});

describe('patches', () => {
  it('merge patch replaces lists and deletes null keys', () => {
    expect(mergePatch({ a: { b: 1, c: 2 }, l: [1, 2] }, { a: { c: null, d: 3 }, l: [3] })).toEqual({ a: { b: 1, d: 3 }, l: [3] });
  });
  it('json patch supports add, remove, replace, move, copy and test with escaped pointers', () => {
    const doc = { metadata: { labels: { 'kubevirt.io/x': 'a' } }, list: [1, 2] };
    const out = jsonPatch(doc, [
      { op: 'add', path: '/list/-', value: 3 },
      { op: 'add', path: '/list/0', value: 0 },
      { op: 'remove', path: '/list/1' },
      { op: 'replace', path: '/metadata/labels/kubevirt.io~1x', value: 'b' },
      { op: 'copy', from: '/metadata/labels/kubevirt.io~1x', path: '/copied' },
      { op: 'move', from: '/copied', path: '/moved' },
      { op: 'test', path: '/moved', value: 'b' },
    ]);
    expect(out).toEqual({ metadata: { labels: { 'kubevirt.io/x': 'b' } }, list: [0, 2, 3], moved: 'b' });
    expect(doc.list).toEqual([1, 2]); // input untouched
  });
  it('json patch errors are PatchErrors', () => {
    expect(() => jsonPatch({}, [{ op: 'remove', path: '/nope' }])).toThrow(PatchError);
    expect(() => jsonPatch({}, [{ op: 'replace', path: '/nope', value: 1 }])).toThrow(PatchError);
    expect(() => jsonPatch({}, { op: 'add' })).toThrow(PatchError);
  });
});

describe('logs and durations', () => {
  it('applies tailLines before limitBytes', () => {
    expect(sliceLog('a\nb\nc', 2)).toBe('b\nc');
    expect(sliceLog('a\nb\nc\n', 0)).toBe('');
    expect(sliceLog('a\nb\nc\n', 2, 3)).toBe('b\nc');
    expect(sliceLog('abc', undefined, 10)).toBe('abc');
  });
  it('formats ages like kubectl', () => {
    const s = 1000;
    expect([5 * s, 119 * s, 200 * s, 600 * s, 3 * 3600 * s + 60 * s, 30 * 3600 * s, 3 * 86400 * s + 3600 * s, 400 * 86400 * s].map(humanDuration)).toEqual([
      '5s',
      '119s',
      '3m20s',
      '10m',
      '3h1m',
      '30h',
      '3d1h',
      '400d',
    ]);
  });
});

describe('fixture loading', () => {
  it('expands List, multi-document YAML and JSON lists from a directory', () => {
    const objs = readObjectFiles(join(import.meta.dirname, 'fixtures'));
    const kinds = objs.map((o) => o.kind);
    expect(kinds.filter((k) => k === 'Pod')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'Event')).toHaveLength(3);
    expect(kinds).toContain('VirtualMachineInstanceMigration');
    expect(kinds).not.toContain('List');
  });

  it('normalises support-bundle objects on request', () => {
    // Shape of test/fixtures/objects/real/vmi-running-v1.6.3.yaml (support-bundle-kit output).
    const text = [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: kubevirt.io/v1',
      '  kind: VirtualMachineInstance',
      '  metadata:',
      '    name: vm-00',
      '    namespace: default',
      '    labels: {cdi.kubevirt.io: "null"}',
      '    managedFields:',
      '    - fieldsV1:',
      '        f:metadata:',
      '          v:"kubevirt.io/virtualMachineControllerFinalize"null: {}',
      '  status:',
      '    conditions:',
      '    - {lastProbeTime: "null", lastTransitionTime: "null", status: "True", type: LiveMigratable}',
    ].join('\n');
    const [raw] = parseObjects(text);
    expect(raw!.metadata).toHaveProperty('managedFields');
    const clean = normalizeSupportBundle(raw!);
    expect(clean.metadata).not.toHaveProperty('managedFields');
    expect(clean.metadata.labels).toEqual({ 'cdi.kubevirt.io': 'null' }); // only time fields change
    expect((clean.status as { conditions: unknown[] }).conditions[0]).toMatchObject({ lastProbeTime: null, lastTransitionTime: null });
  });

  it('derives stable UUID-shaped uids', () => {
    expect(deterministicUid('a')).toBe(deterministicUid('a'));
    expect(deterministicUid('a')).not.toBe(deterministicUid('b'));
    expect(deterministicUid('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
