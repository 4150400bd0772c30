import type { MigratabilityRule } from '../analyze/migratability/rule.js';
import { KNOWN_RELEASES, minorText, spanText } from '../kubevirt/releases.js';
import { renderTable } from './table.js';
import { API_VERSION } from './document.js';

/** The releases a rule can find anything in (`v0.59+`: every release known). */
const releasesOf = (r: MigratabilityRule): string => spanText(r.kubevirt.releases ?? { since: KNOWN_RELEASES[0]! });

/** `check-migratable --list-rules -o json|yaml`: id, severity, description, and what it follows in KubeVirt. */
export function ruleListDocument(rules: readonly MigratabilityRule[]) {
  return { apiVersion: API_VERSION, kind: 'RuleList' as const, items: rules.map(ruleListItem) };
}

/** One rule's entry of the RuleList (what `--sort-by` reads), with what it follows in KubeVirt. */
export function ruleListItem(r: MigratabilityRule) {
  return {
    id: r.id,
    severity: r.severity,
    description: r.description,
    kubevirt: { releases: releasesOf(r), reasons: [...r.kubevirt.reasons], changesAt: r.kubevirt.changesAt.map(minorText), reads: [...r.kubevirt.reads] },
  };
}

/** `check-migratable --list-rules`: the same as a table. */
export function renderRuleList(rules: readonly MigratabilityRule[], noHeaders = false): string {
  return renderTable(['RULE', 'SEVERITY', 'KUBEVIRT', 'DESCRIPTION'], rules.map((r) => [r.id, r.severity, releasesOf(r), r.description]), noHeaders);
}
