// Recognise the migration-related events of virt-controller and virt-handler by reason + message
// (pkg/virt-controller/watch/migration/migration.go, reasons in pkg/controller/controller.go;
// virt-handler's in pkg/virt-handler) and return them as typed values. Messages are matched against
// the verbatim templates in src/kubevirt/constants.ts; ≤v1.2 SuccessfulDelete texts by prefix.

import {
  EVENT_FAILED_ABORT_MIGRATION,
  EVENT_FAILED_CREATE,
  EVENT_FAILED_DELETE,
  EVENT_FAILED_HANDOVER,
  EVENT_FAILED_MIGRATION,
  EVENT_MIGRATED,
  EVENT_MIGRATING,
  EVENT_MIGRATION_BACKOFF,
  EVENT_NO_SUITABLE_NODES_HOST_MODEL,
  EVENT_PREPARING_TARGET,
  EVENT_SUCCESSFUL_ABORT_MIGRATION,
  EVENT_SUCCESSFUL_CREATE,
  EVENT_SUCCESSFUL_DELETE,
  EVENT_SUCCESSFUL_HANDOVER,
  EVENT_SUCCESSFUL_MIGRATION,
  EVENT_TARGET_POD_UNSCHEDULABLE,
  EVENT_UTILITY_VOLUME_MIGRATION_PENDING,
  MSG_ABORT_READY,
  MSG_CANCELED_OLD,
  MSG_CANCELED_POD_DELETED,
  MSG_CREATED_ATTACHMENT_POD,
  MSG_CREATED_EVACUATION_MIGRATION,
  MSG_CREATED_TARGET_POD,
  MSG_CREATED_WORKLOAD_UPDATE_MIGRATION,
  MSG_ERROR_CREATING_ATTACHMENT_POD,
  MSG_ERROR_CREATING_MIGRATION,
  MSG_ERROR_CREATING_POD,
  MSG_ERROR_CREATING_WORKLOAD_UPDATE_MIGRATION,
  MSG_ERROR_DELETING_CANCELED_TARGET_POD,
  MSG_ERROR_DELETING_TARGET_POD,
  MSG_EVACUATION_NOT_MIGRATEABLE,
  MSG_EVICTION_NOT_MIGRATABLE,
  MSG_FAILED_ABORT,
  MSG_FAILED_HANDOVER,
  MSG_FAILED_RENDER_MANIFEST,
  MSG_FAILED_SOURCE_REPORTED,
  MSG_FAILED_UTILITY_VOLUMES_TIMEOUT,
  MSG_HANDED_OVER,
  MSG_MIGRATED_TO_NODE,
  MSG_MIGRATION_BACKOFF,
  MSG_MIGRATION_SUCCEEDED,
  MSG_MIGRATION_UID_FAILED,
  MSG_NO_SUITABLE_NODES_HOST_MODEL,
  MSG_PENDING_POD_TIMEOUT,
  MSG_PENDING_POD_TIMEOUT_OLD,
  MSG_TARGET_LISTENING,
  MSG_TARGET_POD_UNSCHEDULABLE,
  MSG_TARGET_PREPARED,
  MSG_UNSCHEDULABLE_POD_TIMEOUT,
  MSG_UNSCHEDULABLE_POD_TIMEOUT_OLD,
  MSG_UTILITY_VOLUMES_PENDING,
  MSG_VMI_ABORTING_MIGRATION,
  MSG_VMI_MIGRATING,
  PREFIX_CPU_FEATURE,
  PREFIX_CPU_MODEL_MIGRATION,
  PREFIX_HOST_MODEL_CPU,
} from '../../../kubevirt/constants.js';
import { classifyCreateError, type CreateErrorClass } from './create-error.js';
import { classifyFailure, failureReasonOf, type FailureClass } from './failure-reason.js';
import { matchGoFormat, normalizeEventMessage } from './go-format.js';
import { CONTROL_CHARS as C } from '../../../kube/control-chars.js';

/** The part of an Event we read: core/v1 `message` or events.k8s.io `note`. */
export interface EventLike {
  reason?: string;
  message?: string;
  note?: string;
}

export type PendingTimeoutKind = 'unschedulable' | 'pending';

export type ControllerEvent =
  // virt-controller, on the VMIM
  | { kind: 'target-pod-created'; args: { pod: string } }
  | { kind: 'attachment-pod-created'; args: { pod: string } }
  | { kind: 'handed-over'; args: Record<string, never> }
  | { kind: 'hand-over-failed'; args: { error: string } }
  | { kind: 'migration-succeeded'; args: Record<string, never> }
  /**
   * VMIM `FailedMigration`. `failure` is undefined for messages that carry no cause
   * (`source node reported migration failed`: read the VMI's failureReason instead).
   */
  | { kind: 'migration-failed'; args: { message: string; failure?: FailureClass; sourceReported: boolean } }
  | { kind: 'utility-volumes-timeout'; args: { namespace: string; vmi: string; seconds: number } }
  | { kind: 'abort-ready'; args: Record<string, never> }
  | { kind: 'abort-failed'; args: { error: string } }
  /** SuccessfulDelete after the pending/unschedulable timeout (§3.6); ≤v1.2 texts name the pod only in Go's EXTRA suffix. */
  | { kind: 'pending-timeout'; args: { timeout: PendingTimeoutKind; namespace?: string; pod?: string } }
  | { kind: 'canceled-pod-deleted'; args: { namespace?: string; pod?: string } }
  | { kind: 'target-pod-delete-failed'; args: { error: string; canceled: boolean } }
  | { kind: 'target-pod-unschedulable'; args: { namespace: string; vmi: string } }
  | { kind: 'utility-volumes-pending'; args: { namespace: string; vmi: string; seconds: number } }
  // virt-controller, on the VMI
  | { kind: 'target-pod-create-failed'; args: { error: string; attachment: boolean; classified?: CreateErrorClass } }
  | { kind: 'render-manifest-failed'; args: { error: string; classified?: CreateErrorClass } }
  /** `%v` of a Go map: the target pod's CPU selector labels, with the model and features split out. */
  | { kind: 'no-suitable-nodes-host-model'; args: { labels: Record<string, string>; model?: string; features: string[] } }
  | { kind: 'backoff'; args: { namespace: string; vmi: string } }
  // evacuation / workload-updater, on the VMI
  | { kind: 'migration-created'; args: { migration: string; workloadUpdate: boolean } }
  | { kind: 'migration-create-failed'; args: { error: string; workloadUpdate: boolean; classified?: CreateErrorClass } }
  | { kind: 'evacuation-not-migratable'; args: Record<string, never> }
  // virt-handler, on the VMI
  | { kind: 'migrating'; args: Record<string, never> }
  | { kind: 'aborting'; args: Record<string, never> }
  | { kind: 'target-listening'; args: { address: string; ports: string } }
  | { kind: 'target-prepared'; args: Record<string, never> }
  | { kind: 'migrated'; args: { node: string } }
  /** Warning `Migrated`/`FailedMigration` on the VMI: `migrationUid` absent for the uid-less texts. */
  | { kind: 'migration-failed-on-vmi'; args: { migrationUid?: string; reason: string; failure?: FailureClass } }
  | { kind: 'eviction-not-migratable'; args: { message: string } };

type Rule = [template: string, make: (v: string[], text: string) => ControllerEvent];

const none = Object.freeze({}) as Record<string, never>;

function withClass<T extends { error: string }>(args: T): T & { classified?: CreateErrorClass } {
  const classified = classifyCreateError(args.error);
  return classified ? { ...args, classified } : args;
}

function vmiFailure(v: string[], text: string): ControllerEvent {
  const reason = failureReasonOf(text);
  const failure = classifyFailure(reason, { isFailureReason: true });
  const args: { migrationUid?: string; reason: string; failure?: FailureClass } = { reason };
  if (v[0] !== undefined) args.migrationUid = v[0];
  if (failure) args.failure = failure;
  return { kind: 'migration-failed-on-vmi', args };
}

// `…%!(EXTRA string=<pod>)`: the pod of a ≤v1.2 SuccessfulDelete text (a name: no control character).
const EXTRA = new RegExp(`%!\\(EXTRA string=([^)${C}]*)\\)`, 'u');
// A control character ends a Go map entry like a space: no key or value holds one.
const MAP_ENTRY_END = new RegExp(`[\\s${C}]+`, 'u');

function extraArg(text: string): { pod?: string } {
  const pod = EXTRA.exec(text)?.[1];
  return pod ? { pod } : {};
}

function parseGoMap(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = /map\[([\s\S]*)\]/.exec(s)?.[1] ?? s;
  for (const entry of body.split(MAP_ENTRY_END)) {
    const colon = entry.lastIndexOf(':');
    if (colon > 0) out[entry.slice(0, colon)] = entry.slice(colon + 1);
  }
  return out;
}

function hostModelArgs(labels: Record<string, string>): { labels: Record<string, string>; model?: string; features: string[] } {
  const keys = Object.keys(labels);
  const modelKey = keys.find((k) => k.startsWith(PREFIX_CPU_MODEL_MIGRATION) || k.startsWith(PREFIX_HOST_MODEL_CPU));
  const features = keys.filter((k) => k.startsWith(PREFIX_CPU_FEATURE)).map((k) => k.slice(PREFIX_CPU_FEATURE.length));
  const model = modelKey?.slice(modelKey.indexOf('/') + 1);
  return model ? { labels, model, features } : { labels, features };
}

// Per event reason, exact templates in order (a more specific template before a shorter one it
// would also match, e.g. the workload-update `Created Migration %s for …` before `Created Migration %s`).
const BY_REASON: Record<string, Rule[]> = {
  [EVENT_SUCCESSFUL_CREATE]: [
    [MSG_CREATED_TARGET_POD, (v) => ({ kind: 'target-pod-created', args: { pod: v[0]! } })],
    [MSG_CREATED_ATTACHMENT_POD, (v) => ({ kind: 'attachment-pod-created', args: { pod: v[0]! } })],
    [MSG_CREATED_WORKLOAD_UPDATE_MIGRATION, (v) => ({ kind: 'migration-created', args: { migration: v[0]!, workloadUpdate: true } })],
    [MSG_CREATED_EVACUATION_MIGRATION, (v) => ({ kind: 'migration-created', args: { migration: v[0]!, workloadUpdate: false } })],
  ],
  [EVENT_FAILED_CREATE]: [
    [MSG_ERROR_CREATING_POD, (v) => ({ kind: 'target-pod-create-failed', args: withClass({ error: v[0]!, attachment: false }) })],
    [
      MSG_ERROR_CREATING_ATTACHMENT_POD,
      (v) => ({ kind: 'target-pod-create-failed', args: withClass({ error: v[0]!, attachment: true }) }),
    ],
    [MSG_FAILED_RENDER_MANIFEST, (v) => ({ kind: 'render-manifest-failed', args: withClass({ error: v[0]! }) })],
    [
      MSG_ERROR_CREATING_WORKLOAD_UPDATE_MIGRATION,
      (v) => ({ kind: 'migration-create-failed', args: withClass({ error: v[0]!, workloadUpdate: true }) }),
    ],
    [
      MSG_ERROR_CREATING_MIGRATION,
      (v) => ({ kind: 'migration-create-failed', args: withClass({ error: v[0]!, workloadUpdate: false }) }),
    ],
    [MSG_EVACUATION_NOT_MIGRATEABLE, () => ({ kind: 'evacuation-not-migratable', args: none })],
  ],
  [EVENT_SUCCESSFUL_HANDOVER]: [[MSG_HANDED_OVER, () => ({ kind: 'handed-over', args: none })]],
  [EVENT_FAILED_HANDOVER]: [[MSG_FAILED_HANDOVER, (v) => ({ kind: 'hand-over-failed', args: { error: v[0]! } })]],
  [EVENT_SUCCESSFUL_MIGRATION]: [[MSG_MIGRATION_SUCCEEDED, () => ({ kind: 'migration-succeeded', args: none })]],
  [EVENT_SUCCESSFUL_ABORT_MIGRATION]: [[MSG_ABORT_READY, () => ({ kind: 'abort-ready', args: none })]],
  [EVENT_FAILED_ABORT_MIGRATION]: [[MSG_FAILED_ABORT, (v) => ({ kind: 'abort-failed', args: { error: v[0]! } })]],
  [EVENT_SUCCESSFUL_DELETE]: [
    [
      MSG_UNSCHEDULABLE_POD_TIMEOUT,
      (v) => ({ kind: 'pending-timeout', args: { timeout: 'unschedulable', namespace: v[0]!, pod: v[1]! } }),
    ],
    [MSG_PENDING_POD_TIMEOUT, (v) => ({ kind: 'pending-timeout', args: { timeout: 'pending', namespace: v[0]!, pod: v[1]! } })],
    [MSG_CANCELED_POD_DELETED, (v) => ({ kind: 'canceled-pod-deleted', args: { namespace: v[0]!, pod: v[1]! } })],
  ],
  [EVENT_FAILED_DELETE]: [
    [MSG_ERROR_DELETING_CANCELED_TARGET_POD, (v) => ({ kind: 'target-pod-delete-failed', args: { error: v[0]!, canceled: true } })],
    [MSG_ERROR_DELETING_TARGET_POD, (v) => ({ kind: 'target-pod-delete-failed', args: { error: v[0]!, canceled: false } })],
  ],
  [EVENT_TARGET_POD_UNSCHEDULABLE]: [
    [MSG_TARGET_POD_UNSCHEDULABLE, (v) => ({ kind: 'target-pod-unschedulable', args: { namespace: v[0]!, vmi: v[1]! } })],
  ],
  [EVENT_UTILITY_VOLUME_MIGRATION_PENDING]: [
    [
      MSG_UTILITY_VOLUMES_PENDING,
      (v) => ({ kind: 'utility-volumes-pending', args: { namespace: v[0]!, vmi: v[1]!, seconds: Number(v[2]) } }),
    ],
  ],
  [EVENT_NO_SUITABLE_NODES_HOST_MODEL]: [
    [MSG_NO_SUITABLE_NODES_HOST_MODEL, (v) => ({ kind: 'no-suitable-nodes-host-model', args: hostModelArgs(parseGoMap(v[0]!)) })],
  ],
  [EVENT_MIGRATION_BACKOFF]: [[MSG_MIGRATION_BACKOFF, (v) => ({ kind: 'backoff', args: { namespace: v[0]!, vmi: v[1]! } })]],
  [EVENT_MIGRATING]: [
    [MSG_VMI_MIGRATING, () => ({ kind: 'migrating', args: none })],
    [MSG_VMI_ABORTING_MIGRATION, () => ({ kind: 'aborting', args: none })],
  ],
  [EVENT_PREPARING_TARGET]: [
    [MSG_TARGET_LISTENING, (v) => ({ kind: 'target-listening', args: { address: v[0]!, ports: v[1]! } })],
    [MSG_TARGET_PREPARED, () => ({ kind: 'target-prepared', args: none })],
  ],
  [EVENT_MIGRATED]: [
    [MSG_MIGRATED_TO_NODE, (v) => ({ kind: 'migrated', args: { node: v[0]! } })],
    [MSG_MIGRATION_UID_FAILED, vmiFailure],
    [MSG_EVICTION_NOT_MIGRATABLE, (v) => ({ kind: 'eviction-not-migratable', args: { message: v[0]! } })],
  ],
};

// ≤v1.2 SuccessfulDelete texts carry `%!(EXTRA string=<pod>)`: match by prefix, after the v1.3+ forms.
const OLD_DELETE: [string, (text: string) => ControllerEvent][] = [
  [MSG_UNSCHEDULABLE_POD_TIMEOUT_OLD, (t) => ({ kind: 'pending-timeout', args: { timeout: 'unschedulable', ...extraArg(t) } })],
  [MSG_PENDING_POD_TIMEOUT_OLD, (t) => ({ kind: 'pending-timeout', args: { timeout: 'pending', ...extraArg(t) } })],
  [MSG_CANCELED_OLD, (t) => ({ kind: 'canceled-pod-deleted', args: extraArg(t) })],
];

function failedMigration(text: string): ControllerEvent {
  // On the VMI: `VirtualMachineInstance migration uid %s failed. reason: Target pod is down`.
  const onVmi = matchGoFormat(MSG_MIGRATION_UID_FAILED, text);
  if (onVmi) return vmiFailure(onVmi, text);
  const utility = matchGoFormat(MSG_FAILED_UTILITY_VOLUMES_TIMEOUT, text);
  if (utility) {
    return { kind: 'utility-volumes-timeout', args: { namespace: utility[0]!, vmi: utility[1]!, seconds: Number(utility[2]) } };
  }
  const failure = classifyFailure(text);
  const args: { message: string; failure?: FailureClass; sourceReported: boolean } = {
    message: text,
    sourceReported: text === MSG_FAILED_SOURCE_REPORTED,
  };
  if (failure) args.failure = failure;
  return { kind: 'migration-failed', args };
}

/**
 * Recognise one event. Undefined for events that are not migration events (e.g. the VM
 * controller's `SuccessfulCreate` `Created virtual machine pod %s`) or whose text is unknown.
 */
export function recognizeControllerEvent(event: EventLike): ControllerEvent | undefined {
  const reason = event.reason ?? '';
  const text = normalizeEventMessage(event.message ?? event.note ?? '');
  if (reason === EVENT_FAILED_MIGRATION) return failedMigration(text);
  for (const [template, make] of BY_REASON[reason] ?? []) {
    const v = matchGoFormat(template, text);
    if (v) return make(v, text);
  }
  if (reason === EVENT_SUCCESSFUL_DELETE) {
    for (const [prefix, make] of OLD_DELETE) if (text.startsWith(prefix)) return make(text);
  }
  if (reason === EVENT_MIGRATED) {
    // uid-less Warning `Migrated` texts that fail the VMI (domain never observed / unknown host).
    const failure = classifyFailure(text);
    if (failure) return { kind: 'migration-failed-on-vmi', args: { reason: text, failure } };
  }
  return undefined;
}
