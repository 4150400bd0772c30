import type { MigratabilityRule } from '../analyze/migratability/rule.js';
import { renderTable } from './table.js';
import { API_VERSION } from './document.js';

/** `check-migratable --list-rules -o json|yaml`: id, severity, description. */
export function ruleListDocument(rules: readonly MigratabilityRule[]) {
  return { apiVersion: API_VERSION, kind: 'RuleList' as const, items: rules.map(ruleListItem) };
}

/** One rule's entry of the RuleList (what `--sort-by` reads). */
export function ruleListItem(r: MigratabilityRule) {
  return { id: r.id, severity: r.severity, description: r.description };
}

/** `check-migratable --list-rules`: the same as a table. */
export function renderRuleList(rules: readonly MigratabilityRule[], noHeaders = false): string {
  return renderTable(['RULE', 'SEVERITY', 'DESCRIPTION'], rules.map((r) => [r.id, r.severity, r.description]), noHeaders);
}
