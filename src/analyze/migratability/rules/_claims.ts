// Volume → claim resolution shared by the storage rules. A VM's disk may be a PVC, a DataVolume
// (whose PVC has the DV's name, `status.claimName`) or a VM `dataVolumeTemplates` entry not yet
// instantiated; each source is tried in turn so `-f` manifests and stopped VMs still resolve.
import type { EvidenceRef } from '../../findings.js';
import type {
  DataVolume,
  DataVolumeSpec,
  PersistentVolume,
  PersistentVolumeClaim,
  StorageClass,
} from '../../../kube/types.js';
import type { ClusterFacts, RuleFinding, RuleId, RuleResult, Subject } from '../rule.js';
import { specPath } from '../subject.js';
import { lookup, refName } from './_facts.js';
import { listOf } from '../../shape.js';

/** Kubernetes marks the default StorageClass with this annotation (a PVC without a class gets it). */
const ANNOTATION_DEFAULT_STORAGE_CLASS = 'storageclass.kubernetes.io/is-default-class';
export const RWX = 'ReadWriteMany';

export interface ClaimVolume {
  index: number;
  volume: string;
  source: 'persistentVolumeClaim' | 'dataVolume';
  /** The PVC name (for a DataVolume: the DV name, which CDI gives its PVC). */
  claim: string;
  hotpluggable: boolean;
  path: string;
}

/** `spec.volumes` entries backed by a PVC or a DataVolume (hotplugged ones included). */
export function claimVolumes(subject: Subject): ClaimVolume[] {
  const out: ClaimVolume[] = [];
  listOf(subject.spec.volumes).forEach((v, index) => {
    if (v.persistentVolumeClaim?.claimName) {
      out.push({
        index,
        volume: v.name,
        source: 'persistentVolumeClaim',
        claim: v.persistentVolumeClaim.claimName,
        hotpluggable: v.persistentVolumeClaim.hotpluggable === true,
        path: specPath(subject, `volumes[${index}].persistentVolumeClaim`),
      });
    } else if (v.dataVolume?.name) {
      out.push({
        index,
        volume: v.name,
        source: 'dataVolume',
        claim: v.dataVolume.name,
        hotpluggable: v.dataVolume.hotpluggable === true,
        path: specPath(subject, `volumes[${index}].dataVolume`),
      });
    }
  });
  return out;
}

export interface ResolvedClaim {
  volume: ClaimVolume;
  namespace: string;
  /** The VM that owns `dataVolumeTemplates` (evidence for a template-only claim). */
  vmName: string;
  pvc?: PersistentVolumeClaim;
  dataVolume?: DataVolume;
  /** The VM's dataVolumeTemplates entry of that name, when there is one. */
  template?: { index: number; spec: DataVolumeSpec };
  /** Why a source could not be consulted (unreadable list or absent object), in lookup order. */
  gaps: string[];
}

export function resolveClaim(subject: Subject, facts: ClusterFacts, volume: ClaimVolume): ResolvedClaim {
  const ns = subject.namespace;
  const r: ResolvedClaim = { volume, namespace: ns, vmName: subject.vm?.metadata.name ?? subject.name, gaps: [] };
  let claimName = volume.claim;
  if (volume.source === 'dataVolume') {
    const dv = lookup(facts.index, facts.dataVolumes, 'DataVolume', volume.claim, ns);
    if ('found' in dv) {
      r.dataVolume = dv.found;
      claimName = dv.found.status?.claimName ?? claimName;
    } else r.gaps.push(dv.missing);
    const index = subject.dataVolumeTemplates.findIndex((t) => t.metadata?.name === volume.claim);
    const spec = subject.dataVolumeTemplates[index]?.spec;
    if (spec) r.template = { index, spec };
  }
  const pvc = lookup(facts.index, facts.pvcs, 'PersistentVolumeClaim', claimName, ns);
  if ('found' in pvc) r.pvc = pvc.found;
  else r.gaps.unshift(pvc.missing);
  return r;
}

/** The DV spec that describes a claim not (yet) readable as a PVC: the DV object, else the template. */
export function dataVolumeSpecOf(r: ResolvedClaim): { spec: DataVolumeSpec; ref: EvidenceRef; fieldPrefix: string } | undefined {
  if (r.dataVolume?.spec) {
    return {
      spec: r.dataVolume.spec,
      ref: { kind: 'DataVolume', namespace: r.namespace, name: r.dataVolume.metadata.name ?? r.volume.claim },
      fieldPrefix: 'spec',
    };
  }
  if (r.template) {
    return {
      spec: r.template.spec,
      ref: { kind: 'VirtualMachine', namespace: r.namespace, name: r.vmName },
      fieldPrefix: `spec.dataVolumeTemplates[${r.template.index}].spec`,
    };
  }
  return undefined;
}

/** The StorageClass name a claim uses (PVC, else DV `pvc`/`storage`); undefined = the default class. */
export function storageClassNameOf(r: ResolvedClaim): string | undefined {
  if (r.pvc) return r.pvc.spec?.storageClassName;
  const dv = dataVolumeSpecOf(r)?.spec;
  return dv?.pvc?.storageClassName ?? dv?.storage?.storageClassName;
}

export function volumeModeOf(r: ResolvedClaim): string | undefined {
  if (r.pvc) return r.pvc.spec?.volumeMode;
  const dv = dataVolumeSpecOf(r)?.spec;
  return dv?.pvc?.volumeMode ?? dv?.storage?.volumeMode;
}

/** The StorageClass by name, or the cluster default class when the claim names none. */
export function findStorageClass(facts: ClusterFacts, name: string | undefined): { found: StorageClass } | { missing: string } {
  if (name !== undefined && name !== '') return lookup(facts.index, facts.storageClasses, 'StorageClass', name);
  if (!facts.storageClasses.ok) return { missing: facts.storageClasses.reason };
  const def = facts.storageClasses.items.find((sc) => sc.metadata.annotations?.[ANNOTATION_DEFAULT_STORAGE_CLASS] === 'true');
  return def ? { found: def } : { missing: 'default StorageClass' };
}

/** The PV a bound PVC names in `spec.volumeName`; undefined when the PVC is not bound to one. */
export function boundVolume(facts: ClusterFacts, pvc: PersistentVolumeClaim): { found: PersistentVolume } | { missing: string } | undefined {
  const name = pvc.spec?.volumeName;
  if (!name) return undefined;
  return lookup(facts.index, facts.pvs, 'PersistentVolume', name);
}

export function pvcRef(r: ResolvedClaim, field?: string): EvidenceRef {
  const ref: EvidenceRef = { kind: 'PersistentVolumeClaim', namespace: r.namespace, name: r.pvc?.metadata.name ?? r.volume.claim };
  if (field) ref.field = field;
  return ref;
}

/** Claim reference spelled for `unresolved` when nothing at all could be learnt about it. */
export function claimRefName(r: ResolvedClaim): string {
  return refName('PersistentVolumeClaim', r.volume.claim, r.namespace);
}

/** What a storage rule makes of one claim volume: a finding, gaps that leave it unresolved, or nothing. */
export type ClaimVerdict<Id extends RuleId> = RuleFinding<Id> | { unresolved: string[] } | undefined;

/** Resolves each PVC/DataVolume volume of the subject and collects what `judge` makes of it. */
export function judgeClaimVolumes<Id extends RuleId>(subject: Subject, facts: ClusterFacts, judge: (v: ClaimVolume, r: ResolvedClaim) => ClaimVerdict<Id>): RuleResult<Id> {
  const findings: RuleFinding<Id>[] = [];
  const unresolved: string[] = [];
  for (const v of claimVolumes(subject)) {
    const verdict = judge(v, resolveClaim(subject, facts, v));
    if (verdict && 'unresolved' in verdict) unresolved.push(...verdict.unresolved);
    else if (verdict) findings.push(verdict);
  }
  return { findings, unresolved };
}

/** A claim about which nothing at all was found (no PVC, DataVolume or template): its first gap. */
export function unresolvedClaim(r: ResolvedClaim): { unresolved: string[] } {
  return { unresolved: [r.gaps[0] ?? claimRefName(r)] };
}

/** No PVC, DataVolume or template resolved for the claim. */
export function resolvedNothing(r: ResolvedClaim): boolean {
  return !r.pvc && !r.dataVolume && !r.template;
}
