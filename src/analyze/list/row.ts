// One row of `list`: a migration with its phase, source → target, age, origin, and what `why`
// says of it — the verdict (cause, status) and, while libvirt copies, the progress (percent, ETA,
// elapsed, mode) from the same sources and the same forecast. Pure over what was gathered.
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import type { MigrationOrigin } from '../../kubevirt/evacuation-facts.js';
import type { MigrationKind } from '../../kubevirt/migration-kinds.js';
import type { WhyInputs } from '../why/context.js';
import { deriveContext } from '../why/derive.js';
import { diagnose } from '../why/diagnose.js';
import { copyState } from '../why/progress.js';
import { ageSeconds } from '../why/timeline.js';
import { knownTime } from '../../kube/time.js';
import { stateOf } from '../migration/state.js';
import { originOf } from '../migration/origin.js';

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
  kind: MigrationKind;
  sourceNode?: string;
  targetNode?: string;
  ageSeconds?: number;
  origin: MigrationOrigin;
  /** why's progress.percent: 100 for a succeeded migration. */
  progressPercent?: number;
  /** why's progress.etaSeconds, rounded, while copying. */
  etaSeconds?: number;
  /** Seconds libvirt has copied (why's progress.elapsedSeconds), while copying. */
  elapsedSeconds?: number;
  /** why's progress.mode (PreCopy, PostCopy, Paused) once copying started. */
  mode?: string;
  /** A copying migration whose launcher log the per-refresh limit left unread (and no other source had a percent). */
  progressSkipped?: { reason: 'log-tail-limit'; limit: number };
  cause: string;
  status: string;
  /** `list --peer-context`: the other half of a cross-cluster migration, paired by migrationID. */
  peer?: ListPeer;
}

export interface ListPeer {
  cluster: string;
  /** Absent: the other cluster has no half with this migrationID. */
  namespace?: string;
  migration?: string;
  phase?: string;
}

export interface ListedMigration {
  row: MigrationListRow;
  /** libvirt is copying. */
  copying: boolean;
}

/** The row of `inputs.namedMigration`, from the inputs `why` would diagnose it on. */
export function listMigration(inputs: WhyInputs & { namedMigration: VirtualMachineInstanceMigration }): ListedMigration {
  const m = inputs.namedMigration;
  const ctx = deriveContext(inputs);
  const d = diagnose(ctx);
  const mine = stateOf(m, ctx.vmi);
  const copying = copyState(ctx, m).copying;
  const row: MigrationListRow = {
    namespace: inputs.namespace,
    vmi: m.spec?.vmiName ?? '',
    migration: m.metadata.name ?? '',
    uid: m.metadata.uid,
    creationTimestamp: knownTime(m.metadata.creationTimestamp),
    startTimestamp: knownTime(mine?.startTimestamp),
    phase: m.status?.phase ?? '',
    kind: ctx.kind,
    sourceNode: mine?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? ctx.vmi?.status?.nodeName,
    targetNode: mine?.targetNode ?? ctx.targetPod?.spec?.nodeName,
    ageSeconds: ageSeconds(m.metadata.creationTimestamp, inputs.now),
    origin: originOf(m, ctx.vmi),
    cause: d.verdict.cause,
    status: d.verdict.status,
  };
  // A succeeded migration copied everything (why says 100 too); a failed one's last figure is history.
  if (row.phase === 'Succeeded') row.progressPercent = 100;
  const p = d.progress;
  if (p && copying) {
    const f = p.forecast;
    if (f.percent !== null) row.progressPercent = f.percent;
    if (f.etaSeconds !== null) row.etaSeconds = Math.round(f.etaSeconds);
    if (f.elapsedSeconds !== null) row.elapsedSeconds = Math.round(f.elapsedSeconds);
  }
  if (p && (copying || p.finished)) row.mode = p.mode;
  return { row, copying };
}
