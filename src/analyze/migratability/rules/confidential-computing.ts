// Confidential guests cannot be migrated: the host cannot read their memory. KubeVirt's checks
// (vm.go calculateLiveMigrationCondition; pkg/util amd64.go / s390x.go):
// - SEVNotLiveMigratable: `launchSecurity.sev` (SEV, SEV-ES with `policy.encryptedState`), and
//   from v1.7 `launchSecurity.snp` too;
// - else TDXNotLiveMigratable (v1.7+): `launchSecurity.tdx`;
// - SecureExecutionNotLiveMigratable (v1.6+): any `launchSecurity` (even `{}`, IBM Secure
//   Execution, KubeVirt VEP 19) on `architecture: s390x`.
// A field a release does not know (snp, tdx before v1.7) is not held against the VM there.
import {
  KV_REASON,
  LIVE_MIGRATABLE_REASON_VERSIONS,
  SECURE_EXECUTION_ARCHITECTURE,
  SEV_SNP_COUNTS_AS_SEV_SINCE,
} from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { ConfidentialComputingArgs } from '../rule-args/confidential-computing.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';

export const confidentialComputing: MigratabilityRule<'confidential-computing'> = {
  id: 'confidential-computing',
  severity: 'blocker',
  description: 'launchSecurity: SEV, SEV-ES, SEV-SNP (KubeVirt 1.7+), TDX (1.7+) or IBM Secure Execution (s390x, 1.6+)',
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.sev, KV_REASON.tdx, KV_REASON.secureExecution],
    changesAt: [LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.secureExecution].since, SEV_SNP_COUNTS_AS_SEV_SINCE],
    reads: [],
  },
  evaluate(subject, facts) {
    const ls = subject.spec.domain?.launchSecurity;
    if (ls == null || typeof ls !== 'object') return { findings: [] };
    const release = releaseOf(facts);
    const findings: RuleFinding<'confidential-computing'>[] = [];
    const push = (technology: ConfidentialComputingArgs['technology'], field: string, kubevirtReason: RuleFinding['kubevirtReason']) => {
      const path = specPath(subject, field);
      findings.push({ rule: 'confidential-computing', severity: 'blocker', kubevirtReason, args: { technology }, path, evidence: [subjectRef(subject, path)] });
    };
    const v17 = inRelease(release, { since: SEV_SNP_COUNTS_AS_SEV_SINCE });
    if (ls.sev != null) {
      const policy = (ls.sev as { policy?: { encryptedState?: boolean } }).policy;
      push(policy?.encryptedState === true ? 'SEV-ES' : 'SEV', 'domain.launchSecurity.sev', KV_REASON.sev);
    } else if (ls.snp != null && v17) push('SEV-SNP', 'domain.launchSecurity.snp', KV_REASON.sev);
    else if (ls.tdx != null && inRelease(release, LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.tdx])) push('TDX', 'domain.launchSecurity.tdx', KV_REASON.tdx);
    if (subject.spec.architecture === SECURE_EXECUTION_ARCHITECTURE && inRelease(release, LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.secureExecution])) {
      push('SecureExecution', 'domain.launchSecurity', KV_REASON.secureExecution);
    }
    return { findings };
  },
};
