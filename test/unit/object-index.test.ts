// The analysis index (src/analyze/object-index.ts) that keeps check-migratable -A, list -A and
// why --node linear: it must answer exactly what the scans it replaces answered, and never leak
// between lists, keys or analyses.
import { describe, expect, it } from 'vitest';
import { lookup } from '../../src/analyze/migratability/rules/_facts.js';
import { kubeVirtNodeNames, kubeVirtNodes } from '../../src/analyze/migratability/rules/_nodes.js';
import { ObjectIndex, memoKey, type ListKey } from '../../src/analyze/object-index.js';
import { known } from '../../src/kube/known.js';
import type { KubeObject, Node } from '../../src/kube/types.js';
import { clusterFacts, node, vmi } from '../fixtures/objects/index.js';
import { run } from './migratability/helpers.js';

interface Item {
  name?: string;
  node?: string;
}

const BY_ITEM_NAME: ListKey<Item> = { name: 'name', of: (i) => i.name };
const BY_ITEM_NODE: ListKey<Item> = { name: 'node', of: (i) => i.node };

describe('where', () => {
  it('answers like a filter: list order, items without the key left out', () => {
    const index = new ObjectIndex();
    const list: Item[] = [{ name: 'a', node: 'n1' }, { name: 'b' }, { name: 'a', node: 'n2' }, { node: 'n1' }];
    expect(index.where(list, BY_ITEM_NAME, 'a')).toEqual([list[0], list[2]]);
    expect(index.where(list, BY_ITEM_NODE, 'n1')).toEqual([list[0], list[3]]);
    expect(index.where(list, BY_ITEM_NAME, 'zz')).toEqual([]);
  });

  it('indexes each list on its own, and again once it grew', () => {
    const index = new ObjectIndex();
    const one: Item[] = [{ name: 'a' }];
    const two: Item[] = [{ name: 'b' }];
    expect(index.where(one, BY_ITEM_NAME, 'a')).toHaveLength(1);
    expect(index.where(two, BY_ITEM_NAME, 'a')).toHaveLength(0);
    one.push({ name: 'a' });
    expect(index.where(one, BY_ITEM_NAME, 'a')).toHaveLength(2);
  });

  it('a key is its function, not its name: two keys named alike group on their own', () => {
    const index = new ObjectIndex();
    const list: Item[] = [{ name: 'a', node: 'n1' }];
    const alsoNamedName: ListKey<Item> = { name: 'name', of: (i) => i.node };
    expect(index.where(list, BY_ITEM_NAME, 'a')).toEqual([list[0]]);
    expect(index.where(list, alsoNamedName, 'a')).toEqual([]);
    expect(index.where(list, alsoNamedName, 'n1')).toEqual([list[0]]);
  });
});

const obj = (name: string | undefined, namespace?: string, tag = ''): KubeObject => ({ metadata: { name, namespace, labels: { tag } } });
const scan = (items: KubeObject[], name: string, namespace?: string) =>
  items.find((o) => o.metadata.name === name && (namespace === undefined || o.metadata.namespace === namespace));

describe('byName', () => {
  const index = new ObjectIndex();
  const byName = (items: KubeObject[], name: string, namespace?: string) => index.byName(items, name, namespace);
  const items = [
    obj('a', 'ns1', 'first'),
    obj('a', 'ns2'),
    obj('a', 'ns1', 'second'),
    obj('b', undefined),
    obj('c', ''),
    obj(undefined, 'ns1'),
  ];

  it('returns what items.find returns: the first match, any namespace when none is given', () => {
    for (const name of ['a', 'b', 'c', 'x', '']) {
      for (const ns of [undefined, 'ns1', 'ns2', '', 'nsx']) expect(byName(items, name, ns)).toBe(scan(items, name, ns));
    }
    expect(byName(items, 'a', 'ns1')?.metadata.labels?.tag).toBe('first');
    // An empty namespace is not "any namespace", and does not match a cluster-scoped object.
    expect(byName(items, 'b', '')).toBeUndefined();
    expect(byName(items, 'c', '')).toBe(items[4]);
  });

  it('sees objects added to a list after it was indexed', () => {
    const list = [obj('a', 'ns')];
    expect(byName(list, 'b', 'ns')).toBeUndefined();
    list.push(obj('b', 'ns'));
    expect(byName(list, 'b', 'ns')).toBe(list[1]);
  });

  it('lookup spells a missing object, and an unreadable list, as before', () => {
    expect(lookup(index, known(items), 'PersistentVolumeClaim', 'x', 'ns1')).toEqual({ missing: 'PersistentVolumeClaim ns1/x' });
    expect(lookup(index, { ok: false, reason: 'persistentvolumeclaims: forbidden' }, 'PersistentVolumeClaim', 'a', 'ns1')).toEqual({
      missing: 'persistentvolumeclaims: forbidden',
    });
  });
});

describe('derived values', () => {
  it('computes once per object and name; another object, or another index, gets its own value', () => {
    const index = new ObjectIndex();
    const a: Node[] = [node('n1')];
    const b: Node[] = [node('n1')];
    let calls = 0;
    const f = () => ++calls;
    expect(index.derived(a, 'k', f)).toBe(1);
    expect(index.derived(a, 'k', f)).toBe(1);
    expect(index.derived(a, 'other', f)).toBe(2);
    expect(index.derived(b, 'k', f)).toBe(3);
    a.push(node('n2')); // a list that grew is judged again
    expect(index.derived(a, 'k', f)).toBe(4);
    expect(new ObjectIndex().derived(a, 'k', f)).toBe(5);
    const pod = {};
    expect(index.derived(pod, 'k', f)).toBe(6);
    expect(index.derived(pod, 'k', f)).toBe(6);
  });

  it('kubeVirtNodes and names keep list order and skip nodes virt-handler does not serve', () => {
    const nodes = [node('n1'), node('n2', { schedulable: false }), node('n3')];
    const index = new ObjectIndex();
    expect(kubeVirtNodes(index, nodes).map((n) => n.metadata.name)).toEqual(['n1', 'n3']);
    expect(kubeVirtNodeNames(index, nodes)).toEqual(['n1', 'n3']);
  });

  it('countOtherThan is filter((x) => x !== excluded).length', () => {
    const list = ['a', 'b', 'a', 'c'];
    const index = new ObjectIndex();
    for (const x of ['a', 'b', 'z', undefined]) expect(index.countOtherThan(list, x)).toBe(list.filter((y) => y !== x).length);
    list.push('a');
    expect(index.countOtherThan(list, 'a')).toBe(2);
  });
});

describe('rules judged against node data in the facts\' index', () => {
  it('cpu-host-model-unique: a memo for one node list never answers for another', () => {
    const vm1 = vmi('vm1', { node: 'node-a' });
    const alone = [node('node-a'), node('node-b', { hostModel: 'EPYC-Rome', requiredFeatures: ['ssbd'] })];
    const paired = [node('node-a'), node('node-b')];
    expect(run('cpu-host-model-unique', { vmi: vm1 }, clusterFacts({ nodes: alone })).findings).toHaveLength(1);
    expect(run('cpu-host-model-unique', { vmi: vm1 }, clusterFacts({ nodes: paired })).findings).toEqual([]);
    expect(run('cpu-host-model-unique', { vmi: vm1 }, clusterFacts({ nodes: alone })).findings).toHaveLength(1);
  });

  it('cpu-host-model-unique: every VMI on a node gets its own copy of the shared arguments', () => {
    const nodes = [node('node-a'), node('node-b', { hostModel: 'EPYC-Rome', requiredFeatures: ['ssbd'] })];
    const facts = clusterFacts({ nodes });
    const [f1] = run('cpu-host-model-unique', { vmi: vmi('vm1', { node: 'node-a' }) }, facts).findings;
    const [f2] = run('cpu-host-model-unique', { vmi: vmi('vm2', { node: 'node-a' }) }, facts).findings;
    expect(f1!.args).toEqual(f2!.args);
    expect(f1!.args.missing).not.toBe(f2!.args.missing);
    expect(f1!.args.features).not.toBe(f2!.args.features);
  });

  it('node-pinned: VMs with the same placement share the matching nodes, other placements do not', () => {
    const nodes = [node('node-a', { labels: { rack: 'r1' } }), node('node-b', { labels: { rack: 'r1' } }), node('node-c', { labels: { rack: 'r2' } })];
    const facts = clusterFacts({ nodes });
    const onR1 = vmi('vm1', { node: 'node-a', spec: { nodeSelector: { rack: 'r1' } } });
    const onR2 = vmi('vm2', { node: 'node-c', spec: { nodeSelector: { rack: 'r2' } } });
    expect(run('node-pinned', { vmi: onR1 }, facts).findings).toEqual([]);
    const pinned = run('node-pinned', { vmi: onR2 }, facts).findings;
    expect(pinned).toHaveLength(1);
    expect(pinned[0]!.args).toMatchObject({ kind: 'node-selector', nodes: ['node-c'], matching: 1, candidates: 3 });
  });
});

describe('memoKey', () => {
  it('tells apart what JSON alone would confuse', () => {
    expect(memoKey({ a: undefined })).not.toBe(memoKey({}));
    expect(memoKey([undefined])).not.toBe(memoKey([null]));
    expect(memoKey(undefined)).not.toBe(memoKey(null));
    expect(memoKey({ rack: 1 })).not.toBe(memoKey({ rack: '1' }));
    expect(memoKey({ a: 'x', b: ['y'] })).toBe(memoKey({ a: 'x', b: ['y'] }));
  });
});
