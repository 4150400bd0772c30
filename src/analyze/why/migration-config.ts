// The MigrationConfiguration of the diagnosed migration (or of a migration started now), shared
// by the transfer, failure-reason and migration-policy checks and the document's `policy`.
// Once handed off, the VMI's `migrationState.migrationConfiguration` echo (copied to the VMIM when
// final, v1.3+) is what ran; before that we compute defaults ← KubeVirt CR ← matched policy.
import { migrationConfigOfMigration, type EffectiveMigrationConfig } from '../policy/effective-config.js';
import { matchMigrationPolicy, policiesUseNamespaceLabels, type PolicyMatch } from '../policy/match-policy.js';
import type { MigrationConfiguration, MigrationState } from '../../kube/types.js';
import type { WhyContext } from './context.js';
import { liveStateOf, recordedStateOf } from '../migration/state.js';

export interface ResolvedMigrationConfig {
  effective: EffectiveMigrationConfig;
  /** The policy KubeVirt would pick today (undefined: none matches, or unknown — see `matchUnknown`). */
  match?: PolicyMatch;
  /** Why the policy match cannot be trusted: policies or the namespace's labels unreadable. */
  matchUnknown?: { resource: 'migrationpolicies' | 'namespaces'; reason: string };
  /** Why the cluster configuration is not known (KubeVirt CR unreadable): defaults were assumed. */
  clusterUnknown?: string;
  /** The migrationState the echo came from, when there was one. */
  migrationState?: MigrationState;
  /** Which object holds that migrationState. */
  stateOn?: 'VirtualMachineInstance' | 'VirtualMachineInstanceMigration';
}

export function resolveMigrationConfig(ctx: WhyContext): ResolvedMigrationConfig {
  const out: Partial<ResolvedMigrationConfig> = {};
  const policies = ctx.policies.ok ? ctx.policies.items : [];
  if (!ctx.policies.ok) out.matchUnknown = { resource: 'migrationpolicies', reason: ctx.policies.reason };
  const namespaceLabels = ctx.namespaceObject.ok ? ctx.namespaceObject.items[0]?.metadata.labels : undefined;
  if (ctx.policies.ok && !ctx.namespaceObject.ok && policiesUseNamespaceLabels(policies)) {
    out.matchUnknown = { resource: 'namespaces', reason: ctx.namespaceObject.reason };
  }
  if (!ctx.kubevirt.ok) out.clusterUnknown = ctx.kubevirt.reason;
  // An unknown match must not feed the effective configuration: it would look like a fact.
  const match = out.matchUnknown ? undefined : matchMigrationPolicy(policies, ctx.vmi?.metadata.labels, namespaceLabels);
  if (match) out.match = match;

  const m = ctx.migration;
  const onVmi = liveStateOf(m, ctx.vmi);
  const onVmim = recordedStateOf(m);
  if (onVmi?.migrationConfiguration) {
    out.migrationState = onVmi;
    out.stateOn = 'VirtualMachineInstance';
  } else if (onVmim?.migrationConfiguration) {
    out.migrationState = onVmim;
    out.stateOn = 'VirtualMachineInstanceMigration';
  }
  const effective = migrationConfigOfMigration({
    ...(ctx.version ? { version: ctx.version } : {}),
    ...(ctx.kubevirtCR?.spec?.configuration?.migrations ? { cluster: ctx.kubevirtCR.spec.configuration.migrations } : {}),
    ...(match ? { policy: match.policy } : {}),
    ...(out.migrationState ? { migrationState: out.migrationState } : {}),
  });
  return { ...out, effective };
}

/** The configuration's scalar fields as a dump carries them (a number may come quoted, a boolean as text). */
export type MigrationConfigArgs = { [K in keyof MigrationConfiguration]?: string | number | boolean };

/** The configuration's set scalar fields: what prose may print as they are. */
export function configArgs(config: MigrationConfiguration): MigrationConfigArgs {
  const out: MigrationConfigArgs = {};
  for (const [k, v] of Object.entries(config) as [keyof MigrationConfiguration, unknown][]) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}
