// Which MigrationPolicy KubeVirt applies to a VMI — a port of `matchPolicy`/`countMatchingLabels`
// (kubevirt/kubevirt: pkg/virt-controller/watch/migration/migrationpolicy.go), quirks included,
// because the point is to predict what the controller did, not what is sensible.

import type { MigrationPolicy } from '../../kube/types.js';
import { labelValue } from '../../kube/labels.js';

export type Labels = Readonly<Record<string, string>>;

export interface PolicyScore {
  vmi: number;
  namespace: number;
  total: number;
}

export interface PolicyMatch {
  policy: MigrationPolicy;
  /** The selector entries that matched, per side. */
  matchedLabels: { vmi: Record<string, string>; namespace: Record<string, string> };
  score: PolicyScore;
}

/**
 * Go's nil map. The apiserver omits empty maps, so the controller never sees `labels: {}` as
 * non-nil: treat absent and empty alike.
 */
function isNil(labels: Labels | null | undefined): labels is null | undefined {
  return !labels || Object.keys(labels).length === 0;
}

/**
 * Every selector entry must be present with an equal value. Values are compared as strings:
 * the docs example writes an unquoted YAML `true`, which a lenient snapshot reader keeps as a boolean.
 */
function matchAll(selector: Readonly<Record<string, unknown>>, labels: Labels | null | undefined): Record<string, string> | undefined {
  const matched: Record<string, string> = {};
  for (const [key, want] of Object.entries(selector)) {
    const have = labelValue(labels, key);
    if (have === undefined || have !== String(want)) return undefined;
    matched[key] = have;
  }
  return matched;
}

/**
 * Whether one policy matches and with which score; undefined = no match.
 * - `spec.selectors` absent ⇒ never matches.
 * - A selector is evaluated only when it is present AND the *VMI* has labels — for the namespace
 *   selector too (`areSelectorsAndLabelsNotNil(..., vmiLabels)`), so a VMI without labels matches
 *   every policy that has selectors, with score 0.
 */
export function scorePolicy(
  policy: MigrationPolicy,
  vmiLabels: Labels | null | undefined,
  namespaceLabels: Labels | null | undefined,
): PolicyMatch | undefined {
  const selectors = policy.spec?.selectors;
  if (!selectors) return undefined;
  const matchedLabels = { vmi: {} as Record<string, string>, namespace: {} as Record<string, string> };
  const vmiLabelsPresent = !isNil(vmiLabels);
  if (selectors.virtualMachineInstanceSelector && vmiLabelsPresent) {
    const m = matchAll(selectors.virtualMachineInstanceSelector, vmiLabels);
    if (!m) return undefined;
    matchedLabels.vmi = m;
  }
  if (selectors.namespaceSelector && vmiLabelsPresent) {
    const m = matchAll(selectors.namespaceSelector, namespaceLabels);
    if (!m) return undefined;
    matchedLabels.namespace = m;
  }
  const vmi = Object.keys(matchedLabels.vmi).length;
  const namespace = Object.keys(matchedLabels.namespace).length;
  return { policy, matchedLabels, score: { vmi, namespace, total: vmi + namespace } };
}

/** KubeVirt's order: higher total wins; equal total ⇒ more VMI-label matches wins. */
export function compareScores(a: PolicyScore, b: PolicyScore): number {
  return a.total !== b.total ? a.total - b.total : a.vmi - b.vmi;
}

/**
 * The policy KubeVirt picks: best score, and among equal scores the lexicographically smallest
 * name (Go string comparison = UTF-16 code units for the ASCII names Kubernetes allows).
 * Pass the namespace's labels; if they could not be read, `policiesUseNamespaceLabels` says
 * whether that makes the answer uncertain.
 */
export function matchMigrationPolicy(
  policies: readonly MigrationPolicy[],
  vmiLabels: Labels | null | undefined,
  namespaceLabels: Labels | null | undefined,
): PolicyMatch | undefined {
  let best: PolicyMatch | undefined;
  for (const policy of policies) {
    const m = scorePolicy(policy, vmiLabels, namespaceLabels);
    if (!m) continue;
    if (!best) {
      best = m;
      continue;
    }
    const c = compareScores(m.score, best.score);
    const name = policy.metadata.name ?? '';
    if (c > 0 || (c === 0 && name < (best.policy.metadata.name ?? ''))) best = m;
  }
  return best;
}

/** True when some policy has a namespaceSelector, i.e. the match depends on the namespace's labels. */
export function policiesUseNamespaceLabels(policies: readonly MigrationPolicy[]): boolean {
  return policies.some((p) => Object.keys(p.spec?.selectors?.namespaceSelector ?? {}).length > 0);
}
