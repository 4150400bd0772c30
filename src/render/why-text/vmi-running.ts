// Prose of the vmi-running check (src/analyze/why/checks/vmi-running.ts).
import type { CheckText } from './check-text.js';

export const vmiRunningText: CheckText<'vmi-running'> = {
  title: 'VMI running on a Ready node',
  summary(r) {
    const a = r.args;
    const vmi = `${a.namespace ? `${String(a.namespace)}/` : ''}${String(a.vmi ?? '')}`;
    switch (a.kind) {
      case 'missing':
        return `VMI ${vmi} does not exist${a.vmStatus ? ` (VM is ${String(a.vmStatus)})` : ''}: there is nothing to live-migrate.`;
      case 'phase':
        return `VMI ${vmi} is ${String(a.phase) || 'not started'}, not Running: only a running VMI can live-migrate.`;
      case 'node-missing':
        return `VMI ${vmi} runs on node ${String(a.node)}, which no longer exists: live migration is impossible.`;
      case 'node-not-ready': {
        const state = a.status === 'False' ? 'NotReady (Ready=False' : `unreachable (Ready=${String(a.status)}`;
        return `Source node ${String(a.node)} is ${state}${a.reason ? `, ${String(a.reason)}` : ''}): live migration needs a live source, so it is impossible.`;
      }
      default:
        if (r.status === 'unknown') return `VMI ${vmi} is Running on ${String(a.node)}; whether that node is Ready could not be read.`;
        return `VMI ${vmi} is Running${a.node ? ` on Ready node ${String(a.node)}` : ''}.`;
    }
  },
  hint(r) {
    const a = r.args;
    const ns = String(a.namespace ?? '');
    const vm = a.vm ? String(a.vm) : undefined;
    switch (a.kind) {
      case 'missing':
      case 'phase':
        return vm ? `start the VM, then migrate: virtctl start ${vm} -n ${ns}` : 'create and start the VMI first';
      case 'node-missing':
      case 'node-not-ready': {
        const cancel = a.migration ? `cancel the migration (kubectl delete vmim ${String(a.migration)} -n ${ns}), then ` : '';
        const restart = vm
          ? `restart the VM elsewhere (virtctl restart ${vm} -n ${ns}), or force-stop it once the node is confirmed down (virtctl stop ${vm} -n ${ns} --force --grace-period=0)`
          : 'recreate the VMI on another node';
        return `live migration is impossible from a dead node: ${cancel}${restart}`;
      }
      default:
        return r.status === 'unknown' ? 'check the node: kubectl get node ' + String(a.node ?? '') : undefined;
    }
  },
};
