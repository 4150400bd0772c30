// What the *target* launcher's `compute` log says about a failed migration
// (docs/kubevirt/target-side-failures.md): the first line that names a target-side failure, its
// class and the cause it stands for. The target pod serves one migration, so the whole (bounded)
// tail belongs to it; time decides cause against consequence: the earliest decisive line wins,
// and the cleanup KubeVirt runs after a failure decided elsewhere names nothing.
import {
  COMPONENT_LAUNCHER_MONITOR,
  LOG_DIRTY_SHUTDOWN,
  LOG_DIRTY_SHUTDOWN_OLD,
  LOG_TARGET_PREPARE_FAILED,
  LOG_TARGET_PROXY_FAILED,
  LOG_TARGET_SIGNALED_CLEANUP,
  LOG_VIRTQEMUD_EXITED,
  PANIC_DOMAIN_NEVER_DEFINED,
  PANIC_EARLY_EXIT,
  SUBCOMPONENT_LIBVIRT,
  SUBCOMPONENT_QEMU,
  TARGET_LIBVIRT_NOISE,
  TARGET_QEMU_TEXTS,
  type TargetSideClass,
} from '../../../kubevirt/target-side-texts.js';
import type { LauncherLogLine } from '../launcher-log-lines.js';
import { goFormatRegExp } from './go-format.js';
import { classifyLibvirtText, type LibvirtFailure } from './libvirt-error.js';

/** The causes a target-side text can stand for (docs/documents.md ids). */
export type TargetSideCause = 'libvirt-error' | 'cpu-incompatible' | 'storage-error' | 'network-error' | 'target-pod-lost';

export interface TargetSideFinding {
  cls: TargetSideClass;
  /** A TARGET_QEMU_TEXTS id, or the KubeVirt text's name (`prepare-failed`, `domain-never-defined`, …). */
  id: string;
  /** The decisive text, verbatim. */
  quote: string;
  line: LauncherLogLine;
  /** The libvirt/QEMU classification when the text is one (storage kind, CPU features). */
  failure?: LibvirtFailure;
  cause: TargetSideCause;
}

const DIRTY_SHUTDOWN = goFormatRegExp(LOG_DIRTY_SHUTDOWN, 'prefix');
const PROXY_FAILED = goFormatRegExp(LOG_TARGET_PROXY_FAILED, 'prefix');
const CLEANUP = goFormatRegExp(LOG_TARGET_SIGNALED_CLEANUP, 'prefix');

/** What a QEMU/libvirt text on the target names: its own cause when libvirt's wording says one (CPU, disk), else libvirt-error. */
function qemuCause(text: string): { cause: TargetSideCause; failure: LibvirtFailure } {
  const failure = classifyLibvirtText(text);
  switch (failure.cause) {
    case 'cpu-incompatible':
    case 'storage-error':
      return { cause: failure.cause, failure };
    // On the target a reset monitor means its own QEMU went away, not the network.
    default:
      return { cause: 'libvirt-error', failure: { cause: 'libvirt-error', args: { quote: failure.args.quote } } };
  }
}

function finding(line: LauncherLogLine, cls: TargetSideClass, id: string, quote: string, cause: TargetSideCause, failure?: LibvirtFailure): TargetSideFinding {
  return { cls, id, quote, line, cause, ...(failure ? { failure } : {}) };
}

/** One line's target-side meaning, or undefined (noise, progress, or nothing known). */
function classifyLine(line: LauncherLogLine): TargetSideFinding | 'cleanup' | undefined {
  const text = [line.msg, line.reason].filter((t): t is string => Boolean(t)).join(': ');
  if (TARGET_LIBVIRT_NOISE.some((n) => text.includes(n))) return undefined;
  if (CLEANUP.test(line.msg) || line.msg.includes(PANIC_EARLY_EXIT)) return 'cleanup';
  for (const t of TARGET_QEMU_TEXTS) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const q = qemuCause(text);
    return finding(line, t.cls, t.id, text, q.cause, q.failure);
  }
  if (line.msg.trim() === LOG_TARGET_PREPARE_FAILED) return finding(line, 'target-prepare-failed', 'prepare-failed', line.reason ?? line.msg, 'libvirt-error');
  if (line.msg.includes(PANIC_DOMAIN_NEVER_DEFINED)) return finding(line, 'launcher-crash', 'domain-never-defined', line.msg, 'target-pod-lost');
  if (line.msg.includes(LOG_VIRTQEMUD_EXITED)) return finding(line, 'launcher-crash', 'virtqemud-exited', line.msg, 'target-pod-lost');
  if (PROXY_FAILED.test(line.msg)) return finding(line, 'network', 'proxy-listening-failed', text, 'network-error', { cause: 'network-error', args: { quote: text, kind: 'proxy' } });
  // libvirt's own error lines (and the QEMU log): a guest CPU refusal or a disk that cannot be opened names its cause.
  const fromLibvirt = line.subcomponent === SUBCOMPONENT_LIBVIRT && line.level === 'error';
  const fromQemu = line.subcomponent === SUBCOMPONENT_QEMU || line.component === COMPONENT_LAUNCHER_MONITOR;
  if (fromLibvirt || fromQemu) {
    const q = qemuCause(text);
    if (q.cause !== 'libvirt-error') return finding(line, 'cpu-or-device-mismatch', `libvirt-${q.cause}`, text, q.cause, q.failure);
  }
  return undefined;
}

/**
 * The target-side failure the log names: the earliest decisive line. A dirty shutdown counts
 * (launcher-crash) only when no cleanup signal came before it: after `Signaled target pod … to
 * cleanup` / `received early exit signal` the exit follows a failure decided elsewhere.
 */
export function classifyTargetLog(lines: readonly LauncherLogLine[]): TargetSideFinding | undefined {
  let cleanedUp = false;
  for (const line of lines) {
    const c = classifyLine(line);
    if (c === 'cleanup') {
      cleanedUp = true;
      continue;
    }
    if (c) return c;
    if (!cleanedUp && (DIRTY_SHUTDOWN.test(line.msg) || line.msg.trim() === LOG_DIRTY_SHUTDOWN_OLD)) return finding(line, 'launcher-crash', 'dirty-shutdown', line.msg, 'target-pod-lost');
  }
  return undefined;
}
