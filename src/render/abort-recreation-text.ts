// The prose of `abort`'s re-creation warnings (src/analyze/abort/recreation.ts): who creates the
// cancelled migration again, while what holds, and how to stop that on the cluster's KubeVirt
// version. The plugin never does it; the commands are for the operator.
import type { EvacuateCancel, RecreationWarning } from '../analyze/abort/recreation.js';
import { assertNever } from './assert-never.js';
import { ORIGIN_TEXT } from './migration-origin.js';

type Evacuation = Extract<RecreationWarning, { id: 'evacuation-recreated' }>;
type WorkloadUpdate = Extract<RecreationWarning, { id: 'workload-update-recreated' }>;

interface Subject {
  namespace: string;
  vmi: string;
  migration: string;
}

export function recreationWarningText(w: RecreationWarning, s: Subject): string {
  switch (w.id) {
    case 'evacuation-recreated':
      return `${evacuationText(w, s)}; ${evacuationStopText(w, s)}`;
    case 'workload-update-recreated':
      return workloadUpdateText(w, s);
    default:
      return assertNever(w);
  }
}

function evacuationText(w: Evacuation, s: Subject): string {
  const what =
    w.origin === 'evacuation' || w.origin === 'descheduler'
      ? `migration ${s.migration} is ${w.origin === 'descheduler' ? 'an evacuation the descheduler asked for' : 'an evacuation'} of node ${w.node}`
      : `migration ${s.migration} (${ORIGIN_TEXT[w.origin]}) moves a VMI that is being evacuated from node ${w.node}`;
  switch (w.mark.kind) {
    case 'evacuation-node-name':
      return `${what}: KubeVirt's evacuation controller creates a new one after a cancel while VMI ${s.namespace}/${s.vmi} is marked for evacuation (status.evacuationNodeName ${w.node})`;
    case 'drain-taint':
      return `${what}: KubeVirt's evacuation controller creates a new one after a cancel while the node carries the drain taint ${w.mark.key}:NoSchedule`;
    case 'not-seen':
      return `${what}: node ${w.node} could not be read; if it carries KubeVirt's drain taint, the evacuation controller creates a new migration after a cancel`;
    default:
      return assertNever(w.mark);
  }
}

/** How to stop the evacuation (never done by the plugin). */
export function evacuationStopText(w: Evacuation, s: Subject): string {
  switch (w.mark.kind) {
    case 'drain-taint':
      return `to stop it remove the taint: kubectl taint node ${w.node} ${w.mark.key}:NoSchedule-`;
    case 'not-seen':
      return `to stop it remove that taint (kubectl taint node ${w.node} KEY:NoSchedule-, KEY from the KubeVirt CR's migrations.nodeDrainTaintKey, default kubevirt.io/drain)`;
    case 'evacuation-node-name': {
      const drain = `to stop it, first stop the kubectl drain of ${w.node} (each eviction it retries marks the VMI again), then remove the mark: ${clearMarkText(w.evacuateCancel, w.node, s)}`;
      return `${drain}; uncordoning alone clears nothing (kubectl uncordon ${w.node} once done)`;
    }
    default:
      return assertNever(w.mark);
  }
}

function clearMarkText(e: EvacuateCancel, node: string, s: Subject): string {
  const virtctl = `virtctl evacuate-cancel vmi ${s.vmi} -n ${s.namespace}`;
  const patch = `kubectl patch vmi ${s.vmi} -n ${s.namespace} --type=json -p '[{"op":"test","path":"/status/evacuationNodeName","value":"${node}"},{"op":"remove","path":"/status/evacuationNodeName"}]'`;
  switch (e) {
    case 'available':
      return `${virtctl} (removes the VMI's status.evacuationNodeName; the running migration is not deleted)`;
    case 'sends-no-node':
      return `${virtctl} exists from KubeVirt v1.7, but virtctl v1.7.0–v1.9.0 sends no node name and the API then refuses a marked VMI; remove status.evacuationNodeName itself: ${patch}`;
    case 'absent':
      return `this KubeVirt (before v1.7) has no virtctl evacuate-cancel; remove status.evacuationNodeName itself: ${patch}`;
    case 'version-unknown':
      return `on KubeVirt v1.10+ ${virtctl}; before (v1.7.0–v1.9.0 virtctl sends no node name, older ones have no such command) remove status.evacuationNodeName itself: ${patch}`;
    default:
      return assertNever(e);
  }
}

const CONDITION_TEXT: Record<WorkloadUpdate['conditions'][number], string> = {
  HotVCPUChange: 'a CPU hotplug waits for it (condition HotVCPUChange)',
  HotMemoryChange: 'a memory hotplug waits for it (condition HotMemoryChange)',
  VolumesChange: 'a volume update waits for it (condition VolumesChange)',
  MigrationRequired: 'a change to the VM needs it (condition MigrationRequired)',
};

function workloadUpdateText(w: WorkloadUpdate, s: Subject): string {
  const reasons: string[] = [];
  const stops: string[] = [];
  const cr = w.kubevirt ? `KubeVirt CR ${w.kubevirt.namespace}/${w.kubevirt.name}` : 'the KubeVirt CR';
  if (w.outdatedLauncher) {
    reasons.push(
      `VMI ${s.namespace}/${s.vmi} runs an outdated virt-launcher image (label kubevirt.io/outdatedLauncherImage)${w.liveMigrateMethod === false ? '' : ` and ${cr} lists LiveMigrate in spec.workloadUpdateStrategy.workloadUpdateMethods`}`,
    );
    stops.push(`remove LiveMigrate from spec.workloadUpdateStrategy.workloadUpdateMethods of ${cr} (this stops the automatic update of every outdated VMI)`);
  }
  for (const c of w.conditions) reasons.push(CONDITION_TEXT[c]);
  if (w.conditions.length > 0) stops.push(`revert the VM's pending change (kubectl get vmi ${s.vmi} -n ${s.namespace} -o jsonpath='{.status.conditions}' shows it), or let the migration run`);
  if (reasons.length === 0) {
    return `migration ${s.migration} is a workload update: the VMI could not be read, so whether KubeVirt's workload updater creates a new one after a cancel (outdated launcher image, CPU/memory hotplug, volume update) is not known`;
  }
  return `migration ${s.migration} is a workload update: KubeVirt's workload updater creates a new one after a cancel while ${reasons.join(', and ')}; to stop it ${stops.join('; ')}`;
}
