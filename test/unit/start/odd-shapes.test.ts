// Regressions found by the property tests (test/property/list-start-abort.test.ts): the source
// launcher pod as a dump may hold it — affinity or spec "null", anti-affinity terms not a list,
// nodeSelector values unquoted — and a node-affinity requirement without key or with one string
// for values. Each case is a shrunk counterexample: start's pre-flight must plan the target pod
// and print a MigrationStart whose placement validates.
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotFromObjects } from '../../../src/collect/snapshot/index.js';
import type { KubeObject, Pod } from '../../../src/kube/types.js';
import { gatherForStart } from '../../../src/commands/start/gather.js';
import { decidePreflight, preflightContext } from '../../../src/analyze/start/preflight.js';
import { plannedTargetPod } from '../../../src/analyze/start/target-pod.js';
import { startDocument } from '../../../src/render/start-document.js';
import { vmi } from '../../fixtures/objects/vms.js';
import { VMI_UID, launcherPod, vmCluster } from '../../fixtures/objects/migrations.js';
import { kvNode } from '../../fixtures/objects/target-pods.js';
import { validateDocument, validators, type Validators } from '../../schema/validator.js';

let v: Validators;
beforeAll(() => {
  v = validators();
});

/** The launcher pod of vmCluster() with `spec` fields replaced. */
function sourcePodWith(spec: Record<string, unknown>): Pod {
  const pod = launcherPod();
  return { ...pod, spec: { ...pod.spec, ...spec } as Pod['spec'] };
}

async function startDoc(objects: KubeObject[]) {
  const source = snapshotFromObjects(objects, { now: new Date('2025-11-20T10:05:00Z'), namespace: 'default' });
  const g = await gatherForStart(source, 'default', 'vm1');
  const preflight = decidePreflight({ ctx: preflightContext(g.inputs, {}), facts: g.facts, addedNodeSelector: {}, force: false });
  const doc = startDocument({ namespace: 'default', vmi: 'vm1', preflight, dryRun: true, errors: g.errors });
  expect(validateDocument(v, doc)).toEqual([]);
  return doc;
}

const ANTI = [{ labelSelector: { matchLabels: { 'kubevirt.io/created-by': VMI_UID } }, topologyKey: 'kubernetes.io/hostname' }];

describe('plannedTargetPod on odd source pods', () => {
  it.each<[string, Record<string, unknown>]>([
    ['affinity "null"', { affinity: 'null' }],
    ['podAntiAffinity a list', { affinity: { podAntiAffinity: [] } }],
    ['anti-affinity terms "null"', { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: 'null' } } }],
  ])('%s: still adds the VMI anti-affinity (threw, or hid it in a list)', (_, spec) => {
    const { pod } = plannedTargetPod({ sourcePod: sourcePodWith(spec), vmi: vmi('vm1'), addedNodeSelector: {}, migrationUid: 'p' });
    expect(pod.spec?.affinity?.podAntiAffinity).toEqual({ requiredDuringSchedulingIgnoredDuringExecution: ANTI });
  });

  it('spec "null": a pod with the selector and anti-affinity only (threw)', () => {
    const { pod } = plannedTargetPod({ sourcePod: { ...launcherPod(), spec: 'null' as never }, vmi: vmi('vm1'), addedNodeSelector: {}, migrationUid: 'p' });
    expect(pod.spec?.nodeSelector).toEqual({});
    expect(pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual(ANTI);
  });

  it('nodeSelector "null" is no selector (its characters were keys)', () => {
    const { pod } = plannedTargetPod({ sourcePod: sourcePodWith({ nodeSelector: 'null' }), vmi: vmi('vm1'), addedNodeSelector: {}, migrationUid: 'p' });
    expect(pod.spec?.nodeSelector).toEqual({});
  });
});

describe('start placement on odd selectors', () => {
  const nodes = ['node-a', 'node-b'].map((n) => kvNode(n));

  it('unquoted nodeSelector values are strings in the document (were booleans: schema violation)', async () => {
    const pod = sourcePodWith({ nodeSelector: { 'kubevirt.io/schedulable': true, 'machine-type.node.kubevirt.io/q35': 'true' } });
    const doc = await startDoc([...vmCluster({ nodes: [] }).map((o) => (o.kind === 'Pod' ? pod : o)), ...nodes]);
    expect(doc.preflight.placement?.nodeSelector).toMatchObject({ 'kubevirt.io/schedulable': 'true' });
  });

  it('a node whose allocatable is "null" (shrunk: the parsed-quantity cache threw on a non-object)', async () => {
    const odd = kvNode('node-c');
    odd.status = { ...odd.status, allocatable: 'null' as never };
    const doc = await startDoc([...vmCluster({ nodes: [] }), kvNode('node-a'), odd]);
    expect(doc.preflight.placement?.nodes.find((n) => n.name === 'node-c')?.fits).toBe(false);
  });

  it('a required node-affinity requirement without key, with one string for values (threw)', async () => {
    const terms = [{ matchExpressions: [{ operator: 'In', values: 'node-z' }] }];
    const pod = sourcePodWith({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } });
    const doc = await startDoc([...vmCluster({ nodes: [] }).map((o) => (o.kind === 'Pod' ? pod : o)), ...nodes]);
    expect(doc.preflight.placement?.nodes.find((n) => n.name === 'node-b')?.fits).toBe(false);
  });
});
