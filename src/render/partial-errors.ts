import type { GatherError } from '../kube/known.js';
import { CLUSTER_UNREACHABLE_RESOURCE } from './fleet.js';
import type { Style } from './style.js';

/**
 * Partial failures go to stderr as warnings (and into errors[] of the document); in a fleet each
 * names its cluster, and a cluster that could not be read says its objects are missing.
 */
export function renderPartialErrors(errors: readonly GatherError[], style: Style): string {
  return errors
    .map((e) => {
      if (e.cluster === undefined) return `${style.warn('Warning:')} ${e.resource}: ${e.message} (checks that need it are unknown)\n`;
      if (e.resource === CLUSTER_UNREACHABLE_RESOURCE) return `${style.warn('Warning:')} [${e.cluster}] could not be read: ${e.message} (its objects are not in the output)\n`;
      return `${style.warn('Warning:')} [${e.cluster}] ${e.resource}: ${e.message} (checks that need it are unknown)\n`;
    })
    .join('');
}
