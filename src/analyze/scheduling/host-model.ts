// What a migration target must offer for a `host-model` VMI
// (pkg/virt-controller/watch/migration/migration.go, `createTargetPod` /
// `prepareNodeSelectorForHostCpuModel`): the source node's
// `host-model-cpu.node.kubevirt.io/<Model>` becomes the selector
// `cpu-model-migration.node.kubevirt.io/<Model>`, each `host-model-required-features.…/<f>`
// becomes `cpu-feature.node.kubevirt.io/<f>`, the source's `cpu-vendor.…/<Vendor>` is copied
// (v1.8+), and nodes labelled `node-labeller.kubevirt.io/obsolete-host-model` are excluded.
import type { Node } from '../../kube/types.js';
import {
  LABEL_OBSOLETE_HOST_MODEL,
  PREFIX_CPU_FEATURE,
  PREFIX_CPU_MODEL_MIGRATION,
  PREFIX_CPU_VENDOR,
  PREFIX_HOST_MODEL_CPU,
  PREFIX_HOST_MODEL_REQUIRED_FEATURES,
} from '../../kubevirt/constants.js';
import { matchesNodeSelector, unmatchedSelectorKeys } from './node-selector.js';

export interface HostModelCpu {
  /** undefined when the node labeller published no host model (KubeVirt then refuses host-model migration). */
  model?: string;
  requiredFeatures: string[];
  vendor?: string;
  /** The nodeSelector the migration target pod gets. */
  selector: Record<string, string>;
}

/** The host-model CPU a node offers, read from its labels, and the target selector it implies. */
export function hostModelCpuOf(node: Node): HostModelCpu {
  const labels = node.metadata.labels ?? {};
  // One pass over the labels (a node-labeller node has ~200): the first model and vendor label
  // in label order, every required feature.
  let model: string | undefined;
  let vendor: string | undefined;
  const requiredFeatures: string[] = [];
  for (const k of Object.keys(labels)) {
    if (k.startsWith(PREFIX_HOST_MODEL_CPU)) model ??= k.slice(PREFIX_HOST_MODEL_CPU.length);
    if (k.startsWith(PREFIX_HOST_MODEL_REQUIRED_FEATURES)) requiredFeatures.push(k.slice(PREFIX_HOST_MODEL_REQUIRED_FEATURES.length));
    if (k.startsWith(PREFIX_CPU_VENDOR)) vendor ??= k.slice(PREFIX_CPU_VENDOR.length);
  }
  requiredFeatures.sort();
  const selector: Record<string, string> = {};
  if (model !== undefined) selector[PREFIX_CPU_MODEL_MIGRATION + model] = labels[PREFIX_HOST_MODEL_CPU + model] ?? 'true';
  for (const f of requiredFeatures) selector[PREFIX_CPU_FEATURE + f] = labels[PREFIX_HOST_MODEL_REQUIRED_FEATURES + f] ?? 'true';
  if (vendor !== undefined) selector[PREFIX_CPU_VENDOR + vendor] = 'true';
  return { model, requiredFeatures, vendor, selector };
}

/** Labels a candidate lacks to receive this host model (plus the obsolete marker if it has it). */
export function missingHostModelLabels(candidate: Node, cpu: HostModelCpu): string[] {
  const labels = candidate.metadata.labels ?? {};
  const missing = unmatchedSelectorKeys(labels, cpu.selector);
  if (labels[LABEL_OBSOLETE_HOST_MODEL] !== undefined) missing.push(LABEL_OBSOLETE_HOST_MODEL);
  return missing;
}

/** `missingHostModelLabels(candidate, cpu).length === 0`, without listing what is missing. */
export function offersHostModel(candidate: Node, cpu: HostModelCpu): boolean {
  const labels = candidate.metadata.labels ?? {};
  return labels[LABEL_OBSOLETE_HOST_MODEL] === undefined && matchesNodeSelector(labels, cpu.selector);
}
