import type { MigratabilityRule } from '../analyze/migratability/rule.js';
import { renderTable } from './table.js';
import { renderDocument, API_VERSION } from './document.js';

/** `check-migratable --list-rules`: id, severity, description. */
export function renderRuleList(rules: readonly MigratabilityRule[], format: 'table' | 'wide' | 'json' | 'yaml'): string {
  const items = rules.map((r) => ({ id: r.id, severity: r.severity, description: r.description }));
  if (format === 'json' || format === 'yaml') return renderDocument({ apiVersion: API_VERSION, kind: 'RuleList', items }, format);
  return renderTable(['RULE', 'SEVERITY', 'DESCRIPTION'], items.map((i) => [i.id, i.severity, i.description]));
}
