// check-migratable's analysis: pair VMs with their VMIs, evaluate every rule, predict drains.
// Pure: takes gathered objects, returns typed results (prose is made by src/render).
import { compareNames } from '../../kube/order.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance } from '../../kube/types.js';
import type { ClusterFacts, Subject } from './rule.js';
import { buildSubject } from './subject.js';
import { evaluateMigratability, type MigratabilityEvaluation } from './evaluate.js';
import { predictDrain, type DrainPrediction } from './drain.js';
import { blocksInClusterMigration } from './other-moves.js';
import { drainNodeState, drainRefusal, type DrainInputs, type DrainNodeState, type DrainPreview } from './drain-preflight.js';

export interface MigratabilityItem {
  subject: Subject;
  evaluation: MigratabilityEvaluation;
  drain?: DrainPreview;
}

export interface MigratabilityAnalysis {
  items: MigratabilityItem[];
  /** The items counted by verdict. */
  summary: MigratabilitySummary;
  /** The items counted by what a drain does to them (all 0 without `--node`). */
  drainCounts: DrainCounts;
  /** Set for `--node`: the drain being previewed. */
  drainNode?: string;
  /** With `--node` and the pre-flight's inputs: whether the node is cordoned or draining, and what leaves it. */
  drainState?: DrainNodeState;
}

const key = (ns: string | undefined, name: string | undefined) => `${ns ?? ''}/${name ?? ''}`;

/** One subject per VM (with its VMI when running) and one per VMI that has no VM. */
export function pairSubjects(vms: VirtualMachine[], vmis: VirtualMachineInstance[]): Subject[] {
  const vmisByKey = new Map(vmis.map((v) => [key(v.metadata.namespace, v.metadata.name), v]));
  const subjects: Subject[] = [];
  const paired = new Set<string>();
  for (const vm of vms) {
    const k = key(vm.metadata.namespace, vm.metadata.name);
    const vmi = vmisByKey.get(k);
    if (vmi) paired.add(k);
    subjects.push(buildSubject({ vm, vmi }));
  }
  for (const vmi of vmis) {
    if (!paired.has(key(vmi.metadata.namespace, vmi.metadata.name))) subjects.push(buildSubject({ vmi }));
  }
  return subjects.sort((a, b) => compareNames(a.namespace, b.namespace) || compareNames(a.name, b.name));
}

export function analyzeMigratability(
  subjects: Subject[],
  facts: ClusterFacts,
  drainNode?: string,
  drainInputs?: DrainInputs,
): MigratabilityAnalysis {
  const kubevirt: KubeVirt | undefined = facts.kubevirt.ok ? facts.kubevirt.items[0] : undefined;
  const items = subjects.map((subject): MigratabilityItem => {
    const evaluation = evaluateMigratability(subject, facts);
    if (drainNode === undefined || !subject.vmi) return { subject, evaluation };
    const drain = predictDrain(subject.vmi, !evaluation.findings.some(blocksInClusterMigration), kubevirt);
    // `migrate` is a promise only where start's pre-flight passes (docs/documents.md --node).
    const refused = drain.outcome === 'migrate' && drainInputs ? drainRefusal(subject, evaluation, facts, drainInputs) : undefined;
    if (refused) return { subject, evaluation, drain: { ...drain, outcome: 'wait', wait: { cause: refused.cause, check: refused.from } } };
    return { subject, evaluation, drain };
  });
  const out: MigratabilityAnalysis = { items, summary: summarize(items), drainCounts: countDrains(items), drainNode };
  if (drainNode !== undefined && drainInputs) {
    const onNode = subjects.flatMap((s) => (s.vmi ? [s.vmi] : []));
    out.drainState = drainNodeState(drainNode, facts.nodes, onNode, facts, drainInputs.migrations);
  }
  return out;
}

export interface MigratabilitySummary {
  total: number;
  migratable: number;
  notMigratable: number;
  risky: number;
}

function summarize(items: readonly MigratabilityItem[]): MigratabilitySummary {
  const count = (v: string) => items.filter((i) => i.evaluation.verdict === v).length;
  return { total: items.length, migratable: count('migratable'), notMigratable: count('not-migratable'), risky: count('risky') };
}

export type DrainCounts = Record<DrainPrediction['outcome'], number>;

function countDrains(items: readonly MigratabilityItem[]): DrainCounts {
  const c: DrainCounts = { migrate: 0, wait: 0, shutdown: 0, 'block-drain': 0, external: 0 };
  for (const i of items) if (i.drain) c[i.drain.outcome] += 1;
  return c;
}
