// `list` flags, typed before any I/O: nothing here is opened (Prometheus is opened by run.ts).
import type { JsonPath } from '../../render/jsonpath.js';
import type { PrometheusOptions } from '../why/options.js';
import type { FleetFlags } from '../fleet/flags.js';
import type { PeerFlags } from '../peer/flags.js';

export interface ListOptions {
  allNamespaces: boolean;
  /** `-l`: a label selector on the VMIMs (checked before any request). */
  selector?: string;
  /** `--node NODE`: only the migrations whose source or target node is NODE. */
  node?: string;
  /** `--prometheus URL`: percent from one instant query instead of each node's virt-handler. */
  prometheus?: PrometheusOptions;
  /** `--sort-by`: kubectl's order of the items (default: newest first). */
  sortBy?: JsonPath;
  /** `--contexts` / `--all-contexts`: the migrations of every cluster of the fleet. */
  fleet?: FleetFlags;
  /** `--peer-context` / `--peer-kubeconfig` / `--peer-from`: pair the cross-cluster halves with that cluster's. */
  peer?: PeerFlags;
  /** `-w/--watch`: the list again every `intervalMs` until Ctrl-C. */
  watch?: { intervalMs: number };
}
