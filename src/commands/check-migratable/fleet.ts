// check-migratable over a fleet (--contexts, --all-contexts): each cluster gathered and analysed
// on its own, exactly as one cluster is; then one report: every item tagged with its cluster,
// the counts over the fleet and per cluster, every cluster's errors tagged with it.
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import type { GatherError } from '../../kube/known.js';
import { analyzeMigratability, pairSubjects, type MigratabilityAnalysis, type MigratabilitySummary } from '../../analyze/migratability/report.js';
import type { ClusterSummary, ReportInput } from '../../render/migratability-document.js';
import { unreachableError } from '../../render/fleet.js';
import { readFleet } from '../fleet/read.js';
import type { FleetFlags } from '../fleet/flags.js';
import { gatherForCheck } from './gather.js';
import type { CheckMigratableOptions } from './options.js';

export interface FleetReport {
  report: ReportInput;
  errors: GatherError[];
  /** Whether any cluster answered (exit 3 when none did). */
  answered: boolean;
}

export async function checkFleet(g: GlobalOptions, o: CheckMigratableOptions, fleet: FleetFlags, io: Io): Promise<FleetReport> {
  const members = await readFleet(g, io, fleet, async (source) => {
    const gathered = await gatherForCheck(source, {
      // -n, else each context's own namespace, as kubectl --context would use.
      namespace: o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace()),
      labelSelector: o.selector,
      names: o.names,
    });
    return { analysis: analyzeMigratability(pairSubjects(gathered.vms, gathered.vmis), gathered.facts), errors: gathered.errors };
  });
  const clusters: ClusterSummary[] = [];
  const items: ReportInput['items'][number][] = [];
  const errors: GatherError[] = [];
  for (const m of members) {
    if (!m.ok) {
      clusters.push({ cluster: m.cluster, reachable: false, ...NO_VMS });
      errors.push(unreachableError(m.cluster, m.message));
      continue;
    }
    const { analysis, errors: own } = m.result;
    clusters.push({ cluster: m.cluster, reachable: true, ...analysis.summary });
    for (const item of analysis.items) items.push({ cluster: m.cluster, ...item });
    for (const e of own) errors.push({ cluster: m.cluster, ...e });
  }
  const report: ReportInput = { items, summary: sum(clusters), drainCounts: NO_DRAIN, clusters };
  return { report, errors, answered: members.some((m) => m.ok) };
}

const NO_VMS: MigratabilitySummary = { total: 0, migratable: 0, notMigratable: 0, risky: 0 };
const NO_DRAIN: MigratabilityAnalysis['drainCounts'] = { migrate: 0, wait: 0, shutdown: 0, 'block-drain': 0, external: 0 };

function sum(clusters: readonly MigratabilitySummary[]): MigratabilitySummary {
  const total = { ...NO_VMS };
  for (const c of clusters) {
    total.total += c.total;
    total.migratable += c.migratable;
    total.notMigratable += c.notMigratable;
    total.risky += c.risky;
  }
  return total;
}
