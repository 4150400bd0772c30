import type { GatherError } from '../kube/known.js';
import type { Style } from './style.js';

/** Partial failures go to stderr as warnings (and into errors[] of the document). */
export function renderPartialErrors(errors: readonly GatherError[], style: Style): string {
  return errors.map((e) => `${style.warn('Warning:')} ${e.resource}: ${e.message} (checks that need it are unknown)\n`).join('');
}
