// Drain preview (docs/documents.md `drain`): what `kubectl drain NODE` will do to each VMI.
import type { KubeVirt, VirtualMachineInstance } from '../../kube/types.js';
import {
  EVICTION_EXTERNAL,
  EVICTION_LIVE_MIGRATE,
  EVICTION_LIVE_MIGRATE_IF_POSSIBLE,
  EVICTION_NONE,
} from '../../kubevirt/constants.js';

/** `wait`: would migrate, but start's pre-flight holds it back now (./drain-preflight.ts). */
export type DrainOutcome = 'migrate' | 'wait' | 'shutdown' | 'block-drain' | 'external';

export interface DrainPrediction {
  /** The strategy that applies; `None` when nothing is set (KubeVirt's default from v1.1, pkg/virt-config/configuration.go; unset before, same effect). */
  evictionStrategy: string;
  /** Where the strategy came from. */
  strategySource: 'vmi' | 'cluster' | 'default';
  outcome: DrainOutcome;
}

/**
 * VMI `spec.evictionStrategy` wins, else the KubeVirt CR's `spec.configuration.evictionStrategy`,
 * else the default: `None` from v1.1, unset (no migration on eviction) in v0.59/v1.0.
 */
export function effectiveEvictionStrategy(
  vmi: VirtualMachineInstance,
  kubevirt: KubeVirt | undefined,
): { strategy: string; source: DrainPrediction['strategySource'] } {
  const own = vmi.spec?.evictionStrategy;
  if (own) return { strategy: own, source: 'vmi' };
  const cluster = kubevirt?.spec?.configuration?.evictionStrategy;
  if (cluster) return { strategy: cluster, source: 'cluster' };
  // v0.59/v1.0 leave it unset and v1.1+ default to None: both mean no migration on eviction.
  return { strategy: EVICTION_NONE, source: 'default' };
}

export function predictDrain(
  vmi: VirtualMachineInstance,
  migratable: boolean,
  kubevirt: KubeVirt | undefined,
): DrainPrediction {
  const { strategy, source } = effectiveEvictionStrategy(vmi, kubevirt);
  let outcome: DrainOutcome;
  switch (strategy) {
    case EVICTION_LIVE_MIGRATE:
      outcome = migratable ? 'migrate' : 'block-drain';
      break;
    case EVICTION_LIVE_MIGRATE_IF_POSSIBLE:
      outcome = migratable ? 'migrate' : 'shutdown';
      break;
    case EVICTION_EXTERNAL:
      outcome = 'external';
      break;
    default:
      outcome = 'shutdown';
  }
  return { evictionStrategy: strategy, strategySource: source, outcome };
}
