// Prose of the admission check (src/analyze/why/checks/admission.ts).
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

export const admissionText: CheckText<'admission'> = {
  title: 'Target pod admitted',
  summary(r) {
    const a = r.args;
    const earlier = 'past' in a ? 'Earlier, ' : '';
    switch (a.kind) {
      case 'pod-security':
        return `${earlier}Pod Security admission refused the target pod: violates PodSecurity "${a.level}:${a.version}": ${a.violations}.`;
      case 'privileged-namespace':
        return `${earlier}the target pod needs a privileged namespace to run and Pod Security refused it: ${a.detail}.`;
      case 'scc':
        return `${earlier}OpenShift SCC admission refused the target pod: ${a.detail}.`;
      case 'limit-range':
        return `${earlier}a LimitRange refused the target pod: ${a.detail}.`;
      case 'webhook':
        return `${earlier}admission webhook "${a.webhook}" refused the target pod: ${a.message}.`;
      case 'admitted':
        return 'The target pod was admitted.';
      case 'no-refusal':
        return 'No admission refusal of the target pod since the migration started.';
      case 'no-migration':
        return 'No migration.';
      case 'events-unreadable':
        return 'Events could not be read.';
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail') return undefined;
    const ns = 'namespace' in a ? a.namespace : '';
    switch (a.kind) {
      case 'pod-security':
        return `the target pod must pass namespace ${ns}'s Pod Security level "${a.level}" as the source pod once did: check the namespace's pod-security.kubernetes.io/enforce label (kubectl get namespace ${ns} --show-labels) and relax it, e.g. kubectl label namespace ${ns} pod-security.kubernetes.io/enforce=privileged --overwrite`;
      case 'privileged-namespace':
        return `let namespace ${ns} run privileged pods (kubectl label namespace ${ns} pod-security.kubernetes.io/enforce=privileged --overwrite), or turn off what needs it (post-copy: allowPostCopy in the KubeVirt CR or MigrationPolicy)`;
      case 'scc':
        return `check which SCC admitted the source launcher pod (annotation openshift.io/scc) and whether the namespace or service account still may use it`;
      case 'limit-range':
        return `raise the LimitRange maximum in namespace ${ns} (kubectl get limitrange -n ${ns} -o yaml): the target pod has the source pod's resources`;
      case 'webhook':
        return `ask the owner of webhook ${a.webhook} why it refuses virt-launcher pods (kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations)`;
      case 'admitted':
      case 'no-refusal':
      case 'no-migration':
      case 'events-unreadable':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
