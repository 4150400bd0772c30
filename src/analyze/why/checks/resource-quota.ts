// A ResourceQuota refusing the target pod (pkg/virt-controller/watch/migration/migration.go): the
// VMIM stays Pending, the VMI gets `FailedCreate` `Error creating pod: … exceeded quota: …` and,
// v1.0+, the VMIM condition `migrationRejectedByResourceQuota=True` (v0.59: only the event). Before
// the first refusal we compute the headroom ourselves: the target pod costs what the source pod
// costs. A snapshot's virt-controller log says it too, when the events have expired (`reenqueuing
// Migration …` with the apiserver's refusal as its reason, harvester/harvester#7161).
import type { EvidenceRef } from '../../findings.js';
import type { VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { VMIM_COND_REJECTED_BY_QUOTA } from '../../../kubevirt/constants.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import type { Refusal, ResourceQuotaArgs } from '../check-args/resource-quota.js';
import type { WhyContext } from '../context.js';
import { awaitingTargetPod, migrationRef, recognizedEvents, type RecognizedEvent } from '../migration-state.js';
import { eventRef, eventsOfMigration } from '../target-pod-state.js';
import { appliesToLauncherPods, podQuotaUsage, quotaHeadroom, type QuotaHeadroom, type QuotaShortfall } from '../quota-headroom.js';
import { listOf } from '../../shape.js';
import { controllerRequeues } from '../component-log-lines.js';
import { classifyCreateError, type CreateErrorClass } from '../parse/create-error.js';

export const resourceQuota: WhyCheck<'resource-quota'> = {
  id: 'resource-quota',
  run(ctx) {
    const ours = ctx.migration;
    if (!ours) return preflight(ctx);
    const refusals = quotaRefusals(ctx, ours);
    const newest = refusals[refusals.length - 1];
    const cond = listOf(ours.status?.conditions).find((c) => c.type === VMIM_COND_REJECTED_BY_QUOTA && c.status === 'True');
    const condRef = migrationRef(ours, `status.conditions[${VMIM_COND_REJECTED_BY_QUOTA}]`);

    if (!awaitingTargetPod(ctx)) {
      // A target pod exists or the migration is over: any refusal is history.
      if (!newest && !cond) return result('resource-quota', ctx.targetPod ? 'pass' : 'skip', { kind: 'admitted' });
      return result('resource-quota', 'info', { ...(newest ? refusalArgs(newest) : { kind: 'condition' }), past: true }, newest ? [eventRef(newest.event)] : [condRef]);
    }
    if (newest) {
      const evidence = [eventRef(newest.event), ...(cond ? [condRef] : [])];
      const refusal = refusalArgs(newest);
      const args: ResourceQuotaArgs = { ...refusal, namespace: ctx.namespace, ...(cond ? { condition: true } : {}), ...(refusals.length > 1 ? { refusals: refusals.length } : {}) };
      return result('resource-quota', 'fail', args, [...evidence, ...quotaRefs(ctx, refusal.quota ?? '')], 'quota-exceeded');
    }
    const logged = loggedRefusal(ctx, ours);
    if (logged) {
      const args: ResourceQuotaArgs = { ...logged.refusal, namespace: ctx.namespace, ...(cond ? { condition: true } : {}), fromLog: logged.pod };
      return result('resource-quota', 'fail', args, [logged.evidence, ...(cond ? [condRef] : []), ...quotaRefs(ctx, logged.refusal.quota ?? '')], 'quota-exceeded');
    }
    const headroom = computeHeadroom(ctx);
    if (cond) {
      // v1.0+ condition without a surviving event (events expire after an hour): name the quota if we can.
      const short = typeof headroom === 'string' ? undefined : headroom.find((h) => (h.resources[0]?.shortfall ?? 0) > 0);
      const args: ResourceQuotaArgs = { kind: 'condition', namespace: ctx.namespace, ...(short ? shortArgs(short) : {}) };
      return result('resource-quota', 'fail', args, [condRef, ...(short ? quotaRefs(ctx, short.quota) : [])], 'quota-exceeded');
    }
    if (typeof headroom === 'string') return { ...result('resource-quota', 'unknown', { kind: 'headroom-unknown' }), missing: headroom };
    return judgeHeadroom(ctx, headroom, 'fail');
  },
};

/** No migration yet: would one be admitted? A warning without cause (the verdict stays no-migration). */
function preflight(ctx: WhyContext): CheckResult<'resource-quota'> {
  if (!ctx.vmi) return result('resource-quota', 'skip', { kind: 'no-vmi' });
  const headroom = computeHeadroom(ctx);
  if (typeof headroom === 'string') return { ...result('resource-quota', 'unknown', { kind: 'headroom-unknown' }), missing: headroom };
  return judgeHeadroom(ctx, headroom, 'warn');
}

function judgeHeadroom(ctx: WhyContext, headroom: QuotaHeadroom[], onShort: 'fail' | 'warn'): CheckResult<'resource-quota'> {
  if (headroom.length === 0) return result('resource-quota', 'pass', { kind: 'no-quota' });
  const short = headroom.filter((h) => (h.resources[0]?.shortfall ?? 0) > 0);
  if (short.length > 0) {
    const args: ResourceQuotaArgs = { kind: 'headroom', namespace: ctx.namespace, ...shortArgs(short[0]!) };
    if (short.length > 1) args.otherQuotas = short.slice(1).map((h) => h.quota);
    const evidence = [...(ctx.sourcePod ? [sourcePodRef(ctx)] : []), ...quotaRefs(ctx, short[0]!.quota)];
    return onShort === 'fail' ? result('resource-quota', 'fail', args, evidence, 'quota-exceeded') : result('resource-quota', 'warn', args, evidence);
  }
  // The tightest resource over all quotas: what to watch.
  const tightest = headroom
    .flatMap((h) => h.resources.slice(0, 1).map((r) => ({ quota: h.quota, ...r })))
    .sort((a, b) => b.shortfall / (b.limited || 1) - a.shortfall / (a.limited || 1))[0]!;
  return result(
    'resource-quota',
    'pass',
    { kind: 'headroom-ok', quota: tightest.quota, resource: tightest.resource, requested: tightest.requested, headroom: tightest.limited - tightest.used },
    quotaRefs(ctx, tightest.quota),
  );
}

/** Quotas that limit something a launcher pod uses, each with its resources; a string = why not computable. */
function computeHeadroom(ctx: WhyContext): QuotaHeadroom[] | string {
  if (!ctx.quotas.ok) return ctx.quotas.reason;
  const quotas = ctx.quotas.items.filter((q) => q.metadata.namespace === undefined || q.metadata.namespace === ctx.namespace).filter(appliesToLauncherPods);
  if (quotas.length === 0) return [];
  if (!ctx.pods.ok) return ctx.pods.reason;
  if (!ctx.sourcePod) return 'no source virt-launcher pod found';
  const usage = podQuotaUsage(ctx.sourcePod);
  return quotas.map((q) => quotaHeadroom(q, usage)).filter((h) => h.resources.length > 0);
}

/** VMI `FailedCreate` events since the migration whose error is a quota refusal, oldest first. */
function quotaRefusals(ctx: WhyContext, m: VirtualMachineInstanceMigration): RecognizedEvent[] {
  return recognizedEvents(eventsOfMigration(ctx.vmiEvents, m)).filter(
    ({ recognized: r }) => (r.kind === 'target-pod-create-failed' || r.kind === 'render-manifest-failed') && r.args.classified?.cause === 'quota-exceeded',
  );
}

/** The newest quota refusal of this migration's target pod in virt-controller's log. */
function loggedRefusal(ctx: WhyContext, m: VirtualMachineInstanceMigration): { refusal: Refusal; pod: string; evidence: EvidenceRef } | undefined {
  for (const { log, line } of controllerRequeues(ctx, m.metadata.namespace ?? ctx.namespace, m.metadata.name ?? '').reverse()) {
    const c = classifyCreateError(line.reason ?? '');
    if (c?.cause !== 'quota-exceeded') continue;
    const evidence: EvidenceRef = { kind: 'Pod', name: log.pod, field: 'log.reason', message: line.reason ?? '' };
    if (log.namespace) evidence.namespace = log.namespace;
    return { refusal: quotaRefusal(c), pod: log.pod, evidence };
  }
  return undefined;
}

function refusalArgs({ recognized }: RecognizedEvent): Refusal {
  const c = recognized.kind === 'target-pod-create-failed' || recognized.kind === 'render-manifest-failed' ? recognized.args.classified : undefined;
  return c?.cause === 'quota-exceeded' ? quotaRefusal(c) : { kind: 'condition' };
}

function quotaRefusal(c: Extract<CreateErrorClass, { cause: 'quota-exceeded' }>): Refusal {
  const pod = c.args.pod ? { pod: c.args.pod } : {};
  if (c.args.kind === 'must-specify') return { kind: 'must-specify', quota: c.args.quota, missing: c.args.missing, ...pod };
  return { kind: 'exceeded', quota: c.args.quota, resources: c.args.resources.map((r) => ({ ...r })), ...pod };
}

/** A computed shortfall as args: only the resources that do not fit. */
function shortArgs(h: QuotaHeadroom): { quota: string; resources: QuotaShortfall[] } {
  return { quota: h.quota, resources: h.resources.filter((r) => r.shortfall > 0).map((r) => ({ ...r })) };
}

function quotaRefs(ctx: WhyContext, name: string): EvidenceRef[] {
  const q = ctx.quotas.ok ? ctx.quotas.items.find((x) => x.metadata.name === name) : undefined;
  return q ? [{ kind: 'ResourceQuota', namespace: ctx.namespace, name, field: 'status.used' }] : [];
}

function sourcePodRef(ctx: WhyContext): EvidenceRef {
  return { kind: 'Pod', namespace: ctx.namespace, name: ctx.sourcePod?.metadata.name ?? '', field: 'spec.containers[].resources' };
}
