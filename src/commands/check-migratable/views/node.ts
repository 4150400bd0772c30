import type { KubeObject, Node } from '../../../kube/types.js';
import { objectView } from './pick.js';

type NodeStatus = NonNullable<Node['status']>;

/** Readiness, and the device counts: not images, nodeInfo, addresses, daemonEndpoints. The labels stay whole (affinity may name any). */
const STATUS_KEYS: readonly (keyof NodeStatus)[] = ['conditions', 'allocatable', 'capacity'];

export function nodeView(obj: KubeObject): KubeObject {
  return objectView(obj as Node, { status: STATUS_KEYS, annotations: false });
}
