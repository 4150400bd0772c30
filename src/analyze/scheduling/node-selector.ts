// A pod's `spec.nodeSelector` (a plain label map) against a node's labels: every key must be
// present with exactly that value.

export function matchesNodeSelector(
  labels: Readonly<Record<string, string>> | undefined,
  selector: Readonly<Record<string, string>> | undefined,
): boolean {
  return unmatchedSelectorKeys(labels, selector).length === 0;
}

/** The selector keys a node does not satisfy (absent, or another value): what `why` prints per node. */
export function unmatchedSelectorKeys(
  labels: Readonly<Record<string, string>> | undefined,
  selector: Readonly<Record<string, string>> | undefined,
): string[] {
  if (!selector) return [];
  return Object.entries(selector)
    .filter(([k, v]) => labels?.[k] !== v)
    .map(([k]) => k);
}
