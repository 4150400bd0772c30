// One row of `list`: a migration with its phase, source → target, age, the percent copied where it
// is cheap to know, and the verdict of the `why` engine (logs are not read). Pure over what was
// gathered; the percent of a copying migration comes from metric points `list` read once for all.
import type { VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import type { WhyInputs } from '../why/context.js';
import { deriveContext } from '../why/derive.js';
import { diagnose } from '../why/diagnose.js';
import { copyState } from '../why/progress.js';
import { guestMemory } from '../why/completion-budget.js';
import { ageSeconds } from '../why/timeline.js';
import { knownTime } from '../../kube/time.js';
import { stateOf } from '../migration/state.js';
import { percentDone } from '../progress/forecast.js';
import { samplesFromMetrics } from '../progress/metric-samples.js';
import type { MetricPoint } from '../progress/prometheus-text.js';

export interface MigrationListRow {
  namespace: string;
  vmi: string;
  migration: string;
  /** The VMIM's `metadata.uid` and `metadata.creationTimestamp`. */
  uid?: string;
  creationTimestamp?: string;
  /** `migrationState.startTimestamp` of this migration (the VMI's while it names it, else the VMIM's copy). */
  startTimestamp?: string;
  phase: string;
  sourceNode?: string;
  targetNode?: string;
  ageSeconds?: number;
  progressPercent?: number;
  cause: string;
  status: string;
}

export interface ListedMigration {
  row: MigrationListRow;
  /** libvirt is copying: its percent is worth a metrics read. */
  copying: boolean;
}

/** The row of `inputs.namedMigration`, from the inputs `why` would diagnose it on. */
export function listMigration(inputs: WhyInputs & { namedMigration: VirtualMachineInstanceMigration }): ListedMigration {
  const m = inputs.namedMigration;
  const ctx = deriveContext(inputs);
  const d = diagnose(ctx);
  const mine = stateOf(m, ctx.vmi);
  const row: MigrationListRow = {
    namespace: inputs.namespace,
    vmi: m.spec?.vmiName ?? '',
    migration: m.metadata.name ?? '',
    uid: m.metadata.uid,
    creationTimestamp: knownTime(m.metadata.creationTimestamp),
    startTimestamp: knownTime(mine?.startTimestamp),
    phase: m.status?.phase ?? '',
    sourceNode: mine?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? ctx.vmi?.status?.nodeName,
    targetNode: mine?.targetNode ?? ctx.targetPod?.spec?.nodeName,
    ageSeconds: ageSeconds(m.metadata.creationTimestamp, inputs.now),
    cause: d.verdict.cause,
    status: d.verdict.status,
  };
  // A succeeded migration copied everything; one that copies gets its percent from the metrics.
  if (row.phase === 'Succeeded') row.progressPercent = 100;
  return { row, copying: copyState(ctx, m).copying };
}

/** The percent copied of a copying migration, from metric points of its source node (or Prometheus); null when they have none. */
export function percentFromMetrics(points: readonly MetricPoint[], m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined, now: Date, version?: KubeVirtVersion): number | null {
  const vmiSeries = { namespace: m.metadata.namespace ?? '', name: m.spec?.vmiName ?? '' };
  const samples = samplesFromMetrics(points, vmiSeries, { readAtMs: now.getTime(), ...(version ? { version } : {}) });
  return percentDone(samples.at(-1), guestMemory(vmi)?.memoryBytes);
}
