// Classify an apiserver error that refused the migration target pod (VMI `FailedCreate` event,
// migration.go `createTargetPod`) — or a VMIM (evacuation `FailedCreate`) — into a cause id with
// its arguments.
// Kubernetes texts matched here (not KubeVirt strings):
// - Pod Security admission: `violates PodSecurity "restricted:latest": <violations>`;
// - OpenShift SCC admission: `unable to validate against any security context constraint`;
// - LimitRanger: `maximum memory usage per Container is 8Gi, but limit is 10Gi` (and minimum/Pod);
// - any webhook: `admission webhook "<name>" denied the request: <message>`.

import { MSG_NEEDS_PRIVILEGED_NAMESPACE } from '../../../kubevirt/constants.js';
import { parseMigrationCreateDenial } from './migration-create-denial.js';
import { CONTROL_CHARS as C } from '../../../kube/control-chars.js';
import {
  parseQuotaExceeded,
  parseQuotaMustSpecify,
  type QuotaExceeded,
  type QuotaMustSpecify,
} from './quota-message.js';

export type PodSecurityRefusal =
  | { kind: 'pod-security'; level: string; version: string; violations: string }
  /** KubeVirt's wrapper: the VMI (e.g. post-copy) needs a privileged PSA namespace. */
  | { kind: 'privileged-namespace'; detail: string }
  | { kind: 'scc'; detail: string }
  | { kind: 'limit-range'; detail: string }
  | { kind: 'webhook'; webhook: string; message: string };

export type CreateErrorClass =
  | { cause: 'quota-exceeded'; args: { kind: 'exceeded' } & QuotaExceeded }
  | { cause: 'quota-exceeded'; args: { kind: 'must-specify' } & QuotaMustSpecify }
  | { cause: 'pod-security'; args: PodSecurityRefusal }
  | { cause: 'migration-conflict'; args: { activeMigrationUid: string; vmi: string } }
  | { cause: 'not-live-migratable'; args: { reason: string; message: string } };

// Names (level, version, webhook) never hold a control character; the free text after them may.
const PSA = new RegExp(`violates PodSecurity "([^":${C}]+):([^"${C}]+)":\\s*([\\s\\S]*)$`, 'u');
const SCC = /unable to validate against any security context constraint[\s\S]*$/;
const LIMIT_RANGE = /(?:maximum|minimum) \S+ usage per (?:Container|Pod|PersistentVolumeClaim) is [\s\S]*$/;
const WEBHOOK = new RegExp(`admission webhook "([^"${C}]+)" denied the request:\\s*([\\s\\S]*)$`, 'u');

/** Classify a create error; undefined when it is none of the refusals above (e.g. a timeout). */
export function classifyCreateError(text: string): CreateErrorClass | undefined {
  const exceeded = parseQuotaExceeded(text);
  if (exceeded) return { cause: 'quota-exceeded', args: { kind: 'exceeded', ...exceeded } };
  const mustSpecify = parseQuotaMustSpecify(text);
  if (mustSpecify) return { cause: 'quota-exceeded', args: { kind: 'must-specify', ...mustSpecify } };

  // KubeVirt's own webhook texts before the generic webhook rule: they name the real cause.
  const denial = parseMigrationCreateDenial(text);
  if (denial?.kind === 'in-flight-migration') {
    return { cause: 'migration-conflict', args: { activeMigrationUid: denial.activeMigrationUid, vmi: denial.vmi } };
  }
  if (denial?.kind === 'vmi-not-migratable') {
    return { cause: 'not-live-migratable', args: { reason: denial.reason, message: denial.message } };
  }

  // KubeVirt's wrapper first: it says why (a privileged namespace), the PSA text only what.
  const privileged = text.indexOf(MSG_NEEDS_PRIVILEGED_NAMESPACE);
  if (privileged >= 0) {
    const detail = text.slice(privileged + MSG_NEEDS_PRIVILEGED_NAMESPACE.length).replace(/^:\s*/, '').trim();
    return { cause: 'pod-security', args: { kind: 'privileged-namespace', detail } };
  }
  const psa = PSA.exec(text);
  if (psa) {
    return { cause: 'pod-security', args: { kind: 'pod-security', level: psa[1]!, version: psa[2]!, violations: psa[3]!.trim() } };
  }
  const scc = SCC.exec(text);
  if (scc) return { cause: 'pod-security', args: { kind: 'scc', detail: scc[0].trim() } };
  const limit = LIMIT_RANGE.exec(text);
  if (limit) return { cause: 'pod-security', args: { kind: 'limit-range', detail: limit[0].trim() } };
  const webhook = WEBHOOK.exec(text);
  if (webhook) {
    return { cause: 'pod-security', args: { kind: 'webhook', webhook: webhook[1]!, message: webhook[2]!.trim() } };
  }
  return undefined;
}
