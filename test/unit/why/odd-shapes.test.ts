// Regressions found by the property tests (test/property/why.test.ts, list-start-abort.test.ts):
// snapshots where a list is the support bundles' "null", a map, or one item, or a string field
// holds a YAML number. Each case is a shrunk counterexample: `why` (and `list`, which runs the
// same checks) must diagnose it, and the MigrationDiagnosis must still validate.
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/kube/types.js';
import { diagnosisDocument } from '../../../src/render/why-document.js';
import { kubevirtCR, node, vmi } from '../../fixtures/objects/index.js';
import { launcherPod, quota, vmCluster, vmim } from '../../fixtures/objects/migrations.js';
import { validateDocument, validators, type Validators } from '../../schema/validator.js';
import { whyScenario } from './scenarios/harness.js';

const NOW = '2025-11-20T10:05:00Z';

let v: Validators;
beforeAll(() => {
  v = validators();
});

async function diagnoseValid(objects: KubeObject[], name = 'vm1') {
  const d = await whyScenario(objects, { name, now: NOW });
  expect(validateDocument(v, diagnosisDocument(d, d.errors))).toEqual([]);
  return d;
}

/** `obj` with `patch` merged into its status. */
function withStatus<T extends KubeObject>(obj: T, patch: Record<string, unknown>): T {
  return { ...obj, status: { ...(obj.status as object), ...patch } } as T;
}

describe('why on objects whose lists are not lists', () => {
  const running = vmim('Running', { uid: 'u1' });

  it('VMI ownerReferences "null" (vmi-running and the document threw)', async () => {
    const [vmObj, vmiObj, ...rest] = vmCluster();
    const odd = { ...vmiObj!, metadata: { ...vmiObj!.metadata, ownerReferences: 'null' } } as unknown as KubeObject;
    const d = await diagnoseValid([vmObj!, odd, ...rest, running]);
    expect(d.verdict.cause).not.toBe('unknown');
  });

  it('VMIM conditions as a map (migration-phase threw)', async () => {
    await diagnoseValid([...vmCluster(), withStatus(running, { conditions: {} })]);
  });

  it('VMIM phaseTransitionTimestamps "null" (timeline and copy state threw)', async () => {
    const d = await diagnoseValid([...vmCluster(), withStatus(running, { phaseTransitionTimestamps: 'null' })]);
    expect(d.timeline.map((t) => t.phase)).toEqual(['Running']);
  });

  it('VMI conditions "null" (live-migratable threw)', async () => {
    const cluster = vmCluster().map((o) => (o.kind === 'VirtualMachineInstance' ? withStatus(o, { conditions: 'null' }) : o));
    await diagnoseValid([...cluster, running]);
  });

  it('node conditions as a map', async () => {
    const cluster = vmCluster({ nodes: [] });
    await diagnoseValid([...cluster, withStatus(node('node-a'), { conditions: {} }), node('node-b'), running]);
  });

  it('a launcher pod whose initContainers is a map, next to a ResourceQuota (shrunk from list: quota headroom threw)', async () => {
    const m = vmim('Pending', { uid: 'u1', vmi: 'vm2', migrationState: { endTimestamp: '2025-11-20T10:00:00Z' } });
    const pod = launcherPod({ vmi: 'vm2' });
    pod.spec = { ...pod.spec, initContainers: {} as never };
    await diagnoseValid([vmi('vm1'), m, pod, quota('default-z4g94', {}, {})], m.metadata.name);
  });

  it('a ResourceQuota whose scopes are "null" (the headroom of a migration not created yet)', async () => {
    const q = quota('compute', { 'limits.memory': '8Gi' }, { 'limits.memory': '8Gi' });
    q.spec = { ...q.spec, scopes: 'null' as never };
    await diagnoseValid([...vmCluster(), q]);
  });
});

describe('why on string fields that hold numbers', () => {
  it('observedKubeVirtVersion unquoted (1.6): no version, no crash (shrunk: deriveContext threw)', async () => {
    const cr = kubevirtCR();
    cr.status = { ...cr.status, observedKubeVirtVersion: 1.6 as never, operatorVersion: undefined };
    const d = await diagnoseValid([...vmCluster({ kubevirt: cr })]);
    expect(d.ctx.version).toBeUndefined();
  });
});
