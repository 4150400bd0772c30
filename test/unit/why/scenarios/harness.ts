// Runs `why` end to end on in-memory objects: the real gather (through a snapshot source built
// from the objects), derive and diagnose, by the diagnoseOnce that why and start --wait run.
// Scenario tests assert ids and evidence, never prose.
import { snapshotFromObjects } from '../../../../src/collect/snapshot/index.js';
import { SourceError, type ClusterSource } from '../../../../src/collect/source.js';
import { RESOURCES, qualifiedName, type ResourceId } from '../../../../src/kube/resources.js';
import type { KubeObject } from '../../../../src/kube/types.js';
import type { GatherError } from '../../../../src/kube/known.js';
import { diagnoseOnce } from '../../../../src/commands/why/diagnosis.js';
import type { PrometheusApi } from '../../../../src/collect/prometheus.js';
import type { Diagnosis } from '../../../../src/analyze/why/diagnose.js';
import type { CheckId, CheckResult } from '../../../../src/analyze/why/check.js';
import { diagnosisDocument } from '../../../../src/render/why-document.js';
import { renderChecklist } from '../../../../src/render/why-checklist.js';
import { makeStyle } from '../../../../src/render/style.js';
import { captureOutput } from '../../../support/output-capture.js';
import { verdictRuleViolations, waitsBehind } from '../../../support/verdict-rules.js';

export interface ScenarioOptions {
  /** NAME as typed (VMIM, VMI or VM). */
  name: string;
  namespace?: string;
  /** The snapshot's "now" (RFC 3339). */
  now: string;
  /** Source launcher `compute` logs by pod name. */
  logs?: Record<string, string>;
  /** Resources whose list/get answer 403 (pods/log: use 'log'; the virt-handler metrics proxy: 'proxy'). */
  forbidden?: (ResourceId | 'log' | 'proxy')[];
  /**
   * virt-handler /metrics pages by virt-handler pod name, served through `rawGet` (the pod proxy)
   * as a live source would; without it the source has no rawGet, like a snapshot.
   */
  metrics?: Record<string, string>;
  /** `--prometheus`. */
  prometheus?: PrometheusApi;
}

/** The diagnosis with, beside it as a command keeps them, the errors the gather recorded. */
export type ScenarioDiagnosis = Diagnosis & { errors: GatherError[] };

/**
 * Every scenario also holds to the verdict rules (test/support/verdict-rules.ts): a violation
 * fails the scenario that shows it. A migration that waits behind another is checked from the
 * other side too: the owner never waits behind it.
 */
export async function whyScenario(objects: KubeObject[], opts: ScenarioOptions): Promise<ScenarioDiagnosis> {
  const d = await diagnoseScenario(objects, opts);
  const broken = verdictRuleViolations(d);
  const owner = waitsBehind(d);
  if (owner) {
    const back = waitsBehind(await diagnoseScenario(objects, { ...opts, name: owner.name }));
    if (back && back.uid === d.ctx.migration?.metadata.uid) broken.push(`rule 5: ${owner.name} and ${d.ctx.migration?.metadata.name ?? ''} wait behind each other`);
  }
  if (broken.length > 0) throw new Error(`verdict rules broken for ${opts.name}: ${broken.join('; ')}`);
  return d;
}

async function diagnoseScenario(objects: KubeObject[], opts: ScenarioOptions): Promise<ScenarioDiagnosis> {
  const source = scenarioSource(objects, opts);
  const { diagnosis: d, errors } = await diagnoseOnce(source, opts.namespace ?? 'default', opts.name, opts.prometheus ? { prometheus: opts.prometheus } : {});
  if (process.env.VMIGRATE_CAPTURE_OUTPUTS) {
    const doc = diagnosisDocument(d, errors);
    captureOutput('why', [opts.name, opts.now], `${JSON.stringify(doc, null, 2)}\n${renderChecklist(doc, makeStyle(false), true)}`);
  }
  return { ...d, errors };
}

/** The ClusterSource whyScenario reads: a snapshot of `objects` with logs, faults and metrics. */
export function scenarioSource(objects: KubeObject[], opts: Omit<ScenarioOptions, 'name'>): ClusterSource {
  const snapshot = snapshotFromObjects(objects, { now: new Date(opts.now), namespace: opts.namespace ?? 'default' });
  const forbidden = new Set(opts.forbidden ?? []);
  const deny = (r: ResourceId | 'log' | 'proxy') => {
    const name = r === 'log' ? 'pods/log' : r === 'proxy' ? 'pods/proxy' : qualifiedName(RESOURCES[r]);
    return new SourceError('Forbidden', `Error from server (Forbidden): ${name} is forbidden: User "test" cannot list resource "${name}"`, name, 403);
  };
  const source: ClusterSource = {
    kind: 'snapshot',
    now: () => snapshot.now(),
    defaultNamespace: () => snapshot.defaultNamespace(),
    get: async (r, ns, n) => {
      if (forbidden.has(r)) throw deny(r);
      return snapshot.get(r, ns, n);
    },
    list: async (r, o) => {
      if (forbidden.has(r)) throw deny(r);
      return snapshot.list(r, o);
    },
    podLog: async (ns, pod, o) => {
      if (forbidden.has('log')) throw deny('log');
      const text = opts.logs?.[pod];
      return text === undefined ? undefined : text.split('\n').slice(-o.tailLines).join('\n');
    },
    close: async () => {},
  };
  if (opts.metrics) {
    const metrics = opts.metrics;
    source.rawGet = async (path) => {
      if (forbidden.has('proxy')) throw deny('proxy');
      const pod = /\/pods\/https:([^:/]+):8443\/proxy\/metrics$/.exec(path)?.[1];
      return pod ? metrics[decodeURIComponent(pod)] : undefined;
    };
  }
  return source;
}

/** The check result of `id` in a diagnosis (throws if absent, so tests fail loudly). */
export function checkOf<Id extends CheckId>(d: Diagnosis, id: Id): CheckResult<Id> {
  const c = d.checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c as CheckResult<Id>;
}

/** The members of args union `A` that may have kind `K` (a member's `kind` may be a union itself). */
type OfKind<A, K> = A extends { kind: infer AK } ? (K extends AK ? A : never) : never;

/** The args of a check result, which must be of `kind` (the test fails otherwise). */
export function argsOf<A extends { kind: string }, K extends A['kind']>(c: { id: CheckId; args: A }, kind: K): OfKind<A, K> {
  if (c.args.kind !== kind) throw new Error(`check ${c.id}: args of kind ${c.args.kind}, not ${kind}`);
  return c.args as OfKind<A, K>;
}
