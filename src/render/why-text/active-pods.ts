// Prose of the active-pods check (src/analyze/why/checks/active-pods.ts).
import type { ActivePod } from '../../analyze/why/check-args/active-pods.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

function describe(p: ActivePod): string {
  const name = p.pod ? `${p.pod} (${p.uid})` : p.uid;
  const listed = p.listed === false ? ', not listed' : '';
  return `${name} on ${p.node || '?'}: ${p.phase || 'pod not found'}${listed}`;
}

export const activePodsText: CheckText<'active-pods'> = {
  title: 'One active launcher pod',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'single':
        return 'The VMI has one active launcher pod.';
      case 'no-vmi':
        return 'No VMI.';
      case 'multiple': {
        const pods = a.pods.map(describe).join('; ');
        const finished = a.finished.length > 0 ? ` ${a.finished.join(', ')} already finished but still listed (kubevirt#12773).` : '';
        if (r.status === 'fail') {
          return `VMI ${a.vmi} has ${a.count} active pods (${pods}); virt-controller creates no target pod while more than one is active.${finished}`;
        }
        return `VMI ${a.vmi} has ${a.count} active pods (${pods}): normal during and shortly after a migration.`;
      }
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail' || a.kind !== 'multiple') return undefined;
    if (a.finished.length > 0) {
      return `delete the finished pod(s) so the VMI's activePods is refreshed: kubectl delete pod ${a.finished.join(' ')} -n ${a.namespace}`;
    }
    return `find the extra launcher pod and why it still runs: kubectl get pods -n ${a.namespace} -o wide | grep virt-launcher-${a.vmi}`;
  },
};
