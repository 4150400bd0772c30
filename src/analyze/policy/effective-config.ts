// The MigrationConfiguration a migration runs with: KubeVirt's defaults for its version (facts
// §1.5), overlaid by the KubeVirt CR's `spec.configuration.migrations`, overlaid by the matched
// MigrationPolicy's overridable fields (§8, §3.8). For a migration already handed off, the VMI's
// `status.migrationState.migrationConfiguration` echo is what the controller actually used.

import {
  DEFAULT_BANDWIDTH_PER_MIGRATION,
  DEFAULT_COMPLETION_TIMEOUT_PER_GIB,
  DEFAULT_COMPLETION_TIMEOUT_PER_GIB_OLD,
  DEFAULT_MAX_DOWNTIME_MS,
  DEFAULT_NODE_DRAIN_TAINT_KEY,
  DEFAULT_PARALLEL_MIGRATIONS_PER_CLUSTER,
  DEFAULT_PARALLEL_OUTBOUND_MIGRATIONS_PER_NODE,
  DEFAULT_PROGRESS_TIMEOUT,
  DEFAULT_UTILITY_VOLUMES_TIMEOUT,
} from '../../kubevirt/constants.js';
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import { parseQuantity } from '../../kube/quantity.js';
import type { MigrationConfiguration, MigrationPolicy, MigrationState } from '../../kube/types.js';

export type ConfigField = keyof MigrationConfiguration;
/** Where a value came from; `migration-state` = the VMI's echo disagrees with what we computed. */
export type ConfigSource = 'default' | 'cluster' | 'policy' | 'migration-state';

export interface EffectiveMigrationConfig {
  config: MigrationConfiguration;
  source: Partial<Record<ConfigField, ConfigSource>>;
  /** The policy applied (computed), or the VMI's `migrationPolicyName` when the echo is used. */
  policyName?: string;
  /** Fields the policy set. ≤v1.8 records `migrationPolicyName` only when this is non-empty. */
  policyFields: ConfigField[];
  /** Version-dependent defaults chosen without knowing the KubeVirt version. */
  assumed: ConfigField[];
  /** `computed` from defaults/cluster/policy, or taken from the VMI's `migrationState` echo. */
  origin: 'computed' | 'migration-state';
  /** With the echo: fields where today's computation differs from what the migration used. */
  differsFromComputed?: ConfigField[];
}

type Values = Record<string, unknown>;

/** Defaults of `version` (undefined = unknown: the current defaults, listed in `assumed`). */
export function defaultMigrationConfig(version?: KubeVirtVersion): { config: MigrationConfiguration; assumed: ConfigField[] } {
  const assumed: ConfigField[] = [];
  const since = (major: number, minor: number, field: ConfigField): boolean => {
    const v = atLeast(version, major, minor);
    if (v === undefined) assumed.push(field);
    return v ?? true;
  };
  const config: MigrationConfiguration = {
    parallelMigrationsPerCluster: DEFAULT_PARALLEL_MIGRATIONS_PER_CLUSTER,
    parallelOutboundMigrationsPerNode: DEFAULT_PARALLEL_OUTBOUND_MIGRATIONS_PER_NODE,
    bandwidthPerMigration: DEFAULT_BANDWIDTH_PER_MIGRATION,
    completionTimeoutPerGiB: since(1, 4, 'completionTimeoutPerGiB')
      ? DEFAULT_COMPLETION_TIMEOUT_PER_GIB
      : DEFAULT_COMPLETION_TIMEOUT_PER_GIB_OLD,
    progressTimeout: DEFAULT_PROGRESS_TIMEOUT,
    allowAutoConverge: false,
    allowPostCopy: false,
    unsafeMigrationOverride: false,
    nodeDrainTaintKey: DEFAULT_NODE_DRAIN_TAINT_KEY,
  };
  if (since(1, 8, 'utilityVolumesTimeout')) config.utilityVolumesTimeout = DEFAULT_UTILITY_VOLUMES_TIMEOUT;
  if (since(1, 9, 'maxDowntimeMs')) config.maxDowntimeMs = DEFAULT_MAX_DOWNTIME_MS;
  // disableTLS, network, matchSELinuxLevelOnMigration have no default (nil); allowWorkloadDisruption
  // is derived after the cluster overlay (see below).
  return { config, assumed };
}

/** The policy fields KubeVirt lets a MigrationPolicy override, with the version that added each. */
const POLICY_FIELDS: [ConfigField, [number, number]][] = [
  ['allowAutoConverge', [0, 0]],
  ['bandwidthPerMigration', [0, 0]],
  ['completionTimeoutPerGiB', [0, 0]],
  ['allowPostCopy', [0, 0]],
  ['allowWorkloadDisruption', [1, 5]],
  ['maxDowntimeMs', [1, 9]],
];

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

export interface EffectiveConfigInput {
  version?: KubeVirtVersion;
  /** KubeVirt CR `spec.configuration.migrations`. */
  cluster?: MigrationConfiguration;
  /** The policy from matchMigrationPolicy, if any. */
  policy?: MigrationPolicy;
}

/** Defaults ← cluster ← policy, with the source of every field. */
export function effectiveMigrationConfig(input: EffectiveConfigInput): EffectiveMigrationConfig {
  const { version, cluster, policy } = input;
  const { config: defaults, assumed } = defaultMigrationConfig(version);
  const values: Values = { ...defaults };
  const source: Partial<Record<ConfigField, ConfigSource>> = {};
  for (const k of Object.keys(defaults) as ConfigField[]) source[k] = 'default';

  for (const [k, v] of Object.entries(cluster ?? {}) as [ConfigField, unknown][]) {
    if (!isSet(v)) continue;
    values[k] = v;
    source[k] = 'cluster';
  }

  // v1.5+: GetMigrationConfiguration() makes a nil allowWorkloadDisruption follow allowPostCopy.
  const hasDisruption = atLeast(version, 1, 5);
  if (hasDisruption === undefined && !assumed.includes('allowWorkloadDisruption')) assumed.push('allowWorkloadDisruption');
  if ((hasDisruption ?? true) && !isSet(values.allowWorkloadDisruption)) {
    values.allowWorkloadDisruption = values.allowPostCopy;
    source.allowWorkloadDisruption = source.allowPostCopy ?? 'default';
  }

  const policyFields: ConfigField[] = [];
  const spec = (policy?.spec ?? {}) as Values;
  for (const [k, [major, minor]] of POLICY_FIELDS) {
    if (!isSet(spec[k]) || atLeast(version, major, minor) === false) continue;
    values[k] = spec[k];
    source[k] = 'policy';
    policyFields.push(k);
  }
  // Backward compatibility (v1.5+): a policy allowPostCopy without allowWorkloadDisruption sets both.
  if ((hasDisruption ?? true) && isSet(spec.allowPostCopy) && !isSet(spec.allowWorkloadDisruption)) {
    values.allowWorkloadDisruption = spec.allowPostCopy;
    source.allowWorkloadDisruption = 'policy';
    policyFields.push('allowWorkloadDisruption');
  }

  const out: EffectiveMigrationConfig = {
    config: values as MigrationConfiguration,
    source,
    policyFields,
    assumed,
    origin: 'computed',
  };
  if (policy?.metadata.name) out.policyName = policy.metadata.name;
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // `bandwidthPerMigration` is echoed as `0` for the default `0Mi`: compare quantities by value.
  if (typeof a === 'string' && typeof b === 'string') {
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    return qa !== undefined && qa === qb;
  }
  return false;
}

/**
 * The configuration of one migration: the VMI's `migrationState.migrationConfiguration` echo when
 * present (written at hand-off: authoritative, `origin: 'migration-state'`), else the computed one.
 * With the echo, sources still come from the computation where it agrees; fields where it does
 * not (the cluster config or policy changed since) are marked `migration-state` and listed.
 */
export function migrationConfigOfMigration(
  input: EffectiveConfigInput & { migrationState?: MigrationState },
): EffectiveMigrationConfig {
  const computed = effectiveMigrationConfig(input);
  const echo = input.migrationState?.migrationConfiguration;
  if (!echo) return computed;

  const source: Partial<Record<ConfigField, ConfigSource>> = {};
  const differsFromComputed: ConfigField[] = [];
  const echoed = echo as Values;
  const mine = computed.config as Values;
  for (const k of Object.keys(echoed) as ConfigField[]) {
    if (!isSet(echoed[k])) continue;
    if (sameValue(echoed[k], mine[k])) source[k] = computed.source[k] ?? 'migration-state';
    else {
      source[k] = 'migration-state';
      differsFromComputed.push(k);
    }
  }
  const out: EffectiveMigrationConfig = {
    config: { ...echo },
    source,
    policyFields: computed.policyFields.filter((k) => source[k] === 'policy'),
    assumed: [],
    origin: 'migration-state',
    differsFromComputed,
  };
  const name = input.migrationState?.migrationPolicyName;
  if (name) out.policyName = name;
  return out;
}
