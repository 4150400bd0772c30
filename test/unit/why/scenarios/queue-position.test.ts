// `why` on a migration waiting behind the cluster limit: its place in KubeVirt's queue in the
// check's args and in the document's `queue`, on v1.6 (no order) and v1.9 (priority queue).
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../../src/kube/types.js';
import { kubevirtCR } from '../../../fixtures/objects/index.js';
import { targetPod, vmCluster, vmim } from '../../../fixtures/objects/migrations.js';
import { diagnosisDocument } from '../../../../src/render/why-document.js';
import { argsOf, checkOf, whyScenario } from './harness.js';

const NOW = '2025-11-20T10:05:00Z';

function holder(i: number): KubeObject[] {
  const m = vmim('Running', { name: `mig-${i}`, uid: `uid-${i}`, namespace: `team-${i}`, vmi: `vm-${i}`, created: '2025-11-20T09:59:00Z' });
  return [m, targetPod(m, { name: `virt-launcher-vm-${i}-abcde`, vmiUid: `vmi-uid-${i}`, node: 'node-c', sourceNode: 'node-b', phase: 'Running' })];
}

function waiting(name: string, created: string, priority?: string) {
  const m = vmim('Pending', { name, uid: `uid-${name}`, namespace: 'team-9', vmi: `vm-${name}`, created, generateName: 'kubevirt-evacuation-', annotations: { 'kubevirt.io/evacuationMigration': 'node-b' } });
  if (priority) m.spec!.priority = priority;
  return m;
}

describe('queue position in why', () => {
  it('v1.6: the Pending migrations created earlier are ahead (no defined order); the slot ETA is not read', async () => {
    const objects = [
      ...vmCluster({ kubevirt: kubevirtCR({ version: 'v1.6.0' }) }),
      ...[1, 2, 3, 4, 5].flatMap(holder),
      waiting('kubevirt-evacuation-early', '2025-11-20T09:59:30Z'),
      waiting('kubevirt-evacuation-late', '2025-11-20T10:01:00Z'),
      vmim('Pending', { created: '2025-11-20T10:00:00Z' }),
    ];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('concurrency-limit');
    const q = argsOf(checkOf(d, 'migration-slots'), 'full').queue;
    expect(q).toMatchObject({ order: { kind: 'unordered', reason: 'before-priority-queue' }, priority: 0, ahead: ['team-9/kubevirt-evacuation-early'], behind: 1 });
    const doc = diagnosisDocument(d, []);
    expect(doc.queue).toMatchObject({ scope: 'cluster', running: 5, limit: 5, order: 'unordered', position: 2, behind: 1, slotFree: { kind: 'unknown', reason: 'not-read' } });
    expect(doc.queue?.holders).toEqual(['team-1/mig-1', 'team-2/mig-2', 'team-3/mig-3', 'team-4/mig-4', 'team-5/mig-5']);
  });

  it("v1.9: evacuations (system-critical) go before a user's migration, whenever they were created", async () => {
    const objects = [
      ...vmCluster({ kubevirt: kubevirtCR({ version: 'v1.9.0' }) }),
      ...[1, 2, 3, 4, 5].flatMap(holder),
      waiting('kubevirt-evacuation-late', '2025-11-20T10:01:00Z', 'system-critical'),
      waiting('kubevirt-evacuation-desched', '2025-11-20T09:58:00Z', 'system-maintenance'),
      vmim('Pending', { created: '2025-11-20T10:00:00Z' }),
    ];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    const doc = diagnosisDocument(d, []);
    // virtctl's VMIM has no spec.priority: queue priority 0, behind system-critical 100 and system-maintenance 20.
    expect(doc.queue).toMatchObject({ order: 'priority', reason: 'ga', gate: 'MigrationPriorityQueue', priority: 0, position: 3, behind: 0 });
    expect(doc.queue?.ahead).toEqual(['team-9/kubevirt-evacuation-late', 'team-9/kubevirt-evacuation-desched']);
    expect(doc.checks.find((c) => c.id === 'migration-slots')?.summary).toContain('queue position 3 by priority');
  });

  it('a migration that is not waiting has no queue', async () => {
    const d = await whyScenario([...vmCluster(), vmim('Running')], { name: 'vm1', now: NOW });
    expect(diagnosisDocument(d, []).queue).toBeUndefined();
  });
});
