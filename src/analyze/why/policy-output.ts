// The document's `policy` object (docs/documents.md): which MigrationPolicy applies to the migration
// and the configuration it runs with.
import type { MigrationConfiguration } from '../../kube/types.js';
import type { WhyContext } from './context.js';
import { resolveMigrationConfig, type ResolvedMigrationConfig } from './migration-config.js';

export interface PolicyOutput {
  /** The MigrationPolicy applied; null when none matched (or none changed anything, ≤v1.8). */
  name: string | null;
  /** The selector entries of that policy that matched, per side. */
  matchedLabels: { vmi: Record<string, string>; namespace: Record<string, string> };
  effective: MigrationConfiguration;
  /** `migration-state`: the echo KubeVirt wrote at hand-off; `computed`: defaults ← KubeVirt CR ← policy. */
  source: 'migration-state' | 'computed';
}

/**
 * The policy a migration uses: the name KubeVirt recorded in `migrationState.migrationPolicyName`
 * when there is one, else the policy that matches today. Undefined when neither the policies
 * nor an echo can be read (a guess would look like a fact).
 */
export function policyOutput(ctx: WhyContext, resolved: ResolvedMigrationConfig = resolveMigrationConfig(ctx)): PolicyOutput | undefined {
  const { effective, match, matchUnknown, migrationState } = resolved;
  if (matchUnknown && !migrationState) return undefined;
  const recorded = migrationState?.migrationPolicyName;
  const matchedName = matchUnknown ? undefined : match?.policy.metadata.name;
  const name = recorded ?? matchedName ?? null;
  const matchedLabels =
    match && name !== null && match.policy.metadata.name === name
      ? { vmi: { ...match.matchedLabels.vmi }, namespace: { ...match.matchedLabels.namespace } }
      : { vmi: {}, namespace: {} };
  return { name, matchedLabels, effective: { ...effective.config }, source: effective.origin };
}
