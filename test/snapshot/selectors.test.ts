import { describe, expect, it } from 'vitest';
import { matchesFields, matchesLabels, parseFieldSelector, fieldValue } from '../../src/collect/snapshot/selectors.js';
import { parseLabelSelector, SelectorError } from '../../src/kube/labels.js';
import type { KubeObject } from '../../src/kube/types.js';

const labels = { app: 'web', tier: 'frontend', 'kubevirt.io/vmi-name': 'vm1', empty: '' };

describe('label selectors', () => {
  it.each([
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app = web', true],
    ['app=db', false],
    ['app!=db', true],
    ['app!=web', false],
    ['missing!=x', true], // absent satisfies != (Kubernetes semantics)
    ['app in (web,db)', true],
    ['app in (db, cache)', false],
    ['app in(web)', true],
    ['app notin (db,cache)', true],
    ['app notin (web)', false],
    ['missing notin (x)', true], // absent satisfies notin
    ['missing in (x)', false],
    ['app', true],
    ['missing', false],
    ['!missing', true],
    ['!app', false],
    ['! app', false],
    ['empty=', true],
    ['empty', true],
    ['kubevirt.io/vmi-name=vm1', true],
    ['kubevirt.io/vmi-name in (vm1,vm2),app=web', true],
    ['app=web,tier=backend', false],
    ['app=web, tier in (frontend), !legacy', true],
  ])('%j matches: %s', (selector, expected) => {
    expect(matchesLabels(parseLabelSelector(selector), labels)).toBe(expected);
  });

  it('an object without labels matches only negative requirements', () => {
    expect(matchesLabels(parseLabelSelector('!app'), undefined)).toBe(true);
    expect(matchesLabels(parseLabelSelector('app!=web'), undefined)).toBe(true);
    expect(matchesLabels(parseLabelSelector('app'), undefined)).toBe(false);
    // Support bundles write `labels: null` or "null": no labels either.
    for (const labels of [null, 'null']) {
      expect(matchesLabels(parseLabelSelector('!app'), labels as never)).toBe(true);
      expect(matchesLabels(parseLabelSelector('app'), labels as never)).toBe(false);
    }
  });

  it('parses requirements', () => {
    expect(parseLabelSelector('a=1,b!=2,c in (x, y),d notin (z),e,!f')).toEqual([
      { key: 'a', op: 'eq', values: ['1'] },
      { key: 'b', op: 'neq', values: ['2'] },
      { key: 'c', op: 'in', values: ['x', 'y'] },
      { key: 'd', op: 'notin', values: ['z'] },
      { key: 'e', op: 'exists', values: [] },
      { key: 'f', op: 'notexists', values: [] },
    ]);
  });

  it.each(['app in ()', 'app=web,', ',app', 'app=we b', '=web', 'app=(x)', '-bad=1', 'app in (a', 'a=b=c'])('rejects %j', (selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(SelectorError);
  });
});

const pod: KubeObject & Record<string, unknown> = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'virt-launcher-vm1-abcde', namespace: 'prod' },
  spec: { nodeName: 'node-2' },
  status: { phase: 'Running' },
};
const unscheduled: KubeObject = { kind: 'Pod', metadata: { name: 'p2', namespace: 'prod' }, status: { phase: 'Pending' } };
const coreEvent = {
  kind: 'Event',
  metadata: { name: 'vm1.1', namespace: 'prod' },
  involvedObject: { kind: 'VirtualMachineInstance', name: 'vm1', namespace: 'prod', uid: 'u1' },
  reason: 'FailedCreate',
  type: 'Warning',
  source: { component: 'virtualmachine-controller' },
} as KubeObject;
const newEvent = {
  apiVersion: 'events.k8s.io/v1',
  kind: 'Event',
  metadata: { name: 'vm1.2', namespace: 'prod' },
  regarding: { kind: 'VirtualMachineInstance', name: 'vm1', namespace: 'prod', uid: 'u1' },
  reason: 'Migrated',
} as KubeObject;

describe('field selectors', () => {
  it.each([
    ['pod', pod, 'metadata.name=virt-launcher-vm1-abcde', true],
    ['pod', pod, 'metadata.namespace=prod,spec.nodeName=node-2', true],
    ['pod', pod, 'spec.nodeName==node-1', false],
    ['pod', pod, 'spec.nodeName!=node-1', true],
    ['pod', pod, 'status.phase!=Succeeded,status.phase!=Failed', true],
    ['pod', unscheduled, 'spec.nodeName=', true], // a missing field is the empty string
    ['pod', pod, 'spec.nodeName=', false],
    ['event', coreEvent, 'involvedObject.name=vm1,involvedObject.kind=VirtualMachineInstance', true],
    ['event', coreEvent, 'involvedObject.uid=u1,involvedObject.namespace=prod', true],
    ['event', coreEvent, 'reason=FailedCreate,type=Warning', true],
    ['event', coreEvent, 'source=virtualmachine-controller', true],
    ['event', newEvent, 'involvedObject.name=vm1', true], // events.k8s.io: `regarding`
    ['event', newEvent, 'involvedObject.name=vm2', false],
    ['vmi', { kind: 'VirtualMachineInstance', metadata: { name: 'vm1', namespace: 'prod' } }, 'metadata.name=vm1', true],
  ] as const)('%s %j', (resource, obj, selector, expected) => {
    expect(matchesFields(parseFieldSelector(selector, resource), obj)).toBe(expected);
  });

  it('rejects fields the API server does not index for the resource', () => {
    expect(() => parseFieldSelector('status.nodeName=node-2', 'vmi')).toThrow('field label not supported: status.nodeName');
    expect(() => parseFieldSelector('spec.nodeName=node-2', 'node')).toThrow(SelectorError);
    expect(() => parseFieldSelector('involvedObject.name=x', 'pod')).toThrow(SelectorError);
    expect(() => parseFieldSelector('garbage', 'pod')).toThrow('invalid field selector');
  });

  it('unescapes values and stringifies non-strings', () => {
    expect(parseFieldSelector('metadata.name=a\\,b', 'pod')).toEqual([{ field: 'metadata.name', op: 'eq', value: 'a,b' }]);
    const node = { kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: true } } as KubeObject;
    expect(fieldValue(node, 'spec.unschedulable')).toBe('true');
    expect(matchesFields(parseFieldSelector('spec.unschedulable=true', 'node'), node)).toBe(true);
  });
});
