// A pod's `spec.nodeSelector` (a plain label map) against a node's labels: every key must be
// present with exactly that value.
import { labelValue } from '../../kube/labels.js';

export function matchesNodeSelector(
  labels: Readonly<Record<string, string>> | undefined,
  selector: Readonly<Record<string, string>> | undefined,
): boolean {
  if (!selector) return true;
  // A plain loop: this runs for every node of every placement question (thousands of times).
  for (const k of Object.keys(selector)) if (labelValue(labels, k) !== selector[k]) return false;
  return true;
}

/** The selector keys a node does not satisfy (absent, or another value): what `why` prints per node. */
export function unmatchedSelectorKeys(
  labels: Readonly<Record<string, string>> | undefined,
  selector: Readonly<Record<string, string>> | undefined,
): string[] {
  if (!selector) return [];
  const unmatched: string[] = [];
  for (const k of Object.keys(selector)) if (labelValue(labels, k) !== selector[k]) unmatched.push(k);
  return unmatched;
}
