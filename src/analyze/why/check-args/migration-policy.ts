// The args of the migration-policy check (checks/migration-policy.ts), for render/why-text/migration-policy.ts. Types only.
import type { MigrationConfigArgs } from '../migration-config.js';
import type { ConfigField, ConfigSource, EffectiveMigrationConfig } from '../../policy/effective-config.js';

/** Post-copy allowed: it needs a privileged namespace, whose PSA enforce label is this. */
export type PostCopy = { postCopy: false } | { postCopy: true; podSecurityEnforce: string | null };

/**
 * `kind`: the echo of what ran names a policy (`recorded`) or none (`recorded-none`); computed, a
 * policy matches (`matched`) or none (`none`); `unknown`: policies or namespace labels unreadable.
 */
export type MigrationPolicyArgs = PostCopy & {
  kind: 'recorded' | 'recorded-none' | 'matched' | 'none' | 'unknown';
  policy: string | null;
  matchedVmiLabels: Record<string, string>;
  matchedNamespaceLabels: Record<string, string>;
  origin: EffectiveMigrationConfig['origin'];
  config: MigrationConfigArgs;
  sources: Partial<Record<ConfigField, ConfigSource>>;
  policyFields: ConfigField[];
  assumed: ConfigField[];
  differsFromComputed: ConfigField[];
  clusterMissing: string | null;
  /** With `unknown`: what could not be read. */
  unknownResource?: 'migrationpolicies' | 'namespaces';
};
