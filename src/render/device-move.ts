// The fix for a VM that cannot live-migrate because of its GPUs or host devices, from where its
// device resources are offered (analyze/scheduling/device-nodes.ts): shared by check-migratable's
// host-device rule and why's live-migratable check, so both give the same advice.
import type { DeviceMove } from '../analyze/scheduling/device-nodes.js';
import { assertNever } from './assert-never.js';
import { list as short } from './why-text/target-pod-args.js';

const nodeList = (nodes: readonly string[]) => `${nodes.length === 1 ? 'node' : 'nodes'} ${short(nodes)}`;

/** `remove` names what to remove (a spec path, or "the host devices / GPUs"). */
export function deviceMoveHint(move: DeviceMove, remove: string): string {
  const res = short(move.resources) || 'the devices';
  switch (move.kind) {
    case 'restart-elsewhere':
      return `to move it, stop the VM and start it again: ${nodeList(move.nodes)} also ${move.nodes.length === 1 ? 'offers' : 'offer'} ${res} (one must be free there); to make it live-migratable, remove ${remove}`;
    case 'no-other-node': {
      const where = move.nodes.length > 0 ? `only ${nodeList(move.nodes)} ${move.nodes.length === 1 ? 'offers' : 'offer'} ${res}` : `no KubeVirt node offers ${res} in status.allocatable`;
      return `${where}, so a restart cannot move it either: give another node the device (its device plugin then publishes ${res}), or remove ${remove}`;
    }
    case 'nodes-unknown':
      return `to move it, stop the VM and start it on a node that offers ${res} (kubectl get nodes -o yaml: status.allocatable); to make it live-migratable, remove ${remove}`;
    default:
      return assertNever(move);
  }
}
