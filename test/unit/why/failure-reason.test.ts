import { describe, expect, it } from 'vitest';
import { classifyFailure, failureReasonOf } from '../../../src/analyze/why/parse/failure-reason.js';
import { classifyLibvirtText, parseVirError } from '../../../src/analyze/why/parse/libvirt-error.js';

// Texts are KubeVirt's (src/kubevirt/constants.ts) or real reports (issue cited). "composed" = a
// real KubeVirt wrapper around a libvirt/QEMU text seen verbatim elsewhere (source named).
const UID = '31dc1bdb-db52-4821-8419-a6400fca9b4b';
const migratedEvent = (reason: string) => `VirtualMachineInstance migration uid ${UID} failed. reason:${reason}`;

describe('classifyFailure: same cause across eras', () => {
  const cases: { era: string; text: string; cause: string; args: Record<string, unknown> }[] = [
    // progress timeout: v0.59–v1.2 only in the Migrated event, v1.3–v1.8 also in failureReason
    { era: 'v0.59 event', text: migratedEvent('Live migration stuck for 150 seconds and has been aborted'), cause: 'progress-timeout', args: { seconds: 150 } },
    { era: 'v1.2 event', text: migratedEvent('Live migration stuck for 150 seconds and has been aborted'), cause: 'progress-timeout', args: { seconds: 150 } },
    { era: 'v1.8 failureReason', text: 'Live migration stuck for 150 seconds and has been aborted', cause: 'progress-timeout', args: { seconds: 150 } },
    // completion timeout
    { era: 'v0.59 event', text: migratedEvent('Live migration is not completed after 3200 seconds and has been aborted'), cause: 'completion-timeout', args: { seconds: 3200 } },
    { era: 'v1.8 failureReason', text: 'Live migration is not completed after 600 seconds and has been aborted', cause: 'completion-timeout', args: { seconds: 600 } },
    // aborts
    { era: '≤v1.8 (trailing space)', text: 'Live migration aborted ', cause: 'aborted', args: { ambiguous: false } },
    { era: 'v0.59 event', text: migratedEvent('Live migration aborted '), cause: 'aborted', args: { ambiguous: false } },
    { era: 'v1.9', text: 'Live migration has been aborted', cause: 'aborted', args: { ambiguous: true } },
    { era: 'VMIM FailedMigration', text: 'Migration failed due to being canceled', cause: 'aborted', args: { ambiguous: false } },
    // target pod lost
    { era: 'v0.59 VMI event (lower case)', text: `VirtualMachineInstance migration uid ${UID} failed. reason: target pod is down`, cause: 'target-pod-lost', args: { mayBePendingTimeout: false } },
    { era: 'v1.2 VMI event', text: `VirtualMachineInstance migration uid ${UID} failed. reason: Target pod is down`, cause: 'target-pod-lost', args: { quote: 'Target pod is down' } },
    { era: 'v1.3+ failureReason', text: 'Target pod is down', cause: 'target-pod-lost', args: { mayBePendingTimeout: false } },
    { era: 'VMIM', text: 'Migration failed because target pod shutdown during migration', cause: 'target-pod-lost', args: { mayBePendingTimeout: false } },
    { era: 'VMIM', text: 'Migration target pod was removed during active migration.', cause: 'target-pod-lost', args: { mayBePendingTimeout: true } },
    { era: 'VMIM', text: 'Migration failed because target attachment pod shutdown during migration', cause: 'target-pod-lost', args: {} },
    // conflict / VMI gone
    { era: 'VMIM', text: 'VMI is not eligible for migration because another migration job is in progress.', cause: 'migration-conflict', args: {} },
    { era: 'VMIM', text: "VMI's migration state was taken over by another migration job during active migration.", cause: 'migration-conflict', args: {} },
    { era: 'VMIM', text: 'Migration failed because vmi does not exist.', cause: 'vmi-not-running', args: {} },
    { era: 'VMIM', text: 'Migration failed vmi shutdown during migration.', cause: 'vmi-not-running', args: {} },
    // aggregated event text
    { era: 'aggregated', text: `(combined from similar events): ${migratedEvent('Live migration stuck for 150 seconds and has been aborted')}`, cause: 'progress-timeout', args: { seconds: 150 } },
  ];
  it.each(cases)('$era: $text → $cause', ({ text, cause, args }) => {
    const got = classifyFailure(text);
    expect(got?.cause).toBe(cause);
    expect(got?.args).toMatchObject(args);
  });
});

describe('classifyFailure: CPU incompatibility', () => {
  it('v1.3+ failureReason (kubevirt/kubevirt#12519)', () => {
    const text =
      "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=9, Domain=31, Message='operation failed: guest CPU doesn't match specification: missing features: vmx-rdrand-exit,vmx-vmfunc,vmx-rdseed-exit,vmx-posted-intr')";
    expect(classifyFailure(text)).toEqual({
      cause: 'cpu-incompatible',
      args: {
        quote: "operation failed: guest CPU doesn't match specification: missing features: vmx-rdrand-exit,vmx-vmfunc,vmx-rdseed-exit,vmx-posted-intr",
        features: ['vmx-rdrand-exit', 'vmx-vmfunc', 'vmx-rdseed-exit', 'vmx-posted-intr'],
        extraFeatures: [],
      },
    });
  });

  it('Migrated event (harvester/harvester#7965)', () => {
    const text =
      "VirtualMachineInstance migration uid a4fc06fb-209b-4bd2-8b29-cdd91c707b8e failed. reason:Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=9, Domain=31, Message='operation failed: guest CPU doesn't match specification: missing features: vmx-exit-load-perf-global-ctrl,vmx-entry-load-perf-global-ctrl')";
    const got = classifyFailure(text);
    expect(got?.cause).toBe('cpu-incompatible');
    expect(got?.args).toMatchObject({ features: ['vmx-exit-load-perf-global-ctrl', 'vmx-entry-load-perf-global-ctrl'] });
  });

  it('v1.6+ raw libvirt error without KubeVirt prefix (text of harvester/harvester#11358)', () => {
    const got = classifyFailure("virError(Code=9, Domain=31, Message='operation failed: guest CPU doesn't match specification: missing features: pdcm')");
    expect(got).toMatchObject({ cause: 'cpu-incompatible', args: { features: ['pdcm'] } });
  });

  it('host CPU lacks features, comma+space list (libvirtd log text, composed wrapper)', () => {
    const got = classifyFailure(
      "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=91, Domain=31, Message='the CPU is incompatible with host CPU: Host CPU does not provide required features: xsave, avx')",
    );
    expect(got).toMatchObject({ cause: 'cpu-incompatible', args: { features: ['xsave', 'avx'], extraFeatures: [] } });
  });

  it('extra features are kept apart', () => {
    expect(classifyLibvirtText("guest CPU doesn't match specification: extra features: ht")).toMatchObject({
      cause: 'cpu-incompatible',
      args: { features: [], extraFeatures: ['ht'] },
    });
  });
});

describe('classifyFailure: post-copy, storage, network, libvirt', () => {
  const cases: { name: string; text: string; cause: string; args: Record<string, unknown> }[] = [
    {
      name: 'userfaultfd not permitted (composed: tp-libvirt#3514 + kubevirt#17780)',
      text: "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='internal error: unable to execute QEMU command 'migrate-set-capabilities': Postcopy is not supported: Userfaultfd not available: Operation not permitted')",
      cause: 'post-copy-failed',
      args: { quote: "internal error: unable to execute QEMU command 'migrate-set-capabilities': Postcopy is not supported: Userfaultfd not available: Operation not permitted" },
    },
    { name: 'irrecoverable post-copy (§6)', text: 'VMI is irrecoverable due to failed post-copy migration', cause: 'post-copy-failed', args: {} },
    {
      name: '≤v1.8 destination smaller ("then")',
      text: 'Volume migration cannot be performed because the destination volume is smaller then the source volume: rootdisk',
      cause: 'storage-error',
      args: { kind: 'destination-smaller' },
    },
    {
      name: 'v1.9 destination smaller ("than")',
      text: 'Volume migration cannot be performed because the destination volume is smaller than the source volume: rootdisk',
      cause: 'storage-error',
      args: { kind: 'destination-smaller' },
    },
    {
      name: 'read-only disk (kubevirt/kubevirt#3920, v0.3x event form)',
      text: migratedEvent("Live migration failed virError(Code=84, Domain=10, Message='Operation not supported: Cannot migrate empty or read-only disk sda')"),
      cause: 'storage-error',
      args: { kind: 'read-only-disk', quote: 'Operation not supported: Cannot migrate empty or read-only disk sda' },
    },
    {
      name: 'migration proxy socket refused (composed)',
      text: "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=38, Domain=7, Message='Failed to connect socket to '/var/run/kubevirt/migrationproxy/2b1f7886-source.sock': Connection refused')",
      cause: 'network-error',
      args: { kind: 'proxy' },
    },
    {
      name: 'connection reset to target (composed)',
      text: "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=38, Domain=10, Message='Cannot recv data: Connection reset by peer')",
      cause: 'network-error',
      args: { kind: 'reset' },
    },
    {
      name: 'QEMU monitor reset (composed)',
      text: "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=38, Domain=10, Message='Unable to read from monitor: Connection reset by peer')",
      cause: 'network-error',
      args: { kind: 'monitor-reset' },
    },
    { name: 'migration0 without IP (§9)', text: "error encountered while generating migration parameters: migration0 present but doesn't have an IP", cause: 'network-error', args: { kind: 'migration-network' } },
    {
      name: 'unrecognised libvirt error (tp-libvirt#4422 text, composed wrapper)',
      text: "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor')",
      cause: 'libvirt-error',
      args: { quote: 'internal error: qemu unexpectedly closed the monitor' },
    },
    { name: 'v1.9 preparing-domain error', text: 'error encountered during preparing domain for migration: something odd', cause: 'libvirt-error', args: { quote: 'something odd' } },
    { name: 'v1.9 domain state (sic)', text: 'failed to retrive domain state', cause: 'libvirt-error', args: {} },
  ];
  it.each(cases)('$name', ({ text, cause, args }) => {
    const got = classifyFailure(text);
    expect(got?.cause).toBe(cause);
    expect(got?.args).toMatchObject(args);
  });
});

describe('classifyFailure: texts without a cause', () => {
  it.each([
    'source node reported migration failed',
    "VMI's migration state was cleared during the active migration.",
    'Migration timeout waiting for utility volumes to detach from VMI [ns/vm]. Utility volumes still present after 150 seconds.',
    'VirtualMachineInstance is migrating.',
    '',
  ])('%j → undefined', (text) => {
    expect(classifyFailure(text)).toBeUndefined();
  });
});

describe('helpers', () => {
  it('failureReasonOf strips the Migrated wrapper', () => {
    expect(failureReasonOf(migratedEvent('Live migration aborted '))).toBe('Live migration aborted');
  });
  it('parseVirError keeps quotes inside the message', () => {
    expect(parseVirError("x: virError(Code=1, Domain=10, Message='unable to execute QEMU command 'migrate': boom')")).toEqual({
      code: 1,
      domain: 10,
      message: "unable to execute QEMU command 'migrate': boom",
    });
  });
});

describe('classifyFailure: unknown text', () => {
  const raw = 'internal error: qemu unexpectedly closed the monitor';
  it('is a libvirt-error when known to be a failure reason or inside a failed Migrated event', () => {
    expect(classifyFailure(raw, { isFailureReason: true })).toEqual({ cause: 'libvirt-error', args: { quote: raw } });
    expect(classifyFailure(migratedEvent(raw))).toEqual({ cause: 'libvirt-error', args: { quote: raw } });
  });
  it('is unclassified otherwise', () => {
    expect(classifyFailure(raw)).toBeUndefined();
  });
});
