// Lines about one migration in the component logs a snapshot holds (context.componentLogs):
// virt-controller writes why it could not create a target pod (harvester/harvester#7161: the
// quota refusal, as `reenqueuing Migration <ns>/<name>` with the error as `reason`), and a CNI
// daemon why the target pod's sandbox never came up (kube-ovn/kube-ovn#6220). KubeVirt's logs are
// JSON lines (launcher-log-lines.ts reads them, pasted or reflowed); CNI daemons write klog.
import type { ComponentLog } from '../../kube/known.js';
import { COMPONENT_VIRT_CONTROLLER, LOG_REENQUEUING_MIGRATION } from '../../kubevirt/constants.js';
import { goFormatRegExp } from './parse/go-format.js';
import type { WhyContext } from './context.js';
import { parseLauncherLogLines, type LauncherLogLine } from './launcher-log-lines.js';

export interface ComponentLine {
  log: ComponentLog;
  line: LauncherLogLine;
}

const isController = (l: ComponentLog): boolean => l.pod === COMPONENT_VIRT_CONTROLLER || l.pod.startsWith(`${COMPONENT_VIRT_CONTROLLER}-`);

const REENQUEUING = goFormatRegExp(LOG_REENQUEUING_MIGRATION, 'exact');

/** virt-controller's `reenqueuing Migration <ns>/<name>` lines of this migration, with their error, in order. */
export function controllerRequeues(ctx: WhyContext, namespace: string, migration: string): ComponentLine[] {
  const key = `${namespace}/${migration}`;
  return (ctx.componentLogs ?? []).filter(isController).flatMap((log) =>
    parseLauncherLogLines(log.text)
      .filter((line) => line.reason !== undefined && REENQUEUING.exec(line.msg.trim())?.[1] === key)
      .map((line) => ({ log, line })),
  );
}

/** klog's header: severity, MMDD, time, thread id, file:line]. */
const KLOG = /^([IWEF])\d{4} [\d:.]+\s+\d+\s+[^\]\s]+\]\s?(.*)$/;
/** Lines after a CNI request that names the pod and still belong to its handling. */
const CNI_WINDOW_LINES = 30;

/**
 * A CNI daemon's error about `pod`: the last klog error line within the handling of the first
 * request that names the pod (the lines after it, up to the next request). The daemon names the
 * pod only in the request line; its errors name interfaces.
 */
export function cniErrorFor(ctx: WhyContext, pod: string | undefined): { log: ComponentLog; quote: string } | undefined {
  if (!pod) return undefined;
  for (const log of ctx.componentLogs ?? []) {
    if (isController(log)) continue;
    const lines = log.text.split('\n');
    const at = lines.findIndex((l) => l.includes(pod));
    if (at < 0) continue;
    let quote: string | undefined;
    for (const raw of lines.slice(at + 1, at + 1 + CNI_WINDOW_LINES)) {
      const m = KLOG.exec(raw.trim());
      if (!m) continue;
      if (m[1] === 'E' || m[1] === 'F') quote = m[2]!.trim();
      // The next request: another pod's handling starts.
      else if (/ Incoming .* request$/.test(m[2]!) && quote) break;
    }
    if (quote) return { log, quote };
  }
  return undefined;
}
