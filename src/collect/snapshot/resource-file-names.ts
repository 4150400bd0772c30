// Which resource a dump file is named after. `kubectl get vmim -A -o yaml > vmims.yaml` on a
// cluster without migrations writes `items: []`: the file name is then the only evidence that
// migrations were collected (and that there are none), which `has()` must report.
import { ALL_RESOURCES, type ResourceId } from '../../kube/resources.js';

/** kubectl short names (and the obvious singulars), per resource. */
const ALIASES: Record<ResourceId, readonly string[]> = {
  vmi: ['vmi', 'vmis'],
  vm: ['vm', 'vms'],
  vmim: ['vmim', 'vmims', 'migrations'],
  kubevirt: ['kv', 'kvs', 'kubevirt'],
  migrationpolicy: ['migrationpolicy'],
  datavolume: ['dv', 'dvs', 'datavolume'],
  storageprofile: ['storageprofile'],
  pod: ['po', 'pod'],
  node: ['no', 'node'],
  pvc: ['pvc', 'pvcs'],
  pv: ['pv', 'pvs'],
  storageclass: ['sc', 'storageclass'],
  namespace: ['ns', 'namespace'],
  resourcequota: ['quota', 'quotas', 'resourcequota'],
  event: ['ev', 'event'],
  nad: ['net-attach-def', 'network-attachment-definition', 'nads'],
  pdb: ['pdb', 'pdbs'],
};

const BY_NAME: ReadonlyMap<string, ResourceId> = (() => {
  const m = new Map<string, ResourceId>();
  for (const r of ALL_RESOURCES) {
    m.set(r.plural, r.id);
    if (r.group) m.set(`${r.plural}.${r.group}`, r.id);
    m.set(r.kind.toLowerCase(), r.id);
    for (const alias of ALIASES[r.id]) m.set(alias, r.id);
  }
  return m;
})();

/** The resource a file like `virtualmachineinstancemigrations.yaml` or `vmims.json` is named after. */
export function resourceForFileName(rel: string): ResourceId | undefined {
  const base = rel.split('/').pop() ?? '';
  const stem = base.replace(/\.(ya?ml|json)$/i, '').toLowerCase();
  return BY_NAME.get(stem);
}
