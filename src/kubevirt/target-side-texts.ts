// What the *target* side of a failed live migration writes: the target virt-launcher's `compute`
// log, the target virt-handler's VMI events, and the QEMU/libvirt texts a target writes when it
// refuses the incoming VM. docs/kubevirt/target-side-failures.md explains each text and how a
// `why` check tells a target-side failure from a source-side one.
//
// KubeVirt strings are Go format templates, verbatim from kubevirt/kubevirt at the tags named
// (checked at v0.59.0, v1.0.0, v1.2.0, v1.4.0, v1.6.0, v1.9.0 and main); match them with
// goFormatRegExp. QEMU, libvirt and Kubernetes texts are RegExps, each with the public report
// whose line it was written from. Texts that already have a home are not repeated here:
// - VMIM/VMI failure texts `Migration failed because target pod shutdown during migration`,
//   `Migration target pod was removed during active migration.`, `Target pod is down`,
//   `Migration Target is listening at %s, on ports: %s`, `VirtualMachineInstance Migration Target
//   Prepared.`: constants.ts (MSG_FAILED_TARGET_POD_SHUTDOWN, MSG_FAILED_TARGET_POD_REMOVED,
//   FAILURE_TARGET_POD_DOWN, MSG_TARGET_LISTENING, MSG_TARGET_PREPARED).
// - libvirt's `guest CPU doesn't match specification` (written by the *destination* libvirt) and
//   the socket errors (`Connection reset by peer`, `Unable to read from monitor`, …):
//   analyze/why/parse/libvirt-error.ts (cause cpu-incompatible / network-error).

/**
 * Where a target-side failure came from. `target-prepare-failed` is the target launcher refusing
 * SyncMigrationTarget before any state was sent (kubevirt/kubevirt#3990).
 */
export type TargetSideClass =
  | 'incoming-state-rejected'
  | 'cpu-or-device-mismatch'
  | 'launcher-crash'
  | 'target-oom'
  | 'target-shutdown'
  | 'network'
  | 'target-prepare-failed';

// ---- compute log line shape (staging/src/kubevirt.io/client-go/log/log.go, v0.59+ unchanged) ----

/** `component` of the launcher's own lines and of the libvirt/QEMU lines it forwards. */
export const COMPONENT_LAUNCHER = 'virt-launcher';
/** `component` of the PID-1 wrapper (cmd/virt-launcher-monitor); v1.7+ it dumps the QEMU log here at exit. */
export const COMPONENT_LAUNCHER_MONITOR = 'virt-launcher-monitor';
/** `subcomponent` of virtqemud's stderr lines (`LogLibvirtLogLine`; `level` is libvirt's, `pos` its function:line). */
export const SUBCOMPONENT_LIBVIRT = 'libvirt';
/**
 * `subcomponent` of the QEMU log lines (`LogQemuLogLine`, always `level` info). The file is read
 * once to its end when it appears (libvirt_helper.go `startVirtlogdLogging`), so this carries the
 * QEMU command line, rarely QEMU's later errors; those reach the log through libvirt's error
 * lines and, v1.7+, through the virt-launcher-monitor dump.
 */
export const SUBCOMPONENT_QEMU = 'qemu';

// ---- target virt-launcher (Go templates) ----

/** pkg/virt-launcher/virtwrap/cmd-server/server.go `SyncMigrationTarget`, v0.59+: preparation done. */
export const LOG_TARGET_PREPARED = 'Prepared migration target pod';
/** Same place, v0.59+: preparation refused; the error is the JSON line's `reason`. */
export const LOG_TARGET_PREPARE_FAILED = 'Failed to prepare migration target pod';
/**
 * cmd/virt-launcher/virt-launcher.go `waitForDomainUUID`, v0.59+: a raw `panic: …` line (not JSON)
 * after `--qemu-timeout` (default 3m) without an incoming domain; the launcher exits 2.
 */
export const PANIC_DOMAIN_NEVER_DEFINED = 'timed out waiting for domain to be defined';
/** cmd/virt-launcher-monitor, v0.59+: the launcher process exited non-zero (2 after any panic). */
export const LOG_DIRTY_SHUTDOWN = 'dirty virt-launcher shutdown: exit-code %d';
/** The same before v0.59 (kubevirt/kubevirt#3453, v0.28): the exit status is the line's `reason` (`exit status 2`). */
export const LOG_DIRTY_SHUTDOWN_OLD = 'dirty virt-launcher shutdown';
/** pkg/virt-launcher/virtwrap/util/libvirt_helper.go, v0.59+: virtqemud died inside the target pod. */
export const LOG_VIRTQEMUD_EXITED = 'virtqemud exited, restarting';
/** cmd/virt-launcher/virt-launcher.go, v0.59+: SIGTERM/SIGINT reached the launcher (pod deleted or evicted). */
export const LOG_RECEIVED_SIGNAL = 'Received signal %s';
/** cmd/virt-launcher-monitor, v0.59+: the wrapper forwards a termination signal. */
export const LOG_MONITOR_SIGNALLING_SHUTDOWN = 'signalling virt-launcher to shut down';
/** pkg/virt-launcher/virtwrap/live-migration-target.go, v0.59+: legacy (TCP) transport proxy on the target failed. */
export const LOG_TARGET_PROXY_FAILED = 'proxy listening failed, socket %s';
/** pkg/virt-launcher/notify-client/client.go, v1.0+ (`%s` is libvirt-go's `Domain event="…" detail="…"`). */
export const LOG_LIFECYCLE_EVENT = 'DomainLifecycle event %s with event id %d reason %d received';
/** Same, v0.59 only (numeric event and detail). */
export const LOG_LIFECYCLE_EVENT_OLD = 'DomainLifecycle event %d with reason %d received';
/**
 * The `%s` of LOG_LIFECYCLE_EVENT when the incoming domain stopped because it failed
 * (VIR_DOMAIN_EVENT_STOPPED=5 / _FAILED=5; vendor/libvirt.org/go/libvirt/domain_events.go, same in every tag).
 */
export const LIFECYCLE_STOPPED_FAILED = 'Domain event="stopped" detail="failed"';
/** v1.7+ live-migration-target.go `TargetMigrationMonitor`: the incoming job ended well (success marker). */
export const LOG_INCOMING_JOB_COMPLETED = 'Incoming migration job completed, setting EndTimestamp';

/**
 * Lines that *follow* a failure decided elsewhere and never name its cause: the target virt-handler
 * tells the target launcher to exit (pkg/virt-handler/migration-target.go `finalCleanup`, vm.go
 * before v1.6), which logs the first and then panics with the second (virt-launcher.go, v0.59+).
 */
export const LOG_TARGET_SIGNALED_CLEANUP = 'Signaled target pod %s to cleanup';
export const PANIC_EARLY_EXIT = 'received early exit signal';

// ---- target virt-handler (events on the VMI, `source.host` = target node) ----

/** SyncEvent `SyncFailed` (types.go, v0.59+): Warning on the VMI with the sync error as message. */
export const EVENT_SYNC_FAILED = 'SyncFailed';
/** migration-target.go (vm.go before v1.6), v0.59+: the launcher refused or could not be reached. */
export const MSG_SYNC_TARGET_FAILED = 'syncing migration target failed: %v';
/** pkg/virt-handler/cmd-client/errors.go: the launcher answered with an error (v0.59+, main). */
export const MSG_LAUNCHER_SERVER_ERROR = 'server error. command %s failed: %q';
/** Same file, v0.59–v1.9: no answer (gRPC error, e.g. `rpc error: code = Unavailable desc = error reading from server: EOF`). */
export const MSG_LAUNCHER_UNREACHABLE = 'unknown error encountered sending command %s: %s';
/** The command name in the two texts above. */
export const COMMAND_SYNC_MIGRATION_TARGET = 'SyncMigrationTarget';

// ---- Kubernetes ----

/** Container `state.terminated.reason` (or `lastState`) after the kernel OOM-killed a process in it. */
export const CONTAINER_REASON_OOM_KILLED = 'OOMKilled';

// ---- QEMU / libvirt texts of a target that refuses the incoming VM ----

export interface TargetQemuText {
  /** Stable id, also the key of the test's sample lines. */
  id: string;
  cls: TargetSideClass;
  /** Matches anywhere in a log `msg`, a failureReason or a `Migrated` event's reason. */
  pattern: RegExp;
}

/**
 * Only an *incoming* QEMU loads state or starts while a migration runs, so each of these names the
 * target wherever it is read (target log, or source failureReason that quotes the target's QEMU).
 * Most specific first: a mismatch line beats the generic load failure that follows it.
 */
export const TARGET_QEMU_TEXTS: readonly TargetQemuText[] = [
  // QEMU migration/savevm.c `qemu_loadvm_section_start_full`: the source sent a device the target
  // lacks; the 2025 rework drops "savevm " (qemu-devel patch). bugs.launchpad.net/bugs/1869426
  { id: 'qemu-unknown-section', cls: 'cpu-or-device-mismatch', pattern: /Unknown (?:savevm )?section or instance '[^']*' \d+/ },
  // QEMU migration/ram.c: a RAM block (ROM, firmware) exists only on the source. sandia-minimega/minimega#847
  { id: 'qemu-unknown-ramblock', cls: 'cpu-or-device-mismatch', pattern: /Unknown ramblock "[^"]*", cannot accept migration/ },
  // QEMU `qemu_ram_resize` (exec.c, later system/physmem.c) while loading RAM: a RAM block's size
  // differs (memory size, firmware image). panda-re/panda#410
  { id: 'qemu-ram-length-mismatch', cls: 'cpu-or-device-mismatch', pattern: /Length mismatch: \S+: 0x[0-9a-f]+ in != 0x[0-9a-f]+/ },
  // QEMU hw/virtio/virtio.c: device features negotiated by the source QEMU unknown to the target's
  // (KubeVirt v1.6 → v1.7 upgrade). kubevirt/kubevirt#16386
  { id: 'qemu-virtio-features', cls: 'cpu-or-device-mismatch', pattern: /Features 0x[0-9a-f]+ unsupported\. Allowed features: 0x[0-9a-f]+/ },
  // libvirt qemuProcessReportLogError: the target QEMU exited before its monitor came up (a
  // device, disk or CPU option it cannot honour). harvester/harvester#10221, kubevirt/kubevirt#13301
  { id: 'libvirt-process-exited', cls: 'cpu-or-device-mismatch', pattern: /process exited while connecting to monitor/ },
  // QEMU migration/savevm.c `check_section_footer`: stream and device layout disagree, or the
  // stream broke mid-section. AlmaLinux/almalinux-deploy#196, vitalif/vitastor#132, autotest/tp-libvirt#6121
  { id: 'qemu-section-footer', cls: 'incoming-state-rejected', pattern: /Missing section footer for \S+|Read section footer failed: -?\d+/ },
  // QEMU migration/vmstate.c `vmstate_load_state`: one field of one device. kubevirt/kubevirt#16386
  { id: 'qemu-field-load-failed', cls: 'incoming-state-rejected', pattern: /\bFailed to load [^\s:']+:\S+/ },
  // QEMU migration/savevm.c: the device whose state failed. kubevirt/kubevirt#16386, panda-re/panda#410
  { id: 'qemu-device-state-load-failed', cls: 'incoming-state-rejected', pattern: /error while loading state for instance 0x[0-9a-f]+ of device '[^']*'/ },
  // QEMU migration/migration.c `process_incoming_migration_co`: the summary line, `…: Invalid
  // argument` (QEMU ≥10 appends `: <detail>`). sandia-minimega/minimega#847, AlmaLinux/almalinux-deploy#196
  { id: 'qemu-load-of-migration-failed', cls: 'incoming-state-rejected', pattern: /\bload of migration failed\b/ },
];

/**
 * The line libvirt writes into the QEMU log when a domain stops; `reason=failed` on a target means
 * the incoming QEMU gave up (AlmaLinux/almalinux-deploy#196). A marker, not a cause: look for the
 * TARGET_QEMU_TEXTS lines before it.
 */
export const QEMU_LOG_SHUTDOWN_FAILED = /shutting down, reason=failed/;

/**
 * libvirt errors logged by a healthy target launcher (kubevirt/kubevirt tests/vmlogchecker/checker.go
 * allowlist, v1.9.0+): never evidence of a failure.
 */
export const TARGET_LIBVIRT_NOISE: readonly string[] = [
  'Operation not supported: migration statistics are available only on the source host',
];
