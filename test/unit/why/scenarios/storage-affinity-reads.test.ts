// A PV pinned by node affinity (a zone, a host) makes storage-visibility ask whether another node
// reaches it. `why` asks the API server with the affinity as a selector, a couple of nodes at a
// time, and reads every node only when the answer is "none but the source" (the finding names
// every node it excludes) or the affinity has no selector form. Same verdict as with every node.
import { describe, expect, it } from 'vitest';
import type { ClusterSource, ListOptions } from '../../../../src/collect/source.js';
import type { KubeObject, PersistentVolume } from '../../../../src/kube/types.js';
import { gatherForWhy } from '../../../../src/commands/why/gather.js';
import { termSelectors } from '../../../../src/commands/why/affine-nodes.js';
import { deriveContext } from '../../../../src/analyze/why/derive.js';
import { diagnose } from '../../../../src/analyze/why/diagnose.js';
import { RUN_NOW, SOURCE_NODE, TARGET_NODE, VMI_NAME, runningMigration } from '../../../fixtures/objects/failed-migrations.js';
import { node } from '../../../fixtures/objects/nodes.js';
import { scenarioSource } from './harness.js';

const ZONE = 'topology.kubernetes.io/zone';

function withZones(zoneOf: Record<string, string>, affinity: NonNullable<NonNullable<PersistentVolume['spec']>['nodeAffinity']>) {
  const b = runningMigration({ era: 'v1.9' });
  const nodes = Object.entries(zoneOf).map(([name, zone]) => node(name, { labels: { [ZONE]: zone } }));
  const objects: KubeObject[] = [
    ...b.objects.filter((o) => o.kind !== 'Node').map((o) => (o.kind === 'PersistentVolume' ? { ...o, spec: { ...(o as PersistentVolume).spec, nodeAffinity: affinity } } : o)),
    ...nodes,
  ];
  return { objects, logs: b.logs };
}

async function run(objects: KubeObject[], logs: Record<string, string>) {
  const source = scenarioSource(objects, { now: RUN_NOW, logs });
  const lists: ListOptions[] = [];
  const counted: ClusterSource = { ...source, list: (r, o) => (r === 'node' && lists.push(o ?? {}), source.list(r, o)) };
  const { inputs } = await gatherForWhy(counted, 'default', VMI_NAME);
  const d = diagnose(deriveContext(inputs));
  return { check: d.checks.find((c) => c.id === 'storage-visibility')!, nodeLists: lists, nodes: inputs.nodes.ok ? inputs.nodes.items.map((n) => n.metadata.name) : [] };
}

const zoneA = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: ['zone-a'] }] }] } };

describe('storage-visibility of a PV with a zone affinity', () => {
  it('another node of the zone: one probe of two nodes, the volume is visible', async () => {
    const { objects, logs } = withZones({ [SOURCE_NODE]: 'zone-a', [TARGET_NODE]: 'zone-a', 'node-c': 'zone-a', 'node-d': 'zone-b', 'node-e': 'zone-b' }, zoneA);
    const r = await run(objects, logs);
    expect(r.check.status).toBe('pass');
    expect(r.check.args.kind).toBe('visible');
    expect(r.nodeLists).toEqual([{ labelSelector: `${ZONE} in (zone-a)`, limit: 2 }]);
    expect(r.nodes).not.toContain('node-e');
  });

  it('the zone holds only the source node: every node is read and named as excluded', async () => {
    const { objects, logs } = withZones({ [SOURCE_NODE]: 'zone-a', [TARGET_NODE]: 'zone-b', 'node-c': 'zone-b' }, zoneA);
    const r = await run(objects, logs);
    expect(r.check.status).toBe('warn');
    expect(r.check.args).toMatchObject({ kind: 'node-local', sourceNode: SOURCE_NODE, excluded: [TARGET_NODE, 'node-c'] });
    expect(r.nodeLists).toEqual([{ labelSelector: `${ZONE} in (zone-a)`, limit: 2 }, {}]);
  });

  it('an affinity with no selector form (Gt): every node at once', async () => {
    const gt = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'rack', operator: 'Gt', values: ['3'] }] }] } };
    const { objects, logs } = withZones({ [SOURCE_NODE]: 'zone-a', [TARGET_NODE]: 'zone-a' }, gt);
    const r = await run(objects, logs);
    expect(r.nodeLists).toEqual([{}]);
  });
});

describe('termSelectors', () => {
  it('turns node selector requirements into label and field selectors', () => {
    expect(
      termSelectors({
        matchExpressions: [
          { key: ZONE, operator: 'In', values: ['a', 'b'] },
          { key: 'tier', operator: 'NotIn', values: ['x'] },
          { key: 'ssd', operator: 'Exists' },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
        matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }],
      }),
    ).toEqual({ labelSelector: `${ZONE} in (a,b),tier notin (x),ssd,!legacy`, fieldSelector: 'metadata.name=node-1' });
  });

  it('has no form for Gt/Lt, an In without values, several names or an odd value', () => {
    expect(termSelectors({ matchExpressions: [{ key: 'n', operator: 'Lt', values: ['2'] }] })).toBeUndefined();
    expect(termSelectors({ matchExpressions: [{ key: 'n', operator: 'In', values: [] }] })).toBeUndefined();
    expect(termSelectors({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }] })).toBeUndefined();
    expect(termSelectors({ matchExpressions: [{ key: 'n', operator: 'In', values: ['a b'] }] })).toBeUndefined();
  });
});
