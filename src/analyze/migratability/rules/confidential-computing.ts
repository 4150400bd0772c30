// Confidential guests cannot be migrated: the host cannot read their memory (facts §2, checks
// 4–5: SEVNotLiveMigratable, TDXNotLiveMigratable, SecureExecutionNotLiveMigratable).
// `launchSecurity.sev` (SEV-ES when `sev.policy.encryptedState` is true), `.snp`, `.tdx`; an
// empty `launchSecurity: {}` is how IBM Secure Execution (s390x) is requested (KubeVirt VEP 19).
import type { MigratabilityRule } from '../rule.js';
import type { ConfidentialComputingArgs } from '../rule-args/confidential-computing.js';
import { specPath, subjectRef } from '../subject.js';

function technology(ls: Record<string, unknown>): ConfidentialComputingArgs['technology'] {
  if (ls.snp != null) return 'SEV-SNP';
  if (ls.tdx != null) return 'TDX';
  if (ls.sev != null) {
    const policy = (ls.sev as { policy?: { encryptedState?: boolean } }).policy;
    return policy?.encryptedState === true ? 'SEV-ES' : 'SEV';
  }
  return 'SecureExecution';
}

export const confidentialComputing: MigratabilityRule<'confidential-computing'> = {
  id: 'confidential-computing',
  severity: 'blocker',
  description: 'launchSecurity: SEV, SEV-ES, SEV-SNP, TDX or IBM Secure Execution',
  needs: [],
  evaluate(subject) {
    const ls = subject.spec.domain?.launchSecurity;
    if (ls == null) return { findings: [] };
    const path = specPath(subject, 'domain.launchSecurity');
    return {
      findings: [
        {
          rule: 'confidential-computing',
          severity: 'blocker',
          args: { technology: technology(ls as Record<string, unknown>) },
          path,
          evidence: [subjectRef(subject, path)],
        },
      ],
    };
  },
};
