// The migration target pod a new migration would get, before it exists
// (pkg/virt-controller/services/template.go, `RenderMigrationManifest`): KubeVirt renders it like
// the source launcher pod (same containers and resources, tolerations, node selector and affinity),
// then `createTargetPod` adds the migration-specific parts:
//   1. `spec.addedNodeSelector` (v1.6+) is copied first and the rendered selector over it, so a
//      key the VM already selects on wins ("can only restrict");
//   2. host-model CPU: unless the source pod already carries `cpu-feature.…`/`cpu-model-migration.…`
//      keys (it was itself a migration target), the source NODE's `host-model-cpu.…/<M>` becomes
//      `cpu-model-migration.…/<M>` and each `host-model-required-features.…/<f>` becomes
//      `cpu-feature.…/<f>`;
//   3. v1.8+: the source node's `cpu-vendor.…/<Vendor>` unless a vendor key is already selected;
//   4. the required pod anti-affinity on `kubevirt.io/created-by: <VMI UID>` per hostname.
// Pure: the pod is only judged against the nodes (src/analyze/why/target-placement.ts).
import type { Affinity, Node, Pod, PodAffinityTerm, VirtualMachineInstance } from '../../kube/types.js';
import {
  CPU_HOST_MODEL,
  LABEL_CREATED_BY,
  LABEL_HOSTNAME,
  LABEL_MIGRATION_JOB_UID,
  PREFIX_CPU_FEATURE,
  PREFIX_CPU_MODEL_MIGRATION,
  PREFIX_CPU_VENDOR,
} from '../../kubevirt/constants.js';
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import { hostModelCpuOf } from '../scheduling/host-model.js';
import { listOf, objectOf, stringMapOf } from '../shape.js';

export interface TargetPodInput {
  /** The launcher pod the VMI runs in now. */
  sourcePod: Pod;
  vmi: VirtualMachineInstance;
  /** The node the VMI runs on (its labels give the host model); undefined when unreadable. */
  sourceNode?: Node;
  addedNodeSelector: Readonly<Record<string, string>>;
  version?: KubeVirtVersion;
  /** UID the planned migration is known by (the pod's migrationJobUID label). */
  migrationUid: string;
}

export interface PlannedTargetPod {
  pod: Pod;
  /** `--node-selector` keys the VM's own selector overrides with another value (KubeVirt: the VM wins). */
  overriddenKeys: string[];
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

export function plannedTargetPod(input: TargetPodInput): PlannedTargetPod {
  const { sourcePod, vmi, sourceNode } = input;
  const rendered = stringMapOf(sourcePod.spec?.nodeSelector);
  const keys = Object.keys(rendered);

  // 2. host-model CPU labels from the source node (only when the source pod has none yet).
  if (vmi.spec?.domain?.cpu?.model === CPU_HOST_MODEL && sourceNode) {
    const migrated = keys.some((k) => k.includes(PREFIX_CPU_FEATURE) || k.includes(PREFIX_CPU_MODEL_MIGRATION));
    if (!migrated) {
      const cpu = hostModelCpuOf(sourceNode);
      for (const [k, v] of Object.entries(cpu.selector)) if (!k.startsWith(PREFIX_CPU_VENDOR)) rendered[k] = v;
    }
  }
  // 3. CPU vendor (v1.8+; an unknown version is not assumed to do it).
  if (sourceNode && atLeast(input.version, 1, 8) === true && !Object.keys(rendered).some((k) => k.startsWith(PREFIX_CPU_VENDOR))) {
    const vendor = hostModelCpuOf(sourceNode).vendor;
    if (vendor !== undefined) rendered[PREFIX_CPU_VENDOR + vendor] = 'true';
  }
  // 1. addedNodeSelector first, the rendered selector over it.
  const overriddenKeys = Object.keys(input.addedNodeSelector).filter((k) => rendered[k] !== undefined && rendered[k] !== input.addedNodeSelector[k]);
  const nodeSelector = { ...input.addedNodeSelector, ...rendered };

  // 4. Anti-affinity against every pod of this VMI (a dump's affinity may be "null" or a list: start afresh).
  const affinity: Affinity = objectOf(clone(sourcePod.spec?.affinity)) ?? {};
  const uid = vmi.metadata.uid;
  if (uid) {
    const anti = (affinity.podAntiAffinity = objectOf(affinity.podAntiAffinity) ?? {});
    const terms = (anti.requiredDuringSchedulingIgnoredDuringExecution = listOf(anti.requiredDuringSchedulingIgnoredDuringExecution));
    const present = terms.some((t) => t.labelSelector?.matchLabels?.[LABEL_CREATED_BY] === uid && (t.topologyKey ?? LABEL_HOSTNAME) === LABEL_HOSTNAME);
    if (!present) {
      const term: PodAffinityTerm = { labelSelector: { matchLabels: { [LABEL_CREATED_BY]: uid } }, topologyKey: LABEL_HOSTNAME };
      terms.push(term);
    }
  }

  const labels = { ...(sourcePod.metadata.labels ?? {}), [LABEL_MIGRATION_JOB_UID]: input.migrationUid };
  const spec = objectOf(clone(sourcePod.spec)) ?? {};
  delete spec.nodeName;
  spec.nodeSelector = nodeSelector;
  spec.affinity = affinity;
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `virt-launcher-${vmi.metadata.name ?? ''}-`,
      namespace: sourcePod.metadata.namespace ?? vmi.metadata.namespace,
      labels,
      ...(sourcePod.metadata.annotations ? { annotations: { ...sourcePod.metadata.annotations } } : {}),
    },
    spec,
    status: { phase: 'Pending' },
  };
  return { pod, overriddenKeys };
}
