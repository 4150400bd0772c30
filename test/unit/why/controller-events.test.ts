import { describe, expect, it } from 'vitest';
import { recognizeControllerEvent } from '../../../src/analyze/why/parse/controller-events.js';
import { parseMigrationCreateDenial } from '../../../src/analyze/why/parse/migration-create-denial.js';

// Reasons and messages from pkg/virt-controller/watch/migration/migration.go (templates filled in
// with sample names).
describe('recognizeControllerEvent', () => {
  const cases: { reason: string; message: string; want: Record<string, unknown> }[] = [
    { reason: 'SuccessfulCreate', message: 'Created migration target pod default/virt-launcher-vm1-hnnrz', want: { kind: 'target-pod-created', args: { pod: 'default/virt-launcher-vm1-hnnrz' } } },
    { reason: 'SuccessfulCreate', message: 'Created migration target pod virt-launcher-vm1-hnnrz', want: { kind: 'target-pod-created', args: { pod: 'virt-launcher-vm1-hnnrz' } } },
    { reason: 'SuccessfulCreate', message: 'Created attachment pod hp-volume-abcde', want: { kind: 'attachment-pod-created', args: { pod: 'hp-volume-abcde' } } },
    { reason: 'SuccessfulCreate', message: 'Created Migration kubevirt-evacuation-x7k2p', want: { kind: 'migration-created', args: { migration: 'kubevirt-evacuation-x7k2p', workloadUpdate: false } } },
    {
      reason: 'SuccessfulCreate',
      message: 'Created Migration kubevirt-workload-update-abcde for automated workload update',
      want: { kind: 'migration-created', args: { migration: 'kubevirt-workload-update-abcde', workloadUpdate: true } },
    },
    { reason: 'SuccessfulHandOver', message: 'Migration target pod is ready for preparation by virt-handler.', want: { kind: 'handed-over' } },
    { reason: 'FailedHandOver', message: 'Failed to set MigrationStat in VMI status. :the server rejected our request', want: { kind: 'hand-over-failed', args: { error: 'the server rejected our request' } } },
    { reason: 'SuccessfulMigration', message: 'Source node reported migration succeeded', want: { kind: 'migration-succeeded' } },
    { reason: 'SuccessfulAbortMigration', message: 'Migration is ready to be canceled by virt-handler.', want: { kind: 'abort-ready' } },
    // pending timeouts, v1.3+ and ≤v1.2 (Go EXTRA suffix)
    {
      reason: 'SuccessfulDelete',
      message: 'unschedulable pod default/virt-launcher-vm1-2jdct timeout period exceeded',
      want: { kind: 'pending-timeout', args: { timeout: 'unschedulable', namespace: 'default', pod: 'virt-launcher-vm1-2jdct' } },
    },
    {
      reason: 'SuccessfulDelete',
      message: 'pending pod default/virt-launcher-vm1-2jdct timeout period exceeded',
      want: { kind: 'pending-timeout', args: { timeout: 'pending', namespace: 'default', pod: 'virt-launcher-vm1-2jdct' } },
    },
    {
      reason: 'SuccessfulDelete',
      message: 'unschedulable pod timeout period exceeded%!(EXTRA string=virt-launcher-vm1-2jdct)',
      want: { kind: 'pending-timeout', args: { timeout: 'unschedulable', pod: 'virt-launcher-vm1-2jdct' } },
    },
    {
      reason: 'SuccessfulDelete',
      message: 'pending pod timeout period exceeded%!(EXTRA string=virt-launcher-vm1-2jdct)',
      want: { kind: 'pending-timeout', args: { timeout: 'pending', pod: 'virt-launcher-vm1-2jdct' } },
    },
    { reason: 'SuccessfulDelete', message: 'migration canceled and pod default/virt-launcher-vm1-2jdct is deleted', want: { kind: 'canceled-pod-deleted', args: { namespace: 'default', pod: 'virt-launcher-vm1-2jdct' } } },
    { reason: 'SuccessfulDelete', message: 'migration canceled%!(EXTRA string=virt-launcher-vm1-2jdct)', want: { kind: 'canceled-pod-deleted', args: { pod: 'virt-launcher-vm1-2jdct' } } },
    { reason: 'FailedDelete', message: 'Error deleting canceled migration target pod: boom', want: { kind: 'target-pod-delete-failed', args: { error: 'boom', canceled: true } } },
    { reason: 'migrationTargetPodUnschedulable', message: 'Migration target pod for VMI [default/vm1] is currently unschedulable.', want: { kind: 'target-pod-unschedulable', args: { namespace: 'default', vmi: 'vm1' } } },
    { reason: 'MigrationBackoff', message: 'backoff migrating vmi default/vm1', want: { kind: 'backoff', args: { namespace: 'default', vmi: 'vm1' } } },
    {
      reason: 'UtilityVolumeMigrationPending',
      message: 'Migration waiting for utility volumes to detach from VMI [default/vm1]. Will timeout in 120 seconds.',
      want: { kind: 'utility-volumes-pending', args: { namespace: 'default', vmi: 'vm1', seconds: 120 } },
    },
    // VMIM FailedMigration
    {
      reason: 'FailedMigration',
      message: 'Migration target pod was removed during active migration.',
      want: { kind: 'migration-failed', args: { sourceReported: false, failure: { cause: 'target-pod-lost', args: { mayBePendingTimeout: true } } } },
    },
    { reason: 'FailedMigration', message: 'source node reported migration failed', want: { kind: 'migration-failed', args: { sourceReported: true } } },
    {
      reason: 'FailedMigration',
      message: 'Migration timeout waiting for utility volumes to detach from VMI [default/vm1]. Utility volumes still present after 150 seconds.',
      want: { kind: 'utility-volumes-timeout', args: { namespace: 'default', vmi: 'vm1', seconds: 150 } },
    },
    // VMI FailedMigration (controller) and Migrated (handler)
    {
      reason: 'FailedMigration',
      message: 'VirtualMachineInstance migration uid 4a355310-708e-42b8-bd37-25c71ed6dc81 failed. reason: Target pod is down',
      want: { kind: 'migration-failed-on-vmi', args: { migrationUid: '4a355310-708e-42b8-bd37-25c71ed6dc81', reason: 'Target pod is down', failure: { cause: 'target-pod-lost' } } },
    },
    {
      reason: 'Migrated',
      message: 'VirtualMachineInstance migration uid 4a355310-708e-42b8-bd37-25c71ed6dc81 failed. reason:Live migration stuck for 150 seconds and has been aborted',
      want: { kind: 'migration-failed-on-vmi', args: { migrationUid: '4a355310-708e-42b8-bd37-25c71ed6dc81', failure: { cause: 'progress-timeout', args: { seconds: 150 } } } },
    },
    { reason: 'Migrated', message: 'The VirtualMachineInstance migrated to node node02.', want: { kind: 'migrated', args: { node: 'node02' } } },
    {
      reason: 'Migrated',
      message: "The VirtualMachineInstance's domain was never observed on the target after the migration completed within the timeout period.",
      want: { kind: 'migration-failed-on-vmi', args: { failure: { cause: 'target-pod-lost' } } },
    },
    {
      reason: 'Migrated',
      message: 'EvictionStrategy is set but vmi is not migratable; cannot migrate VMI: PVC data is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)',
      want: { kind: 'eviction-not-migratable' },
    },
    { reason: 'Migrating', message: 'VirtualMachineInstance is migrating.', want: { kind: 'migrating' } },
    { reason: 'Migrating', message: 'VirtualMachineInstance is aborting migration.', want: { kind: 'aborting' } },
    {
      reason: 'PreparingTarget',
      message: 'Migration Target is listening at 10.244.140.109, on ports: 34567,45678',
      want: { kind: 'target-listening', args: { address: '10.244.140.109', ports: '34567,45678' } },
    },
    { reason: 'PreparingTarget', message: 'VirtualMachineInstance Migration Target Prepared.', want: { kind: 'target-prepared' } },
    // FailedCreate on the VMI: target pod refused
    {
      reason: 'FailedCreate',
      message:
        'Error creating pod: pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-z4g94, requested: limits.memory=5682461313, used: limits.memory=5682461313, limited: limits.memory=10865341313',
      want: { kind: 'target-pod-create-failed', args: { attachment: false, classified: { cause: 'quota-exceeded', args: { quota: 'default-z4g94' } } } },
    },
    {
      reason: 'FailedCreate',
      message: 'Error creating a Migration: admission webhook "migration-create-validator.kubevirt.io" denied the request: in-flight migration detected. Active migration job (ec724e8e-07ef-4c10-84e1-d41fe62afb02) is currently already in progress for VMI testvm.',
      want: { kind: 'migration-create-failed', args: { workloadUpdate: false, classified: { cause: 'migration-conflict', args: { vmi: 'testvm' } } } },
    },
    { reason: 'FailedCreate', message: 'VirtualMachineInstance is not migrateable', want: { kind: 'evacuation-not-migratable' } },
  ];
  it.each(cases)('$reason: $message', ({ reason, message, want }) => {
    expect(recognizeControllerEvent({ reason, message })).toMatchObject(want);
  });

  it('NoSuitableNodesForHostModelMigration: Go map %v (harvester/harvester#3015 shape)', () => {
    const ev = recognizeControllerEvent({
      reason: 'NoSuitableNodesForHostModelMigration',
      message:
        'Migration cannot proceed since no node is suitable to run the required CPU model / required features: map[cpu-feature.node.kubevirt.io/amd-ssbd:true cpu-feature.node.kubevirt.io/arch-capabilities:true cpu-model-migration.node.kubevirt.io/EPYC-Rome:true]',
    });
    expect(ev).toEqual({
      kind: 'no-suitable-nodes-host-model',
      args: {
        labels: {
          'cpu-feature.node.kubevirt.io/amd-ssbd': 'true',
          'cpu-feature.node.kubevirt.io/arch-capabilities': 'true',
          'cpu-model-migration.node.kubevirt.io/EPYC-Rome': 'true',
        },
        model: 'EPYC-Rome',
        features: ['amd-ssbd', 'arch-capabilities'],
      },
    });
  });

  it('events.k8s.io `note` and aggregated messages', () => {
    expect(recognizeControllerEvent({ reason: 'MigrationBackoff', note: 'backoff migrating vmi ns/vm' })).toMatchObject({ kind: 'backoff' });
    expect(
      recognizeControllerEvent({ reason: 'MigrationBackoff', message: '(combined from similar events): backoff migrating vmi ns/vm' }),
    ).toMatchObject({ kind: 'backoff', args: { vmi: 'vm' } });
  });

  it('ignores events that are not migration events', () => {
    expect(recognizeControllerEvent({ reason: 'SuccessfulCreate', message: 'Created virtual machine pod virt-launcher-vm1-vtrdb' })).toBeUndefined();
    expect(recognizeControllerEvent({ reason: 'Started', message: 'VirtualMachineInstance started.' })).toBeUndefined();
  });
});

describe('parseMigrationCreateDenial', () => {
  it.each([
    [
      'in-flight migration detected. Active migration job (uid-1) is currently already in progress for VMI vm1.',
      { kind: 'in-flight-migration', activeMigrationUid: 'uid-1', vmi: 'vm1' },
    ],
    [
      'Cannot migrate VMI, Reason: CPUModeLiveMigratable, Message: the node "node1" does not allow migration with host-model',
      { kind: 'vmi-not-migratable', reason: 'CPUModeLiveMigratable', message: 'the node "node1" does not allow migration with host-model' },
    ],
    ['the VMI "ns/vm1" does not exist', { kind: 'vmi-missing', namespace: 'ns', name: 'vm1' }],
    ['Cannot migrate VMI in finalized state.', { kind: 'vmi-finalized' }],
  ])('%s', (text, want) => {
    expect(parseMigrationCreateDenial(text)).toEqual(want);
  });
});
