// Everything `why` reads, in at most three rounds of concurrent requests and at most 15 in all:
// round 1 resolves NAME and reads every list (13); round 2 fetches the VMI when NAME was a VMIM
// of another name; round 3 reads the bounded log tail of the source launcher.
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { isFatal, listKnown, missingReason, type GatherError } from '../../collect/gather.js';
import { known, unknownList, type Known } from '../../analyze/findings.js';
import type {
  KubeEvent,
  KubeVirt,
  MigrationPolicy,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import { LABEL_APP, LABEL_APP_LAUNCHER, LABEL_MIGRATION_JOB_UID } from '../../kubevirt/constants.js';
import type { LogTail, WhyInputs } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';

/** Lines of the source launcher's compute log to read: enough for ~10 minutes of progress lines. */
export const LOG_TAIL_LINES = 400;
const LOG_LIMIT_BYTES = 512 * 1024;

export interface WhyGathered {
  inputs: WhyInputs;
  errors: GatherError[];
}

/** The lists `why` (one namespace) and `list` (one namespace or all) read in one round. */
export interface WhyLists {
  migrations: Known<VirtualMachineInstanceMigration>;
  pods: Known<Pod>;
  events: Known<KubeEvent>;
  nodes: Known<Node>;
  quotas: Known<ResourceQuota>;
  pvcs: Known<PersistentVolumeClaim>;
  pvs: Known<PersistentVolume>;
  kubevirt: Known<KubeVirt>;
  policies: Known<MigrationPolicy>;
}

/** `namespace` undefined = every namespace. */
export async function readWhyLists(source: ClusterSource, namespace: string | undefined, errors: GatherError[]): Promise<WhyLists> {
  const ns = { namespace };
  const [migrations, launcherPods, targetPods, events, nodes, quotas, pvcs, pvs, kubevirt, policies] = await Promise.all([
    listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors),
    listKnown<Pod>(source, 'pod', { namespace, labelSelector: `${LABEL_APP}=${LABEL_APP_LAUNCHER}` }, errors),
    // Target pods cluster-wide (small): their kubevirt.io/nodeName label names the source node,
    // which is how outbound migration slots per node are counted.
    namespace === undefined ? Promise.resolve(known<Pod>([])) : listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID }, errors),
    listKnown<KubeEvent>(source, 'event', ns, errors),
    listKnown<Node>(source, 'node', {}, errors),
    listKnown<ResourceQuota>(source, 'resourcequota', ns, errors),
    listKnown<PersistentVolumeClaim>(source, 'pvc', ns, errors),
    listKnown<PersistentVolume>(source, 'pv', {}, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    listKnown<MigrationPolicy>(source, 'migrationpolicy', {}, errors),
  ]);
  return { migrations, pods: mergePods(launcherPods, targetPods), events, nodes, quotas, pvcs, pvs, kubevirt, policies };
}

export async function gatherForWhy(source: ClusterSource, namespace: string, name: string): Promise<WhyGathered> {
  const errors: GatherError[] = [];
  const [vmiByName, vmByName, lists, namespaceObject] = await Promise.all([
    getOptional<VirtualMachineInstance>(source, 'vmi', namespace, name),
    getOptional<VirtualMachine>(source, 'vm', namespace, name),
    readWhyLists(source, namespace, errors),
    getKnown<Namespace>(source, 'namespace', namespace, errors),
  ]);
  const { migrations } = lists;

  // NAME resolution (contract §2): a VMIM name, else a VMI name, else a VM name.
  const namedMigration = migrations.ok
    ? migrations.items.find((m) => m.metadata.namespace === namespace && m.metadata.name === name)
    : undefined;
  let vmi = vmiByName;
  let vm = vmByName;
  let resolvedAs: WhyInputs['requested']['resolvedAs'] = 'none';
  if (namedMigration) {
    resolvedAs = 'VirtualMachineInstanceMigration';
    const vmiName = namedMigration.spec?.vmiName;
    if (vmiName && vmiName !== name) {
      vmi = await getOptional<VirtualMachineInstance>(source, 'vmi', namespace, vmiName);
      vm = undefined;
    }
  } else if (vmiByName) resolvedAs = 'VirtualMachineInstance';
  else if (vmByName) resolvedAs = 'VirtualMachine';
  else {
    const what = migrations.ok ? 'virtualmachineinstancemigrations, virtualmachineinstances or virtualmachines' : 'virtualmachineinstances or virtualmachines';
    throw new SourceError('NotFound', `Error from server (NotFound): no ${what} named "${name}" in namespace "${namespace}"`, 'virtualmachineinstances.kubevirt.io', 404);
  }

  const inputs: WhyInputs = {
    ...lists,
    now: source.now(),
    namespace,
    requested: { name, resolvedAs },
    vmi,
    vm,
    namedMigration,
    namespaceObject,
    sourceLog: { ok: false, reason: 'not read yet' },
  };
  // The source pod is only known once the context is derived.
  const sourcePod = deriveContext(inputs).sourcePod?.metadata.name;
  inputs.sourceLog = await readLogTail(source, namespace, sourcePod, errors);
  return { inputs, errors };
}

async function getOptional<T extends VirtualMachineInstance | VirtualMachine>(
  source: ClusterSource,
  resource: 'vmi' | 'vm',
  namespace: string,
  name: string,
): Promise<T | undefined> {
  try {
    return await source.get<T>(resource, namespace, name);
  } catch (err) {
    // A missing CRD answers 404 on the list path: the same as "no such object".
    if (err instanceof SourceError && err.kindOf === 'NotFound') return undefined;
    throw err;
  }
}

async function getKnown<T extends Namespace>(source: ClusterSource, resource: 'namespace', name: string, errors: GatherError[]): Promise<Known<T>> {
  if (source.has && !source.has(resource)) return unknownList(`no namespaces in the snapshot`);
  try {
    const obj = await source.get<T>(resource, undefined, name);
    return known(obj ? [obj] : []);
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    errors.push({ resource: 'namespaces', message: err.message });
    return unknownList(missingReason('namespaces', err));
  }
}

function mergePods(a: Known<Pod>, b: Known<Pod>): Known<Pod> {
  if (!a.ok) return a;
  const seen = new Set(a.items.map((p) => p.metadata.uid ?? `${p.metadata.namespace}/${p.metadata.name}`));
  return known([...a.items, ...(b.ok ? b.items.filter((p) => !seen.has(p.metadata.uid ?? `${p.metadata.namespace}/${p.metadata.name}`)) : [])]);
}

async function readLogTail(source: ClusterSource, namespace: string, pod: string | undefined, errors: GatherError[]): Promise<LogTail> {
  if (!pod) return { ok: false, reason: 'no source launcher pod found' };
  try {
    const text = await source.podLog(namespace, pod, { container: 'compute', tailLines: LOG_TAIL_LINES, limitBytes: LOG_LIMIT_BYTES });
    return text === undefined ? { ok: false, reason: `no log for pod ${pod}` } : { ok: true, pod, text };
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    errors.push({ resource: 'pods/log', message: err.message });
    return { ok: false, reason: missingReason('pods/log', err) };
  }
}
