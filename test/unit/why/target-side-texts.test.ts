import { describe, expect, it } from 'vitest';
import * as K from '../../../src/kubevirt/constants.js';
import {
  COMMAND_SYNC_MIGRATION_TARGET,
  COMPONENT_LAUNCHER,
  COMPONENT_LAUNCHER_MONITOR,
  SUBCOMPONENT_LIBVIRT,
  LOG_LIFECYCLE_EVENT_OLD,
  LOG_TARGET_PREPARE_FAILED,
  LOG_TARGET_PREPARED,
  LOG_TARGET_SIGNALED_CLEANUP,
  MSG_LAUNCHER_UNREACHABLE,
  MSG_SYNC_TARGET_FAILED,
  PANIC_DOMAIN_NEVER_DEFINED,
  QEMU_LOG_SHUTDOWN_FAILED,
  TARGET_LIBVIRT_NOISE,
  TARGET_QEMU_TEXTS,
} from '../../../src/kubevirt/target-side-texts.js';
import * as T from '../../../src/kubevirt/target-side-texts.js';
import { parseLauncherLogLines } from '../../../src/analyze/why/launcher-log-lines.js';
import { goFormatRegExp, matchGoFormat } from '../../../src/analyze/why/parse/go-format.js';
import { ERAS, MIGRATION_UID, T as TIMES, at, launcherLog, progressMsg } from '../../fixtures/objects/failed-migrations.js';

// Sample lines are verbatim from the public reports named (`cut`: the report shows only this much).
// The #16386 lines are the v1.7 target launcher's virt-launcher-monitor dump of the QEMU log.
const I16386 = 'https://github.com/kubevirt/kubevirt/issues/16386';
const MINIMEGA = 'https://github.com/sandia-minimega/minimega/issues/847';
const ALMA = 'https://github.com/AlmaLinux/almalinux-deploy/issues/196';
const PANDA = 'https://github.com/panda-re/panda/issues/410';

const QEMU_SAMPLES: { id: string; url: string; line: string; cut?: boolean }[] = [
  { id: 'qemu-unknown-section', url: 'https://bugs.launchpad.net/bugs/1869426', line: "Unknown savevm section or instance 'serial' 1" },
  { id: 'qemu-unknown-ramblock', url: MINIMEGA, line: 'qemu-system-x86_64: Unknown ramblock "0000:00:04.0:01.0/e1000.rom", cannot accept migration' },
  { id: 'qemu-ram-length-mismatch', url: PANDA, line: 'qemu-system-x86_64: Length mismatch: pc.ram: 0x100000000 in != 0x8000000: Invalid argument' },
  {
    id: 'qemu-virtio-features',
    url: I16386,
    line: '{"component":"virt-launcher-monitor","level":"info","msg":"2025-12-16T22:06:36.625034Z qemu-kvm: Features 0x1c0010130afffaf unsupported. Allowed features: 0x10179bfffef","pos":"virt-launcher-monitor.go:393","timestamp":"2025-12-16T22:06:37.498462Z"}',
  },
  {
    // The source's view of the target QEMU failing to start: a VMI `Migrated` event (Harvester, KubeVirt v1.6+).
    id: 'libvirt-process-exited',
    url: 'https://github.com/harvester/harvester/issues/10221',
    line: `VirtualMachineInstance migration uid e0d0d6b1-c195-4171-8f66-45ac449e8fa6 failed. reason:virError(Code=1, Domain=10, Message='internal error: process exited while connecting to monitor: 2026-03-16T08:07:44.348849Z qemu-system-x86_64: -blockdev {"driver":"file","filename":"/var/run/kubevirt/container-disks/disk_2.img","node-name":"libvirt-3-storage","read-only":true,"discard":"unmap","cache":{"direct":true,"no-flush":false}}: Could not open '/var/run/kubevirt/container-disks/disk_2.img': No such file or directory')`,
  },
  { id: 'qemu-section-footer', url: ALMA, line: '2024-01-18T00:16:31.582070Z qemu-kvm: Missing section footer for 0000:00:01.3/piix4_pm' },
  { id: 'qemu-section-footer', url: 'https://github.com/vitalif/vitastor/issues/132', line: 'QEMU[2538388]: kvm: check_section_footer: Read section footer failed: -5' },
  {
    // libvirt on the source quoting the destination QEMU (as the page renders it, `&#10;` = newline).
    id: 'qemu-section-footer',
    url: 'https://github.com/autotest/tp-libvirt/pull/6121',
    line: "error: internal error: QEMU unexpectedly closed the monitor (vm='avocado-vt-vm1'): 2025-01-09T18:20:49.709830Z qemu-kvm: check_section_footer: Read section footer failed: -5&#10;2025-01-09T18:20:49.710893Z qemu-kvm: load of migration failed: Invalid argument",
  },
  {
    id: 'qemu-field-load-failed',
    url: I16386,
    line: '{"component":"virt-launcher-monitor","level":"info","msg":"2025-12-16T22:06:36.625083Z qemu-kvm: Failed to load virtio-net:virtio","pos":"virt-launcher-monitor.go:393","timestamp":"2025-12-16T22:06:37.498467Z"}',
  },
  {
    id: 'qemu-device-state-load-failed',
    url: I16386,
    cut: true,
    line: `{"component":"virt-launcher-monitor","level":"info","msg":"2025-12-16T22:06:36.625087Z qemu-kvm: error while loading state for instance 0x0 of device '0000:00:02.0:00.0/virtio-net'","pos":"virt-launcher-monitor.go:393","timestamp":"2025-12-16T22`,
  },
  { id: 'qemu-device-state-load-failed', url: MINIMEGA, line: "qemu-system-x86_64: error while loading state for instance 0x0 of device 'ram'" },
  { id: 'qemu-device-state-load-failed', url: PANDA, line: "qemu-system-x86_64: error while loading state for instance 0x0 of device 'ram'" },
  { id: 'qemu-load-of-migration-failed', url: MINIMEGA, line: 'qemu-system-x86_64: load of migration failed: Invalid argument' },
  { id: 'qemu-load-of-migration-failed', url: ALMA, line: '2024-01-18T00:16:31.582169Z qemu-kvm: load of migration failed: Invalid argument' },
];

/** The text a pattern sees: a JSON line's `msg`, else the raw line (a cut line stays raw). */
function textOf(line: string): string {
  return parseLauncherLogLines(line)[0]!.msg;
}

/** A Go template with example values, for the source-side corpus. */
function fill(template: string): string {
  return template.replace(/%%/g, '%').replace(/%d/g, '150').replace(/%q/g, '"vm-00"').replace(/%[sv]/g, 'vm-00');
}

// Source-side lines as the existing fixtures build them: the source launcher's messages (constants.ts
// LOG_*) in the fixture's JSON line shape, its progress lines in every era, and the
// failure texts of the failure-reason scenarios, bare and wrapped as each era stores them.
const FIXTURE_LIBVIRT_FAILURES = [
  "operation failed: guest CPU doesn't match specification: missing features: vmx-exit-load-perf-global-ctrl,vmx-entry-load-perf-global-ctrl",
  "internal error: unable to execute QEMU command 'migrate-set-capabilities': Postcopy is not supported: Userfaultfd not available: Operation not permitted",
  'Operation not supported: Cannot migrate empty or read-only disk sda',
  `Failed to connect socket to '/var/run/kubevirt/migrationproxy/${MIGRATION_UID}-source.sock': Connection refused`,
  'internal error: qemu unexpectedly closed the monitor',
  'Cannot recv data: Connection reset by peer',
];
const kubevirtTexts = (prefix: string) =>
  Object.entries(K)
    .filter(([name, v]) => name.startsWith(prefix) && typeof v === 'string')
    .map(([, v]) => fill(v as string));
const SOURCE_SIDE: string[] = [
  ...kubevirtTexts('LOG_'),
  ...kubevirtTexts('FAILURE_'),
  ...kubevirtTexts('MSG_'),
  ...ERAS.map((era) => progressMsg(era, { t: 40, remainingMiB: 900, bandwidthMbps: 800, dirtyMbps: 120, iteration: 3 })),
  ...FIXTURE_LIBVIRT_FAILURES.flatMap((m) => [
    m,
    `virError(Code=1, Domain=10, Message='${m}')`,
    `Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='${m}')`,
  ]),
];
const SOURCE_LOG = parseLauncherLogLines(
  launcherLog([
    ...kubevirtTexts('LOG_').map((msg, i) => ({ at: at(TIMES.started, i), msg })),
    ...FIXTURE_LIBVIRT_FAILURES.map((m, i) => ({
      at: at(TIMES.started, 100 + i),
      level: 'error' as const,
      msg: K.LOG_MIGRATION_FAILED,
      reason: fill(K.FAILURE_MIGRATE_TO_URI3).replace('vm-00', `virError(Code=1, Domain=10, Message='${m}')`),
    })),
  ]),
);

describe('TARGET_QEMU_TEXTS', () => {
  it.each(QEMU_SAMPLES)('$id matches its report line first ($url)', ({ id, line }) => {
    const text = textOf(line);
    const first = TARGET_QEMU_TEXTS.find((t) => t.pattern.test(text));
    expect(first?.id).toBe(id);
  });

  it('every pattern has a report sample', () => {
    const sampled = new Set(QEMU_SAMPLES.map((s) => s.id));
    expect(TARGET_QEMU_TEXTS.map((t) => t.id).filter((id) => !sampled.has(id))).toEqual([]);
  });

  it('the samples are JSON where the report shows a whole line', () => {
    const json = QEMU_SAMPLES.filter((s) => s.line.startsWith('{') && !s.cut).map((s) => parseLauncherLogLines(s.line)[0]!);
    expect(json.length).toBeGreaterThan(0);
    for (const l of json) expect(l.level).toBe('info'); // QEMU lines carry no error level: never filter by level
  });

  it.each(SOURCE_SIDE.map((s) => [s]))('no pattern matches the source-side text %s', (text) => {
    expect(TARGET_QEMU_TEXTS.filter((t) => t.pattern.test(text)).map((t) => t.id)).toEqual([]);
  });

  it('no pattern matches a source launcher log line of the fixtures', () => {
    expect(SOURCE_LOG.length).toBeGreaterThan(10);
    for (const l of SOURCE_LOG) {
      expect(TARGET_QEMU_TEXTS.filter((t) => t.pattern.test(l.msg) || t.pattern.test(l.reason ?? ''))).toEqual([]);
    }
  });

  it('a healthy target launcher’s libvirt noise classifies as nothing', () => {
    for (const n of TARGET_LIBVIRT_NOISE) expect(TARGET_QEMU_TEXTS.some((t) => t.pattern.test(n))).toBe(false);
  });

  it('QEMU_LOG_SHUTDOWN_FAILED marks the target QEMU stopping after the failure', () => {
    expect(QEMU_LOG_SHUTDOWN_FAILED.test('2024-01-18 00:16:31.611+0000: shutting down, reason=failed')).toBe(true); // ALMA
    expect(QEMU_LOG_SHUTDOWN_FAILED.test('2024-01-18 00:16:31.611+0000: shutting down, reason=migrated')).toBe(false);
  });
});

describe('target-side KubeVirt templates', () => {
  // [template, report line, the line's text the template must be found in]
  const cases: [string, string, string][] = [
    [
      LOG_TARGET_PREPARED,
      'https://github.com/kubevirt/kubevirt/issues/3453',
      '{"component":"virt-launcher","kind":"","level":"info","msg":"Prepared migration target pod","name":"vm1","namespace":"default","pos":"server.go:148","timestamp":"2020-05-20T14:29:39.460627Z","uid":"c72b2e38-21c9-4f97-8c46-ad2d404326e2"}',
    ],
    [PANIC_DOMAIN_NEVER_DEFINED, 'https://github.com/kubevirt/kubevirt/issues/3453', 'panic: timed out waiting for domain to be defined'],
    [
      LOG_TARGET_PREPARE_FAILED,
      'https://github.com/kubevirt/kubevirt/issues/3990',
      '{"component":"virt-launcher","kind":"","level":"error","msg":"Failed to prepare migration target pod","name":"testvmihmj8dgdhbqrf7r2nj8tfz2xfnccfcpzm6qbwhttqqlfd6q2l","namespace":"kubevirt-test-default","pos":"server.go:142","reason":"no supported file disk found for volume with index 0","timestamp":"2020-08-20T00:16:15.845034Z","uid":"bb9f261e-dbb4-4f64-8dea-65266e3a4ffa"}',
    ],
    [LOG_TARGET_SIGNALED_CLEANUP, 'https://github.com/kubevirt/kubevirt/pull/5328', 'Signaled target pod virt-launcher-testvmi-w57rg-b5d98 to cleanup'],
    [LOG_LIFECYCLE_EVENT_OLD, 'https://github.com/kubevirt/kubevirt/issues/3920', '{"component":"virt-launcher","level":"info","msg":"DomainLifecycle event 0 with reason 1 received","pos":"client.go:336","timestamp":"2020-07-31T10:02:54.371283Z"}'],
  ];
  it.each(cases)('%s (%s)', (template, _url, line) => {
    expect(matchGoFormat(template, textOf(line), 'contains')).toBeDefined();
  });

  it('the target virt-handler wraps an unreachable launcher (harvester/harvester#5076)', () => {
    const line =
      '2024-01-31T13:23:48.555760707Z stderr F {"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance default/rke2-guest-01-pool1-b4649f31-9g2nx","pos":"vm.go:1588","reason":"syncing migration target failed: unknown error encountered sending command SyncMigrationTarget: rpc error: code = Unavailable desc = error reading from server: EOF","timestamp":"2024-01-31T13:23:48.555655Z"}';
    const reason = JSON.parse(line.slice(line.indexOf('{'))).reason as string;
    const [inner] = matchGoFormat(MSG_SYNC_TARGET_FAILED, reason)!;
    const [command, grpc] = matchGoFormat(MSG_LAUNCHER_UNREACHABLE, inner!)!;
    expect(command).toBe(COMMAND_SYNC_MIGRATION_TARGET);
    expect(grpc).toMatch(/^rpc error: code = Unavailable/);
  });

  it('the source launcher says nothing a target template would claim', () => {
    const templates = Object.entries(T)
      .filter(([name, v]) => /^(LOG|PANIC|MSG|LIFECYCLE)_/.test(name) && typeof v === 'string')
      .map(([, v]) => goFormatRegExp(v as string, 'contains'));
    expect(templates.length).toBeGreaterThan(10);
    for (const l of SOURCE_LOG) for (const re of templates) expect(re.test(l.msg)).toBe(false);
  });

  it('virtqemud lines are virt-launcher lines with subcomponent libvirt (kubevirt/kubevirt#10245)', () => {
    const line =
      '{"component":"virt-launcher","level":"info","msg":"registering QEMU as driver 3","pos":"virRegisterConnectDriver:527","subcomponent":"libvirt","thread":"22","timestamp":"2023-08-07T02:09:58.491000Z"}';
    expect(JSON.parse(line)).toMatchObject({ component: COMPONENT_LAUNCHER, subcomponent: SUBCOMPONENT_LIBVIRT });
  });

  it('the v1.7 QEMU log dump comes from virt-launcher-monitor, not virt-launcher', () => {
    const dumped = QEMU_SAMPLES.filter((s) => s.url === I16386 && !s.cut).map((s) => JSON.parse(s.line) as { component: string });
    expect(dumped.map((o) => o.component)).toEqual([COMPONENT_LAUNCHER_MONITOR, COMPONENT_LAUNCHER_MONITOR]);
    expect(dumped.every((o) => o.component !== COMPONENT_LAUNCHER)).toBe(true);
  });
});
