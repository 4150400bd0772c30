// Prose of the active-pods check (src/analyze/why/checks/active-pods.ts).
import type { ArgRecord } from '../../analyze/why/check.js';
import type { CheckText } from './check-text.js';

function describe(p: ArgRecord): string {
  const name = p.pod ? `${String(p.pod)} (${String(p.uid)})` : String(p.uid);
  const listed = p.listed === false ? ', not listed' : '';
  return `${name} on ${String(p.node) || '?'}: ${String(p.phase ?? '') || 'pod not found'}${listed}`;
}

export const activePodsText: CheckText<'active-pods'> = {
  title: 'One active launcher pod',
  summary(r) {
    const a = r.args;
    if (a.kind === 'single') return 'The VMI has one active launcher pod.';
    if (a.kind === 'no-vmi') return 'No VMI.';
    const pods = Array.isArray(a.pods) ? (a.pods as ArgRecord[]).map(describe).join('; ') : '';
    const finished = Array.isArray(a.finished) && a.finished.length > 0 ? ` ${a.finished.join(', ')} already finished but still listed (kubevirt#12773).` : '';
    if (r.status === 'fail') {
      return `VMI ${String(a.vmi)} has ${String(a.count)} active pods (${pods}); virt-controller creates no target pod while more than one is active.${finished}`;
    }
    return `VMI ${String(a.vmi)} has ${String(a.count)} active pods (${pods}): normal during and shortly after a migration.`;
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail') return undefined;
    const ns = String(a.namespace ?? '');
    const finished = Array.isArray(a.finished) ? a.finished.map(String) : [];
    if (finished.length > 0) {
      return `delete the finished pod(s) so the VMI's activePods is refreshed: kubectl delete pod ${finished.join(' ')} -n ${ns}`;
    }
    return `find the extra launcher pod and why it still runs: kubectl get pods -n ${ns} -o wide | grep virt-launcher-${String(a.vmi)}`;
  },
};
