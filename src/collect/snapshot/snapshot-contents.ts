// What a snapshot or a set of manifests holds, in one line, for the errors that say it holds
// nothing to judge: `--from` without KubeVirt objects, `-f` without a VM or VMI. Kinds come from
// the files, so only names that look like a kind are printed, never the text itself.
import type { ResourceId } from '../../kube/resources.js';
import { inputError } from './input-errors.js';

/** The KubeVirt objects a snapshot must hold at least one of for any command to read it. */
const KUBEVIRT_RESOURCES: readonly ResourceId[] = ['vm', 'vmi', 'vmim', 'kubevirt', 'migrationpolicy'];
/** Kinds named in one line at most; the rest are counted. */
const MAX_KINDS_NAMED = 5;
const KIND_NAME = /^[A-Za-z][A-Za-z0-9]{0,62}$/;

export interface Holdings {
  /** YAML/JSON files read (and skipped as unreadable). */
  documentFiles: number;
  skippedFiles: number;
  /** Objects per kind, read or not. */
  kinds: ReadonlyMap<string, number>;
}

export function holdsKubeVirt(objects: Partial<Record<ResourceId, number>>): boolean {
  return KUBEVIRT_RESOURCES.some((id) => (objects[id] ?? 0) > 0);
}

/** `--from PATH` holds no KubeVirt object: every command says so in these words, exit 3. */
export function noKubeVirtObjects(path: string, h: Holdings): Error {
  return inputError(`error: no KubeVirt objects in ${path}: ${describeHoldings(h)}; --from reads a dump with VirtualMachines, VirtualMachineInstances or their migrations (kubectl get vm,vmi,vmim -A -o yaml)`);
}

/** "2 files hold ConfigMap (3), Pod (1)", "1 file holds no Kubernetes object", "no YAML or JSON file". */
export function describeHoldings(h: Holdings): string {
  const files = h.documentFiles;
  if (files === 0) return 'no YAML or JSON file';
  const subject = `${files} ${files === 1 ? 'file holds' : 'files hold'}`;
  const skipped = h.skippedFiles > 0 ? ` (${h.skippedFiles} unreadable, skipped)` : '';
  const kinds = [...h.kinds].filter(([, n]) => n > 0);
  if (kinds.length === 0) return `${subject} no Kubernetes object${skipped}`;
  kinds.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const named = kinds.filter(([k]) => KIND_NAME.test(k)).slice(0, MAX_KINDS_NAMED);
  const others = kinds.filter((e) => !named.includes(e)).reduce((sum, [, n]) => sum + n, 0);
  const parts = [...named.map(([k, n]) => `${k} (${n})`), ...(others > 0 ? [`${others} other${others === 1 ? '' : 's'}`] : [])];
  return `${subject} ${parts.join(', ')}${skipped}`;
}
