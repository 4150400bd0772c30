// Prose of the vmi-running check (src/analyze/why/checks/vmi-running.ts).
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

export const vmiRunningText: CheckText<'vmi-running'> = {
  title: 'VMI running on a Ready node',
  summary(r) {
    const a = r.args;
    const vmi = `${'namespace' in a && a.namespace ? `${a.namespace}/` : ''}${a.vmi}`;
    switch (a.kind) {
      case 'missing':
        return `VMI ${vmi} does not exist${a.vmStatus ? ` (VM is ${a.vmStatus})` : ''}: there is nothing to live-migrate.`;
      case 'phase':
        return `VMI ${vmi} is ${a.phase || 'not started'}, not Running: only a running VMI can live-migrate.`;
      case 'node-missing':
        return `VMI ${vmi} runs on node ${a.node}, which no longer exists: live migration is impossible.`;
      case 'node-not-ready': {
        const state = a.status === 'False' ? 'NotReady (Ready=False' : `unreachable (Ready=${a.status}`;
        return `Source node ${a.node} is ${state}${a.reason ? `, ${a.reason}` : ''}): live migration needs a live source, so it is impossible.`;
      }
      case 'running':
        if (r.status === 'unknown') return `VMI ${vmi} is Running on ${a.node}; whether that node is Ready could not be read.`;
        return `VMI ${vmi} is Running${a.node ? ` on Ready node ${a.node}` : ''}.`;
      case 'receiver':
        return `VMI ${vmi} is the receiving side of a cross-cluster migration (${a.phase || 'no phase yet'}): the running source is in the other cluster.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'missing':
      case 'phase':
        return a.vm ? `start the VM, then migrate: virtctl start ${a.vm} -n ${a.namespace}` : 'create and start the VMI first';
      case 'node-missing':
      case 'node-not-ready': {
        const { namespace: ns, vm } = a;
        const cancel = a.migration ? `cancel the migration (kubectl delete vmim ${a.migration} -n ${ns}), then ` : '';
        const restart = vm
          ? `restart the VM elsewhere (virtctl restart ${vm} -n ${ns}), or force-stop it once the node is confirmed down (virtctl stop ${vm} -n ${ns} --force --grace-period=0)`
          : 'recreate the VMI on another node';
        return `live migration is impossible from a dead node: ${cancel}${restart}`;
      }
      case 'running':
        return r.status === 'unknown' ? `check the node: kubectl get node ${a.node ?? ''}` : undefined;
      case 'receiver':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
