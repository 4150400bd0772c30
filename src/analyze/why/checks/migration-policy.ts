// migration-policy: which MigrationPolicy applies and the configuration the migration runs with
// (defaults: pkg/virt-config/virt-config.go; matching: src/analyze/policy/match-policy.ts).
// Informational only: it never names a cause. Once handed off, the migrationState echo is what ran
// (and `migrationPolicyName` names the policy); before that the match is computed like the
// controller does, which needs the policies and, for policies with a namespaceSelector, the
// namespace's labels — otherwise `unknown`.
import type { EvidenceRef } from '../../findings.js';
import { LABEL_PSA_ENFORCE } from '../../../kubevirt/constants.js';
import { result, type WhyCheck } from '../check.js';
import type { PostCopy, MigrationPolicyArgs } from '../check-args/migration-policy.js';
import type { WhyContext } from '../context.js';
import { configArgs, resolveMigrationConfig, type ResolvedMigrationConfig } from '../migration-config.js';
import { policyOutput } from '../policy-output.js';

const ID = 'migration-policy';

export const migrationPolicy: WhyCheck<'migration-policy'> = {
  id: ID,
  run(ctx) {
    const resolved = resolveMigrationConfig(ctx);
    const { effective, matchUnknown, migrationState, stateOn } = resolved;
    const out = policyOutput(ctx, resolved);
    const args: MigrationPolicyArgs = {
      kind: kindOf(resolved, out?.name ?? null),
      policy: out?.name ?? null,
      matchedVmiLabels: out?.matchedLabels.vmi ?? {},
      matchedNamespaceLabels: out?.matchedLabels.namespace ?? {},
      origin: effective.origin,
      config: configArgs(effective.config),
      sources: { ...effective.source },
      policyFields: effective.policyFields,
      assumed: effective.assumed,
      differsFromComputed: effective.differsFromComputed ?? [],
      clusterMissing: resolved.clusterUnknown ?? null,
      ...postCopyArgs(ctx, effective.config.allowPostCopy === true),
    };
    const evidence = evidenceOf(ctx, resolved, out?.name ?? null, stateOn);
    // Without the policies (or the namespace labels a policy selects on) and without an echo of
    // what ran, the policy — and so the configuration — is a guess.
    if (matchUnknown && !migrationState) {
      const r = result(ID, 'unknown', { ...args, kind: 'unknown', unknownResource: matchUnknown.resource }, evidence);
      r.missing = matchUnknown.reason;
      return r;
    }
    return result(ID, 'info', args, evidence);
  },
};

function kindOf(resolved: ResolvedMigrationConfig, name: string | null): MigrationPolicyArgs['kind'] {
  if (resolved.migrationState) return name ? 'recorded' : 'recorded-none';
  return name ? 'matched' : 'none';
}

function postCopyArgs(ctx: WhyContext, allowed: boolean): PostCopy {
  if (!allowed) return { postCopy: false };
  const ns = ctx.namespaceObject.ok ? ctx.namespaceObject.items[0] : undefined;
  return { postCopy: true, podSecurityEnforce: ns?.metadata.labels?.[LABEL_PSA_ENFORCE] ?? null };
}

function evidenceOf(ctx: WhyContext, resolved: ResolvedMigrationConfig, name: string | null, stateOn: ResolvedMigrationConfig['stateOn']): EvidenceRef[] {
  const evidence: EvidenceRef[] = [];
  const { migrationState, match, effective } = resolved;
  if (migrationState && stateOn) {
    const objName = stateOn === 'VirtualMachineInstance' ? (ctx.vmi?.metadata.name ?? '') : (ctx.migration?.metadata.name ?? '');
    if (migrationState.migrationPolicyName) {
      evidence.push({ kind: stateOn, namespace: ctx.namespace, name: objName, field: 'status.migrationState.migrationPolicyName', message: migrationState.migrationPolicyName });
    }
    evidence.push({ kind: stateOn, namespace: ctx.namespace, name: objName, field: 'status.migrationState.migrationConfiguration' });
  }
  if (match && name === match.policy.metadata.name) evidence.push({ kind: 'MigrationPolicy', name, field: 'spec.selectors' });
  const cr = ctx.kubevirtCR;
  if (cr && Object.values(effective.source).includes('cluster')) {
    const ref: EvidenceRef = { kind: 'KubeVirt', name: cr.metadata.name ?? '', field: 'spec.configuration.migrations' };
    if (cr.metadata.namespace) ref.namespace = cr.metadata.namespace;
    evidence.push(ref);
  }
  return evidence;
}
