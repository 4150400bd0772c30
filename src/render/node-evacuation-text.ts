// The sentences of `why --node` (the analysis holds none): each item's summary and fix, each
// blocker's message, the node's verdict. An item `why` judged speaks with `why`'s own words.
// What the cluster wrote stays exact here, as in every document: the terminal boundary
// (terminal-text.ts) escapes it on the way out; the table keeps names on one line.
import { queueText } from './queue-position.js';
import type { NodeEvacuation } from '../analyze/evacuation/diagnose-node.js';
import type { EvacuationItem, SlotLimit } from '../analyze/evacuation/item.js';
import type { Blocker } from '../analyze/evacuation/blockers.js';
import { checkHint, checkSummary } from './why-text/index.js';
import { verdictHint, verdictSummary } from './why-text/verdict.js';
import { formatSeconds } from './format.js';
import { assertNever } from './assert-never.js';

const ref = (namespace: string, name: string) => `${namespace}/${name}`;

export function limitText(l: SlotLimit, node: string): string {
  return l.scope === 'node'
    ? `${l.running}/${l.limit} outbound migrations from ${node} running (parallelOutboundMigrationsPerNode)`
    : `${l.running}/${l.limit} migrations running in the cluster (parallelMigrationsPerCluster)`;
}

export function itemSummary(it: EvacuationItem, nodeName: string): string {
  const r = it.reason;
  // Waiting behind a limit: the node view's own sentence, as it knows when the node's slots free.
  if (it.state === 'waiting' && it.limit && it.queue) {
    const who = it.migration ? `Migration ${it.migration.name} waits for a slot` : 'Waits for its evacuation migration';
    return `${who}: ${limitText(it.limit, nodeName)}; ${queueText(it.queue)}.`;
  }
  switch (r.kind) {
    case 'diagnosis':
      return it.diagnosis ? verdictSummary(it.diagnosis) : '';
    case 'check':
      return checkSummary(r.check);
    case 'migrated':
      return `Migrated to ${it.migration?.targetNode ?? 'another node'} by ${it.migration?.name ?? ''}.`;
    case 'not-live-migratable':
      return `evictionStrategy LiveMigrate, but KubeVirt reports LiveMigratable=False${r.message ? ` (${r.message})` : ''}: every eviction of its launcher pod is refused, so the drain waits forever.`;
    case 'shutdown':
      return r.vmiPhase
        ? `The VMI is ${r.vmiPhase}: it no longer holds the drain.`
        : `evictionStrategy ${it.evictionStrategy}: the drain shuts the VM down (its run strategy decides whether it starts again elsewhere).`;
    case 'external':
      return 'evictionStrategy External: KubeVirt creates no migration; the drain waits until the controller that owns the VMI moves or removes it.';
    case 'idle':
      return `${nodeName} is not being evacuated: nothing moves this VMI (a drain would migrate it).`;
    case 'queued':
      return r.limit
        ? `Waits for its evacuation migration: ${limitText(r.limit, nodeName)}.`
        : 'Waits for the evacuation controller to create its migration.';
    case 'disruption-budget':
      return `${r.kubevirt ? "KubeVirt's PodDisruptionBudget" : 'PodDisruptionBudget'} ${r.pdb} allows no disruption: the eviction of pod ${r.pod} is refused (evictionStrategy ${it.evictionStrategy} would shut the VM down).`;
    default:
      return assertNever(r);
  }
}

/** The fix of an item that is held back; undefined for one that moves or is done. */
export function itemHint(it: EvacuationItem): string | undefined {
  const held = it.state === 'blocked' || it.state === 'waiting' || it.status === 'at-risk';
  if (!held && it.reason.kind !== 'not-live-migratable') return undefined;
  const r = it.reason;
  const who = `${it.vmi} -n ${it.namespace}`;
  switch (r.kind) {
    case 'diagnosis':
      return it.diagnosis ? verdictHint(it.diagnosis) || undefined : undefined;
    case 'check':
      return checkHint(r.check) || undefined;
    case 'not-live-migratable':
      return `fix what keeps it from migrating (kubectl vmigrate check-migratable ${who}), or set its evictionStrategy to LiveMigrateIfPossible or None, or stop the VM; the drain then goes on`;
    case 'disruption-budget':
      return r.kubevirt
        ? `KubeVirt keeps this PDB for a VMI it would migrate: check the VMI's evictionStrategy, or stop the VM (virtctl stop ${who}) before the drain`
        : `raise maxUnavailable (or lower minAvailable) of PodDisruptionBudget ${r.pdb} in namespace ${it.namespace} for the maintenance, or stop the VM (virtctl stop ${who})`;
    case 'queued':
      return r.limit ? 'it starts when a slot frees; raise the limit in the KubeVirt CR (spec.configuration.migrations) to move more VMIs at once' : undefined;
    case 'migrated':
    case 'shutdown':
    case 'external':
    case 'idle':
      return undefined;
    default:
      return assertNever(r);
  }
}

export function blockerMessage(b: Blocker): string {
  const vmi = b.vmi && b.namespace ? ref(b.namespace, b.vmi) : undefined;
  switch (b.reason) {
    case 'not-live-migratable':
    case 'migration-backoff':
      return b.item ? itemSummary(b.item, '') : '';
    case 'disruption-budget':
      return `PodDisruptionBudget allows no disruption (status.disruptionsAllowed 0): the eviction of pod ${b.pod ?? ''} is refused${vmi ? ` (VMI ${vmi})` : ''}.`;
    case 'kubevirt-disruption-budget':
      return `KubeVirt's PodDisruptionBudget of VMI ${vmi ?? '?'} allows no disruption: the eviction of pod ${b.pod ?? ''} is refused.`;
    case 'hotplug-pod':
      return `Hotplug volume attachment pod${vmi ? ` of VMI ${vmi}` : ''}: KubeVirt refuses its eviction while the VMI runs on the node; it can go once the VMI has left.`;
    case 'unmanaged-pod':
      return 'The pod declares no controller: kubectl drain evicts nothing on the node without --force (which deletes this pod for good).';
    default:
      return assertNever(b.reason);
  }
}

function counts(n: NodeEvacuation): string {
  const s = n.summary;
  const parts: [number, string][] = [
    [s.migrated, 'migrated'],
    [s.migrating, 'migrating'],
    [s.waiting, 'waiting'],
    [s.blocked, 'blocked'],
    [s.shutdown, 'shut down'],
    [s.external, 'external'],
    [s.idle, 'not moving'],
  ];
  const shown = parts.filter(([c]) => c > 0).map(([c, w]) => `${c} ${w}`);
  return `${s.vmis} VMI${s.vmis === 1 ? '' : 's'}${shown.length ? `: ${shown.join(', ')}` : ''}`;
}

export function nodeVerdictSummary(n: NodeEvacuation): string {
  const v = n.verdict;
  const node = n.nodeName;
  const eta = n.summary.etaSeconds !== undefined ? `; all done in about ${formatSeconds(n.summary.etaSeconds)}` : '';
  const others = v.causes.slice(1).map((c) => `${c.cause} ${c.count}`);
  const held = `${v.cause} holds back ${v.held} (${counts(n)})${others.length ? `; also ${others.join(', ')}` : ''}`;
  // Not being evacuated, but a migration leaves it: the verdict is about that migration.
  const what = n.evacuating ? `The evacuation of node ${node}` : `Migration away from node ${node}`;
  switch (v.status) {
    case 'idle':
      return `Node ${node} is not being evacuated and nothing migrates away from it (${counts(n)}).`;
    case 'succeeded':
      return `Node ${node} is evacuated: nothing is left on it (${counts(n)}).`;
    case 'progressing':
      return `${n.evacuating ? `Node ${node} is being evacuated` : `Migration away from node ${node} progresses`} (${counts(n)})${v.cause !== 'none' ? `; ${v.held} wait for ${v.cause}` : ''}${eta}.`;
    case 'blocked':
      return `${what} is blocked: ${held}.`;
    case 'at-risk':
      return `${what} is at risk: ${held}.`;
    case 'unknown':
      return v.unknown.length > 0
        ? `The evacuation of node ${node} cannot be judged: could not read ${v.unknown.map((u) => `${u.part} (${u.reason})`).join(', ')}.`
        : `The evacuation of node ${node} is held back by something the evidence does not name: ${held}.`;
    default:
      return assertNever(v.status);
  }
}

/** The fix of the cause that holds back the most: the first such item's. */
export function nodeVerdictHint(n: NodeEvacuation): string {
  const v = n.verdict;
  if (v.status === 'unknown' && v.unknown.length > 0) return 'grant list on what could not be read (see errors), or collect it into the snapshot, and run again';
  if (v.status !== 'blocked' && v.status !== 'at-risk' && v.status !== 'unknown') return '';
  const first = n.items.find((i) => i.cause === v.cause && (i.state === 'blocked' || i.status === 'at-risk'));
  if (first) return itemHint(first) ?? '';
  const pdb = n.blockers.find((b) => b.holdsDrain);
  return pdb ? `raise maxUnavailable (or lower minAvailable) of PodDisruptionBudget ${pdb.name} in namespace ${pdb.namespace ?? ''}, or move pod ${pdb.pod ?? ''} yourself` : '';
}
