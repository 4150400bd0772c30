// Admission refusing the target pod (pkg/virt-controller/watch/migration/migration.go
// `createTargetPod`): Pod Security (`violates PodSecurity …`, or KubeVirt's `it needs a privileged
// namespace to run`, e.g. for post-copy), OpenShift SCC, LimitRange or any webhook. virt-controller
// reports it on the VMI as `FailedCreate` (`Error creating pod: …` / `failed to render launch
// manifest: …`). Quota refusals are resource-quota's. It explains the migration only while it still
// waits for its target pod.
import { result, type WhyCheck } from '../check.js';
import { awaitingTargetPod, recognizedEvents } from '../migration-state.js';
import { eventRef, eventsOfMigration } from '../target-pod-state.js';

export const admission: WhyCheck<'admission'> = {
  id: 'admission',
  run(ctx) {
    const ours = ctx.migration;
    if (!ours) return result('admission', 'skip', { kind: 'no-migration' });
    if (!ctx.events.ok) {
      // Only a migration still waiting for its target pod can be held by a refusal we cannot see.
      if (awaitingTargetPod(ctx)) return { ...result('admission', 'unknown', { kind: 'events-unreadable' }), missing: ctx.events.reason };
      return result('admission', ctx.targetPod ? 'pass' : 'skip', { kind: 'admitted' });
    }
    const refused = recognizedEvents(eventsOfMigration(ctx.vmiEvents, ours)).flatMap(({ event, recognized: r }) =>
      (r.kind === 'target-pod-create-failed' || r.kind === 'render-manifest-failed') && r.args.classified?.cause === 'pod-security'
        ? [{ event, refusal: r.args.classified.args, error: r.args.error }]
        : [],
    );
    const newest = refused[refused.length - 1];
    if (!newest) return result('admission', 'pass', { kind: ctx.targetPod ? 'admitted' : 'no-refusal' });
    // `kind` says which admission (pod-security, privileged-namespace, scc, limit-range, webhook).
    const refusal = { ...newest.refusal, error: newest.error };
    if (!awaitingTargetPod(ctx)) return result('admission', 'info', { ...refusal, past: true }, [eventRef(newest.event)]);
    return result('admission', 'fail', { ...refusal, namespace: ctx.namespace }, [eventRef(newest.event)], 'pod-security');
  },
};
