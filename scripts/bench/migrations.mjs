// The migrations of the synthetic cluster of `npm run bench`, and what a real KubeVirt v1.6 cluster
// shows around each: VirtualMachineInstanceMigrations in every phase, the VMI's
// status.migrationState, target pods, the previous source pod, Events, the source launcher's log
// and virt-handler's migration metrics. Field names, phase strings, event reasons and messages are
// KubeVirt's (src/kubevirt/constants.ts); shapes follow examples/cluster-snapshot
// (migrations.yaml, events.yaml, pods.yaml).
//
// Per 1,000 VMs (scaled, at least one each) the NEWEST migration of a VM is (7 % of the VMs; 20 in
// flight, so 200 on 10,000 VMs as during a large drain, 70 of them copying: beyond list's 16 log
// tails per refresh):
//   Pending          1 refused by a ResourceQuota (condition migrationRejectedByResourceQuota,
//                      VMI FailedCreate "exceeded quota" events), 3 waiting for a slot (workload
//                      update; no condition, no event), 1 in evacuation backoff after 4 failed ones
//   Scheduling       2 target pod unschedulable (host model only its source node offers:
//                      FailedScheduling, migrationTargetPodUnschedulable,
//                      NoSuitableNodesForHostModelMigration), 1 target pod ContainerCreating
//   Scheduled, PreparingTarget, TargetReady  1 each;  Running  7 (log progress lines, metrics)
//   WaitingForSync, Synchronizing  1 each (decentralized: spec.receive / spec.sendTo)
//   Succeeded 39, Failed 11 (progress timeout, completion timeout, canceled before hand-off,
//                      unschedulable target pod timed out, aborted while running)
// 30 % of the VMs with a migration have 1–2 older, finished ones (the VMIM garbage collector keeps
// 5 per VMI). The ones waiting for a slot wait on parallelOutboundMigrationsPerNode: cluster.mjs
// puts them on source nodes that two in-flight migrations already leave.
// Events exist for what happened in the last hour (kube-apiserver --event-ttl).
import { eventSuffix, nameSuffix, prng, uuid } from './ids.mjs';

const NEWEST = [
  ['pending-quota', 1],
  ['pending-slot', 3],
  ['pending-backoff', 1],
  ['scheduling-unschedulable', 2],
  ['scheduling-creating', 1],
  ['scheduled', 1],
  ['preparing-target', 1],
  ['target-ready', 1],
  ['running', 7],
  ['waiting-for-sync', 1],
  ['synchronizing', 1],
  ['succeeded', 39],
  ['failed', 11],
];
const FAILURES = ['stuck', 'completion-timeout', 'canceled', 'target-pod-timeout', 'aborted'];
/** Kinds whose target pod exists now (they count against parallelMigrationsPerCluster). */
export const WITH_TARGET_POD = new Set(['scheduling-unschedulable', 'scheduling-creating', 'scheduled', 'preparing-target', 'target-ready', 'running']);
const IN_FLIGHT = new Set([...WITH_TARGET_POD, 'pending-quota', 'pending-slot', 'pending-backoff', 'waiting-for-sync', 'synchronizing']);
/** Kinds that got past the hand-off: the VMI's migrationState is theirs. */
const HANDED_OFF = new Set(['preparing-target', 'target-ready', 'running', 'succeeded', 'stuck', 'completion-timeout', 'aborted']);
/** VMs that can live-migrate (LiveMigratable=True), so the migration webhook admits their VMIMs. */
export const MIGRATING_ARCHETYPES = new Set(['analytics-warehouse', 'db-primary', 'wiki', 'ci-runner']);

const PHASES = {
  'pending-quota': ['Pending'],
  'pending-slot': ['Pending'],
  'pending-backoff': ['Pending'],
  'scheduling-unschedulable': ['Pending', 'Scheduling'],
  'scheduling-creating': ['Pending', 'Scheduling'],
  scheduled: ['Pending', 'Scheduling', 'Scheduled'],
  'preparing-target': ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget'],
  'target-ready': ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady'],
  running: ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running'],
  'waiting-for-sync': ['WaitingForSync'],
  synchronizing: ['Synchronizing'],
  succeeded: ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded'],
  stuck: ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Failed'],
  'completion-timeout': ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Failed'],
  aborted: ['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Failed'],
  canceled: ['Pending', 'Scheduling', 'Failed'],
  'target-pod-timeout': ['Pending', 'Scheduling', 'Failed'],
};
/** Seconds after creation each phase is entered (final phases: see endOffset). */
const PHASE_AT = { Pending: 0, Scheduling: 0, Scheduled: 7, PreparingTarget: 7, TargetReady: 9, Running: 10, WaitingForSync: 0, Synchronizing: 0 };
const PROGRESS_TIMEOUT = 150;
const HOUR = 3600e3;
const DAY = 24 * HOUR;
const ORIGINS = {
  user: { generateName: 'kubevirt-migrate-vm-' },
  evacuation: { generateName: 'kubevirt-evacuation-' },
  'workload-update': { generateName: 'kubevirt-workload-update-' },
};
const SYNC_ADDRESS = '192.168.10.5:9185';
const BACKOFF_FAILURES = 4;

/**
 * Which VMs migrate, and how: index in `schedule` → { newest, history (oldest first) }.
 * Unschedulable targets need host-model VMs (analytics-warehouse) that cluster.mjs puts on the
 * nodes with a host model of their own.
 */
export function planMigrations(schedule) {
  const random = prng(7);
  const scale = schedule.length / 1000;
  const pools = { any: [], analytics: [] };
  schedule.forEach((arch, i) => {
    if (MIGRATING_ARCHETYPES.has(arch)) pools.any.push(i);
    if (arch === 'analytics-warehouse') pools.analytics.push(i);
  });
  const used = new Set();
  const cursor = { any: 0, analytics: 0 };
  const take = (pool) => {
    while (cursor[pool] < pools[pool].length && used.has(pools[pool][cursor[pool]])) cursor[pool]++;
    const i = pools[pool][cursor[pool]];
    if (i !== undefined) used.add(i);
    return i;
  };
  const plan = new Map();
  let failure = 0;
  const failed = () => FAILURES[failure++ % FAILURES.length];
  for (const [scenario, per1000] of NEWEST) {
    for (let k = 0; k < Math.max(1, Math.round(per1000 * scale)); k++) {
      const index = take(scenario === 'scheduling-unschedulable' ? 'analytics' : 'any');
      if (index === undefined) break;
      const r = random();
      const older = scenario === 'pending-backoff' ? BACKOFF_FAILURES : r < 0.7 ? 0 : r < 0.9 ? 1 : 2;
      // Backoff follows failed evacuations (20 s, doubling per consecutive failure: 160 s after 4).
      const history = Array.from({ length: older }, () => (scenario === 'pending-backoff' ? 'target-pod-timeout' : random() < 0.8 ? 'succeeded' : failed()));
      plan.set(index, { newest: scenario === 'failed' ? failed() : scenario, history });
    }
  }
  return plan;
}

/**
 * Adds the planned migrations to the cluster: mutates each record's VMI and launcher pod, pushes
 * VMIMs, pods, events and quotas into `objects`.
 * @param {{
 *   records: { ns: string, name: string, vmi: any, pod: any, node: any, plan: { newest: string, history: string[] } }[],
 *   now: number, objects: any[], counts: Record<string, any>,
 *   nodes: { all: any[], common: any[], controlPlane: number, cordoned: number, byName: Map<string, any> },
 *   config: Record<string, unknown>, policies: any[], namespaces: Map<string, any>,
 * }} g
 * @returns {{ logs: { namespace: string, pod: string, container: string, text: string }[], series: Map<string, string[]>, why?: { namespace: string, name: string } }}
 */
export function addMigrations(g) {
  const random = prng(11);
  const out = { logs: [], series: new Map(), why: undefined };
  const quotas = new Map();
  const counts = (g.counts.vmimByPhase = {});
  for (const rec of g.records) {
    const ms = timeline(rec, g, random);
    for (const m of ms) {
      g.objects.push(vmimObject(rec, m, g));
      g.counts.vmim++;
      const phase = PHASES[m.kind].at(-1);
      counts[phase] = (counts[phase] ?? 0) + 1;
    }
    applyToVmiAndPods(rec, ms, g, out);
    for (const m of ms) events(rec, m, g, out);
    const newest = ms.at(-1);
    if (newest.kind === 'pending-quota' && !quotas.has(rec.ns)) quotas.set(rec.ns, quota(rec.ns, newest.created));
    if (newest.kind === 'scheduling-unschedulable' && !out.why) out.why = { namespace: rec.ns, name: rec.name };
  }
  for (const q of quotas.values()) g.objects.push(q);
  g.counts.resourcequota = quotas.size;
  return out;
}

// ---- when, where, which pods ----

/** The VM's migrations, oldest first, with times, nodes and pod names walked back from where it runs now. */
function timeline(rec, g, random) {
  const kinds = [...rec.plan.history, rec.plan.newest];
  const n = kinds.length;
  const created = new Array(n);
  const newest = rec.plan.newest;
  if (newest === 'pending-backoff') created[n - 1] = g.now - 8e3;
  else if (IN_FLIGHT.has(newest)) created[n - 1] = g.now - (30 + random() * 250) * 1e3;
  else created[n - 1] = random() < 0.3 ? g.now - (120 + random() * 3300) * 1e3 : g.now - (1 + random() * 6) * DAY;
  for (let k = n - 2; k >= 0; k--) {
    // The failed evacuations a backoff follows: the last ended just now (its target pod timed out
    // after 300 s), each earlier one a timeout and a backoff before the next.
    if (newest === 'pending-backoff') created[k] = k === n - 2 ? g.now - 320e3 : created[k + 1] - 700e3;
    else created[k] = created[k + 1] - (1 + random() * 2) * DAY;
  }
  const ms = new Array(n);
  let node = rec.node.metadata.name;
  let pod = rec.pod.metadata.name;
  for (let k = n - 1; k >= 0; k--) {
    const kind = kinds[k];
    const uid = uuid(`vmim/${rec.ns}/${rec.name}/${k}`);
    const origin = k === n - 1 && rec.plan.origin ? rec.plan.origin : rec.plan.newest === 'pending-backoff' ? 'evacuation' : kind === 'pending-slot' ? 'workload-update' : pick(random, ['user', 'user', 'user', 'evacuation', 'evacuation', 'workload-update']);
    const m = { kind, uid, origin, created: created[k], name: ORIGINS[origin].generateName + nameSuffix(uid), duration: 20 + Math.round(random() * 100) };
    const launcher = (what) => `virt-launcher-${rec.name}-${nameSuffix(`${uid}/${what}`)}`;
    if (kind === 'succeeded') {
      // The VMI runs in this migration's target pod until a later one succeeds.
      Object.assign(m, { targetNode: node, targetPod: pod, sourceNode: otherNode(g, node, random), sourcePod: launcher('source') });
      node = m.sourceNode;
      pod = m.sourcePod;
    } else {
      Object.assign(m, { sourceNode: node, sourcePod: pod });
      if (HANDED_OFF.has(kind) || ['scheduled', 'scheduling-creating', 'canceled'].includes(kind)) m.targetNode = otherNode(g, node, random);
      if (WITH_TARGET_POD.has(kind) || HANDED_OFF.has(kind) || kind === 'canceled' || kind === 'target-pod-timeout') m.targetPod = launcher('target');
      if (kind === 'scheduling-unschedulable' || kind === 'target-pod-timeout') m.unschedulable = true;
    }
    m.phases = PHASES[kind].map((phase) => [phase, m.created + 1e3 * (PHASE_AT[phase] ?? endOffset(m, rec, g))]);
    m.ended = ['Succeeded', 'Failed'].includes(PHASES[kind].at(-1)) ? m.phases.at(-1)[1] : undefined;
    ms[k] = m;
  }
  return ms;
}

/** Seconds from creation to the final phase. */
function endOffset(m, rec, g) {
  switch (m.kind) {
    case 'succeeded':
      return PHASE_AT.Running + m.duration;
    case 'stuck':
      return PHASE_AT.Running + 40 + PROGRESS_TIMEOUT;
    case 'completion-timeout':
      return PHASE_AT.Running + completionBudget(rec, g);
    case 'aborted':
      return PHASE_AT.Running + 45;
    case 'canceled':
      return 40;
    default:
      // target-pod-timeout: the unschedulable target pod is deleted after 300 s.
      return 305;
  }
}

/** completionTimeoutPerGiB × guest memory rounded up to whole GB (facts §5.2). */
function completionBudget(rec, g) {
  return migrationConfig(rec, g).config.completionTimeoutPerGiB * Math.ceil(guestBytes(rec.vmi) / 1e9);
}

function guestBytes(vmi) {
  const q = vmi.status?.memory?.guestAtBoot ?? vmi.spec?.domain?.memory?.guest ?? '4Gi';
  const m = /^(\d+)(Gi|Mi)?$/.exec(q);
  return m ? Number(m[1]) * (m[2] === 'Gi' ? 2 ** 30 : m[2] === 'Mi' ? 2 ** 20 : 1) : 4 * 2 ** 30;
}

function otherNode(g, node, random) {
  const list = g.nodes.common;
  let n = list[Math.floor(random() * list.length)].metadata.name;
  if (n === node) n = list[(list.findIndex((x) => x.metadata.name === n) + 1) % list.length].metadata.name;
  return n;
}

function pick(random, xs) {
  return xs[Math.floor(random() * xs.length)];
}

/** The effective migration configuration virt-controller echoes into migrationState (§3.8). */
function migrationConfig(rec, g) {
  const labels = rec.vmi.metadata.labels ?? {};
  const nsLabels = g.namespaces.get(rec.ns)?.metadata.labels ?? {};
  const policy = g.policies.find((p) => {
    const s = p.spec?.selectors;
    if (!s) return false;
    const all = (sel, have) => Object.entries(sel ?? {}).every(([k, v]) => have[k] === String(v));
    return all(s.virtualMachineInstanceSelector, labels) && all(s.namespaceSelector, nsLabels);
  });
  const config = { ...g.config };
  if (policy) {
    for (const k of ['allowAutoConverge', 'allowPostCopy', 'bandwidthPerMigration', 'completionTimeoutPerGiB']) {
      if (policy.spec[k] !== undefined) config[k] = policy.spec[k];
    }
  }
  return { config, policyName: policy?.metadata.name };
}

// ---- objects ----

export const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** events.k8s.io eventTime: microseconds. */
const micro = (ms) => new Date(ms).toISOString().replace(/Z$/, '417Z');

function vmimObject(rec, m, g) {
  const final = m.ended !== undefined;
  const annotations = { 'kubevirt.io/latest-observed-api-version': 'v1', 'kubevirt.io/storage-observed-api-version': 'v1' };
  if (m.origin === 'evacuation') annotations['kubevirt.io/evacuationMigration'] = m.sourceNode;
  if (m.origin === 'workload-update') annotations['kubevirt.io/workloadUpdateMigration'] = '';
  const spec = { vmiName: rec.name };
  const migrationID = `${rec.ns}-${rec.name}-${nameSuffix(m.uid)}`;
  if (m.kind === 'waiting-for-sync') spec.receive = { migrationID };
  if (m.kind === 'synchronizing') spec.sendTo = { connectURL: 'https://sync.dr-site.example.com:9185', migrationID };
  const status = {};
  if (m.kind === 'pending-quota') {
    status.conditions = [{ lastProbeTime: iso(m.created), lastTransitionTime: null, status: 'True', type: 'migrationRejectedByResourceQuota' }];
  }
  if (m.kind === 'canceled' || m.kind === 'aborted') {
    status.conditions = [{ lastProbeTime: null, lastTransitionTime: iso(m.ended - 5e3), status: 'True', type: 'migrationAbortRequested' }];
  }
  // v1.3+: sourcePod while pending; the VMI's whole migrationState once final.
  const state = final && HANDED_OFF.has(m.kind) ? vmiMigrationState(rec, m, g) : m.kind === 'waiting-for-sync' ? undefined : { sourcePod: m.sourcePod };
  if (state) status.migrationState = state;
  status.phase = PHASES[m.kind].at(-1);
  status.phaseTransitionTimestamps = m.phases.map(([phase, at]) => ({ phase, phaseTransitionTimestamp: iso(at) }));
  if (m.kind === 'waiting-for-sync' || m.kind === 'synchronizing') status.synchronizationAddresses = [SYNC_ADDRESS];
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstanceMigration',
    metadata: {
      annotations,
      creationTimestamp: iso(m.created),
      ...(final ? {} : { finalizers: ['kubevirt.io/migrationJobFinalize'] }),
      generateName: ORIGINS[m.origin].generateName,
      generation: 1,
      labels: { 'kubevirt.io/vmi-name': rec.name },
      name: m.name,
      namespace: rec.ns,
      uid: m.uid,
    },
    spec,
    status,
  };
}

/** VMI status.migrationState as the controller (hand-off), the target handler and the source handler fill it (§1.2, §3.1). */
function vmiMigrationState(rec, m, g) {
  const reached = new Set(m.phases.map(([p]) => p));
  const at = (p) => m.phases.find(([q]) => q === p)?.[1];
  const { config, policyName } = migrationConfig(rec, g);
  const s = {};
  if (m.kind === 'succeeded') s.completed = true;
  if (m.ended !== undefined) s.endTimestamp = iso(m.ended - 3e3);
  if (['stuck', 'completion-timeout', 'aborted'].includes(m.kind)) {
    s.abortStatus = 'Succeeded';
    if (m.kind === 'aborted') s.abortRequested = true;
    s.failed = true;
    s.failureReason = failureReason(rec, m, g);
  }
  s.migrationConfiguration = { ...config, allowWorkloadDisruption: false, nodeDrainTaintKey: 'kubevirt.io/drain', unsafeMigrationOverride: false };
  if (policyName) s.migrationPolicyName = policyName;
  s.migrationUid = m.uid;
  if (reached.has('Running')) s.mode = 'PreCopy';
  s.sourceNode = m.sourceNode;
  s.sourcePod = m.sourcePod;
  if (reached.has('Running')) s.startTimestamp = iso(at('Running'));
  if (reached.has('TargetReady')) {
    s.targetDirectMigrationNodePorts = { 38091: 0, 40237: 49152, 44619: 49153 };
  }
  s.targetNode = m.targetNode;
  if (reached.has('TargetReady')) s.targetNodeAddress = handlerAddress(g.nodes.byName.get(m.targetNode));
  if (m.kind === 'succeeded') {
    s.targetNodeDomainDetected = true;
    s.targetNodeDomainReadyTimestamp = iso(m.ended - 3e3);
  }
  s.targetPod = m.targetPod;
  return s;
}

function failureReason(rec, m, g) {
  if (m.kind === 'stuck') return `Live migration stuck for ${PROGRESS_TIMEOUT} seconds and has been aborted`;
  if (m.kind === 'completion-timeout') return `Live migration is not completed after ${completionBudget(rec, g)} seconds and has been aborted`;
  return 'Live migration aborted ';
}

/** The virt-handler pod's address on a node (the target advertises it as targetNodeAddress). */
export function handlerAddress(node) {
  return node.spec.podCIDR.replace(/\.0\/24$/, '.9');
}

/** VMI migrationState, labels and activePods; the target pod, the previous source pod; logs and metrics. */
function applyToVmiAndPods(rec, ms, g, out) {
  const { vmi, pod } = rec;
  const vmiUid = vmi.metadata.uid;
  const base = structuredClone(pod);
  // The VMI's migrationState belongs to its newest handed-off (or decentralized) migration.
  for (const m of ms) {
    if (HANDED_OFF.has(m.kind)) {
      vmi.status.migrationState = vmiMigrationState(rec, m, g);
      vmi.metadata.labels['kubevirt.io/migrationTargetNodeName'] = m.targetNode;
    } else if (m.kind === 'synchronizing') {
      vmi.status.migrationState = {
        migrationUid: m.uid,
        sourceState: { domainName: rec.name, domainNamespace: rec.ns, migrationUID: m.uid, node: m.sourceNode, pod: m.sourcePod, syncAddress: SYNC_ADDRESS, virtualMachineInstanceUID: vmiUid },
      };
    } else if (m.kind === 'waiting-for-sync') {
      vmi.status.migrationState = {
        migrationUid: m.uid,
        targetState: { domainName: rec.name, domainNamespace: rec.ns, migrationUID: m.uid, syncAddress: SYNC_ADDRESS, virtualMachineInstanceUID: vmiUid },
      };
    }
  }
  // The pod the VMI runs in was the target of its newest succeeded migration.
  const moved = ms.findLast((m) => m.kind === 'succeeded');
  if (moved) {
    markTarget(pod, moved);
    pod.metadata.creationTimestamp = iso(moved.created + 1e3);
    if (moved === ms.at(-1) && g.now - moved.ended < DAY) {
      // The old source pod stays Completed.
      g.objects.push(completedPod(base, moved, g));
      g.counts.pod++;
    }
  }
  const newest = ms.at(-1);
  if (IN_FLIGHT.has(newest.kind)) out.logs.push({ namespace: rec.ns, pod: pod.metadata.name, container: 'compute', text: sourceLog(rec, newest) });
  if (WITH_TARGET_POD.has(newest.kind)) {
    const target = targetPod(base, rec, newest, g);
    g.objects.push(target);
    g.counts.pod++;
    if (newest.kind === 'running') {
      vmi.status.activePods = { ...vmi.status.activePods, [target.metadata.uid]: newest.targetNode };
      const list = out.series.get(newest.sourceNode) ?? [];
      list.push(...progressSeries(rec, newest, g));
      out.series.set(newest.sourceNode, list);
    }
  }
}

function markTarget(pod, m) {
  pod.metadata.labels['kubevirt.io/migrationJobUID'] = m.uid;
  // Copied from the VMI when the target pod was rendered: the SOURCE node (as real clusters show).
  pod.metadata.labels['kubevirt.io/nodeName'] = m.sourceNode;
  pod.metadata.annotations['kubevirt.io/migrationJobName'] = m.name;
}

function completedPod(base, m, g) {
  const p = structuredClone(base);
  const ended = iso(m.ended + 2e3);
  p.metadata.name = m.sourcePod;
  p.metadata.uid = uuid(`pod/${p.metadata.namespace}/${m.sourcePod}`);
  delete p.metadata.labels['kubevirt.io/migrationJobUID'];
  delete p.metadata.annotations['kubevirt.io/migrationJobName'];
  p.metadata.labels['kubevirt.io/nodeName'] = m.sourceNode;
  p.spec.nodeName = m.sourceNode;
  p.status.phase = 'Succeeded';
  const hostIP = g.nodes.byName.get(m.sourceNode).status.addresses.find((a) => a.type === 'InternalIP').address;
  Object.assign(p.status, { hostIP, hostIPs: [{ ip: hostIP }] });
  delete p.status.podIP;
  delete p.status.podIPs;
  for (const c of p.status.conditions ?? []) {
    if (['Ready', 'ContainersReady'].includes(c.type)) Object.assign(c, { status: 'False', reason: 'PodCompleted', lastTransitionTime: ended });
  }
  for (const cs of [...(p.status.containerStatuses ?? []), ...(p.status.initContainerStatuses ?? [])]) {
    const startedAt = cs.state?.running?.startedAt ?? ended;
    Object.assign(cs, { ready: false, started: false, state: { terminated: { containerID: cs.containerID, exitCode: 0, finishedAt: ended, reason: 'Completed', startedAt } } });
  }
  return p;
}

/** The target pod as virt-controller renders it (facts §4), in the state its migration's phase implies. */
function targetPod(base, rec, m, g) {
  const p = structuredClone(base);
  const created = iso(m.created + 1e3);
  const vmiUid = rec.vmi.metadata.uid;
  p.metadata.name = m.targetPod;
  p.metadata.uid = uuid(`pod/${rec.ns}/${m.targetPod}`);
  p.metadata.creationTimestamp = created;
  markTarget(p, m);
  const source = g.nodes.byName.get(m.sourceNode);
  const model = rec.vmi.spec.domain.cpu?.model;
  if (model === undefined || model === 'host-model') Object.assign(p.spec.nodeSelector, hostModelSelector(source));
  p.spec.affinity = {
    ...p.spec.affinity,
    podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'kubevirt.io/created-by': vmiUid } }, topologyKey: 'kubernetes.io/hostname' }] },
  };
  const cond = (type, status, reason, message) => ({ lastProbeTime: null, lastTransitionTime: created, ...(message ? { message } : {}), ...(reason ? { reason } : {}), status, type });
  if (m.unschedulable) {
    delete p.spec.nodeName;
    p.status = { conditions: [cond('PodScheduled', 'False', 'Unschedulable', schedulerMessage(g, source))], phase: 'Pending', qosClass: base.status.qosClass };
    return p;
  }
  p.spec.nodeName = m.targetNode;
  const target = g.nodes.byName.get(m.targetNode);
  const hostIP = target.status.addresses.find((a) => a.type === 'InternalIP').address;
  if (m.kind === 'scheduling-creating') {
    p.status = {
      conditions: [
        cond('PodReadyToStartContainers', 'False'),
        cond('Initialized', 'False', 'ContainersNotInitialized', 'containers with incomplete status: [guest-console-log]'),
        cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [compute]'),
        cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [compute]'),
        cond('PodScheduled', 'True'),
      ],
      containerStatuses: [{ image: base.spec.containers[0].image, imageID: '', lastState: {}, name: 'compute', ready: false, restartCount: 0, started: false, state: { waiting: { reason: 'PodInitializing' } } }],
      hostIP,
      hostIPs: [{ ip: hostIP }],
      phase: 'Pending',
      qosClass: base.status.qosClass,
      startTime: created,
    };
    return p;
  }
  // Running and Ready: the same status as the source pod's, at the target.
  const podIP = target.spec.podCIDR.replace(/\.0\/24$/, `.${20 + (parseInt(nameSuffix(m.uid), 36) % 200)}`);
  Object.assign(p.status, { hostIP, hostIPs: [{ ip: hostIP }], podIP, podIPs: [{ ip: podIP }], startTime: created });
  for (const c of p.status.conditions ?? []) c.lastTransitionTime = created;
  for (const cs of [...(p.status.containerStatuses ?? []), ...(p.status.initContainerStatuses ?? [])]) {
    if (cs.state?.running) cs.state.running.startedAt = created;
  }
  return p;
}

/** The nodeSelector a host-model target pod gets from its source node (facts §4, prepareNodeSelectorForHostCpuModel). */
function hostModelSelector(node) {
  const sel = {};
  for (const [k, v] of Object.entries(node.metadata.labels)) {
    if (k.startsWith('host-model-cpu.node.kubevirt.io/')) sel[`cpu-model-migration.node.kubevirt.io/${k.slice(k.indexOf('/') + 1)}`] = v;
    if (k.startsWith('host-model-required-features.node.kubevirt.io/')) sel[`cpu-feature.node.kubevirt.io/${k.slice(k.indexOf('/') + 1)}`] = v;
  }
  return sel;
}

/**
 * kube-scheduler's FitError text (reasons sorted, as it prints them): the source node fails the
 * anti-affinity, control-plane nodes the taint, cordoned ones NodeUnschedulable, the rest the host
 * model's selector (a source node with a model of its own) or memory.
 */
function schedulerMessage(g, source) {
  const n = g.nodes.all.length;
  const unique = !sharesHostModel(g, source);
  const rest = n - g.nodes.controlPlane - g.nodes.cordoned - 1;
  const parts = ['1 node(s) didn\'t match pod anti-affinity rules', unique ? `${rest} node(s) didn't match Pod's node affinity/selector` : `${rest} Insufficient memory`];
  if (g.nodes.controlPlane) parts.push(`${g.nodes.controlPlane} node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }`);
  if (g.nodes.cordoned) parts.push(`${g.nodes.cordoned} node(s) were unschedulable`);
  parts.sort();
  return `0/${n} nodes are available: ${parts.join(', ')}. preemption: 0/${n} nodes are available: ${n} Preemption is not helpful for scheduling.`;
}

function sharesHostModel(g, source) {
  const model = Object.keys(source.metadata.labels).find((k) => k.startsWith('host-model-cpu.node.kubevirt.io/'));
  const migration = model && `cpu-model-migration.node.kubevirt.io/${model.slice(model.indexOf('/') + 1)}`;
  return g.nodes.all.some((x) => x !== source && migration && x.metadata.labels[migration] === 'true');
}

function quota(ns, created) {
  const hard = '2Ti';
  const used = String(2 * 2 ** 40 - 2 ** 30);
  const spec = { hard: { pods: '500', 'requests.cpu': '1k', 'requests.memory': hard, 'requests.storage': '200Ti' } };
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { creationTimestamp: iso(created - 30 * DAY), name: `${ns}-quota`, namespace: ns, uid: uuid(`quota/${ns}`) },
    spec,
    status: { hard: spec.hard, used: { pods: '212', 'requests.cpu': '687', 'requests.memory': used, 'requests.storage': '31Ti' } },
  };
}

// ---- events, logs, metrics ----

function events(rec, m, g, out) {
  // Events expire after an hour; only the newest migration can be that recent.
  const last = m.ended ?? g.now;
  if (g.now - last > HOUR) return;
  const push = (e) => {
    g.objects.push(e);
    g.counts.event++;
  };
  const ns = rec.ns;
  const vmiRef = { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', name: rec.name, namespace: ns, uid: rec.vmi.metadata.uid };
  const vmimRef = { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceMigration', name: m.name, namespace: ns, uid: m.uid };
  const targetRef = m.targetPod && { apiVersion: 'v1', kind: 'Pod', name: m.targetPod, namespace: ns, uid: uuid(`pod/${ns}/${m.targetPod}`) };
  const at = (p) => m.phases.find(([q]) => q === p)?.[1];
  const controller = (ref, reason, message, type, t, o = {}) => push(coreEvent(ref, reason, message, type, t, { component: 'virtualmachine-controller', ...o }));
  const handler = (ref, reason, message, type, t, host) => push(coreEvent(ref, reason, message, type, t, { component: 'virt-handler', host }));
  const kubelet = (ref, reason, message, t, host) => push(coreEvent(ref, reason, message, 'Normal', t, { component: 'kubelet', host }));
  const cp = g.nodes.all[0].metadata.name;
  const source = g.nodes.byName.get(m.sourceNode);

  switch (m.kind) {
    case 'pending-quota': {
      const refused = (seed) => `virt-launcher-${rec.name}-${nameSuffix(`${m.uid}/${seed}`)}`;
      const memory = rec.pod.spec.containers.find((c) => c.name === 'compute').resources.requests.memory;
      const text = (pod) => `Error creating pod: pods "${pod}" is forbidden: exceeded quota: ${ns}-quota, requested: requests.memory=${memory}, used: requests.memory=${2 * 2 ** 40 - 2 ** 30}, limited: requests.memory=2Ti`;
      controller(vmiRef, 'FailedCreate', text(refused(0)), 'Warning', m.created);
      const count = Math.max(2, Math.floor((g.now - m.created) / 60e3));
      controller(vmiRef, 'FailedCreate', `(combined from similar events): ${text(refused(count))}`, 'Warning', m.created + 1e3, { count, last: g.now - 5e3 });
      return;
    }
    case 'pending-slot':
    case 'waiting-for-sync':
    case 'synchronizing':
      return;
    case 'pending-backoff':
      controller(vmiRef, 'MigrationBackoff', `backoff migrating vmi ${ns}/${rec.name}`, 'Warning', m.created, { count: 2, last: g.now - 2e3 });
      return;
  }
  // From here on a target pod was created.
  controller(vmimRef, 'SuccessfulCreate', `Created migration target pod ${m.targetPod}`, 'Normal', m.created + 1e3);
  if (m.unschedulable) {
    const count = Math.max(1, Math.floor((last - m.created) / 30e3));
    push(schedulerEvent(targetRef, 'FailedScheduling', 'Scheduling', schedulerMessage(g, source), 'Warning', m.created + 1e3, cp, count > 1 ? { count, lastObservedTime: micro(last - 4e3) } : undefined));
    controller(vmimRef, 'migrationTargetPodUnschedulable', `Migration target pod for VMI [${ns}/${rec.name}] is currently unschedulable.`, 'Warning', m.created + 1e3, { count, last: last - 4e3 });
    if (!sharesHostModel(g, source)) {
      const want = Object.entries(hostModelSelector(source)).sort(([a], [b]) => (a < b ? -1 : 1));
      const map = `map[${want.map(([k, v]) => `${k}:${v}`).join(' ')}]`;
      controller(vmiRef, 'NoSuitableNodesForHostModelMigration', `Migration cannot proceed since no node is suitable to run the required CPU model / required features: ${map}`, 'Warning', m.created + 1e3, { count, last: last - 4e3 });
    }
    if (m.kind === 'target-pod-timeout') {
      controller(vmimRef, 'SuccessfulDelete', `unschedulable pod ${ns}/${m.targetPod} timeout period exceeded`, 'Normal', m.ended - 1e3);
      controller(vmimRef, 'FailedMigration', 'Migration target pod was removed during active migration.', 'Warning', m.ended);
    }
    return;
  }
  push(schedulerEvent(targetRef, 'Scheduled', 'Binding', `Successfully assigned ${ns}/${m.targetPod} to ${m.targetNode}`, 'Normal', m.created + 1e3, cp));
  if (m.kind === 'canceled') {
    controller(vmimRef, 'FailedMigration', 'Migration failed due to being canceled', 'Warning', m.ended);
    controller(vmimRef, 'SuccessfulDelete', `migration canceled and pod ${ns}/${m.targetPod} is deleted`, 'Normal', m.ended);
    return;
  }
  if (m.kind === 'scheduling-creating') return;
  for (const c of ['guest-console-log', 'compute']) {
    kubelet(targetRef, 'Created', `Created container: ${c}`, m.created + 4e3, m.targetNode);
    kubelet(targetRef, 'Started', `Started container ${c}`, m.created + 5e3, m.targetNode);
  }
  if (!at('PreparingTarget')) return;
  controller(vmimRef, 'SuccessfulHandOver', 'Migration target pod is ready for preparation by virt-handler.', 'Normal', at('PreparingTarget'));
  if (!at('TargetReady')) return;
  const target = g.nodes.byName.get(m.targetNode);
  handler(vmiRef, 'PreparingTarget', `Migration Target is listening at ${handlerAddress(target)}, on ports: 38091,40237,44619`, 'Normal', at('TargetReady') - 1e3, m.targetNode);
  handler(vmiRef, 'PreparingTarget', 'VirtualMachineInstance Migration Target Prepared.', 'Normal', at('TargetReady'), m.targetNode);
  if (!at('Running')) return;
  handler(vmiRef, 'Migrating', 'VirtualMachineInstance is migrating.', 'Normal', at('Running'), m.sourceNode);
  switch (m.kind) {
    case 'succeeded':
      handler(vmiRef, 'Migrated', `The VirtualMachineInstance migrated to node ${m.targetNode}.`, 'Normal', m.ended - 3e3, m.targetNode);
      controller(vmimRef, 'SuccessfulMigration', 'Source node reported migration succeeded', 'Normal', m.ended);
      kubelet({ apiVersion: 'v1', kind: 'Pod', name: m.sourcePod, namespace: ns, uid: uuid(`pod/${ns}/${m.sourcePod}`) }, 'Killing', 'Stopping container compute', m.ended + 2e3, m.sourceNode);
      return;
    case 'aborted':
      controller(vmimRef, 'SuccessfulAbortMigration', 'Migration is ready to be canceled by virt-handler.', 'Normal', m.ended - 5e3);
      handler(vmiRef, 'Migrating', 'VirtualMachineInstance is aborting migration.', 'Normal', m.ended - 4e3, m.sourceNode);
    // falls through: then it fails like any aborted migration
    case 'stuck':
    case 'completion-timeout':
      handler(vmiRef, 'Migrated', `VirtualMachineInstance migration uid ${m.uid} failed. reason:${failureReason(rec, m, g)}`, 'Warning', m.ended - 2e3, m.sourceNode);
      controller(vmimRef, 'FailedMigration', 'source node reported migration failed', 'Warning', m.ended);
      return;
  }
}

/** A core/v1 event as most components write it (count, first/lastTimestamp; facts §3.2). */
function coreEvent(ref, reason, message, type, t, { component, host, count = 1, last = t }) {
  return {
    apiVersion: 'v1',
    count,
    eventTime: null,
    firstTimestamp: iso(t),
    involvedObject: ref,
    kind: 'Event',
    lastTimestamp: iso(last),
    message,
    metadata: { creationTimestamp: iso(t), name: `${ref.name}.${eventSuffix(`${ref.uid}/${reason}/${message}/${t}`)}`, namespace: ref.namespace, uid: uuid(`event/${ref.uid}/${reason}/${message}/${t}`) },
    reason,
    reportingComponent: component,
    reportingInstance: host ?? '',
    source: host ? { component, host } : { component },
    type,
  };
}

/** kube-scheduler writes through events.k8s.io: action, eventTime, series, no first/lastTimestamp (events-vmi-start-v1.6.3.yaml). */
function schedulerEvent(ref, reason, action, message, type, t, cpNode, series) {
  return {
    action,
    apiVersion: 'v1',
    eventTime: micro(t),
    firstTimestamp: null,
    involvedObject: ref,
    kind: 'Event',
    lastTimestamp: null,
    message,
    metadata: { creationTimestamp: iso(t), name: `${ref.name}.${eventSuffix(`${ref.uid}/${reason}/${t}`)}`, namespace: ref.namespace, uid: uuid(`event/${ref.uid}/${reason}/${t}`) },
    reason,
    reportingComponent: 'default-scheduler',
    reportingInstance: `default-scheduler-${cpNode}`,
    ...(series ? { series } : {}),
    source: {},
    type,
  };
}

/** Progress of a copying migration: its share copied so far, at a rate that takes ~10 minutes. */
function copied(rec, m, g) {
  const total = guestBytes(rec.vmi);
  const elapsed = (g.now - m.phases.find(([p]) => p === 'Running')[1]) / 1e3;
  const rate = total / 600;
  const processed = Math.min(total * 0.9, rate * elapsed);
  return { total, elapsed, rate, processed, remaining: total - processed };
}

/** The source launcher's compute log (facts §5.1 wording, v1.2–v1.8 progress line). */
function sourceLog(rec, m) {
  const line = (t, msg, pos) =>
    JSON.stringify({ component: 'virt-launcher', kind: '', level: 'info', msg, name: rec.name, namespace: rec.ns, pos, timestamp: new Date(t).toISOString().replace(/Z$/, '118Z'), uid: rec.vmi.metadata.uid });
  const lines = [line(m.created - 600e3, 'Synced vmi', 'server.go:208')];
  const running = m.phases.find(([p]) => p === 'Running')?.[1];
  if (running) {
    lines.push(line(running, 'Initiating live migration.', 'live-migration-source.go:983'));
    const g = { now: running };
    const MiB = 2 ** 20;
    for (let t = running + 4e3; t < m.created + 400e3 && lines.length < 60; t += 4e3) {
      g.now = t;
      const c = copied(rec, m, g);
      const mbps = Math.round((c.rate * 8) / 1e6);
      lines.push(
        line(
          t,
          `Migration info for ${m.uid}: TimeElapsed:${Math.round(c.elapsed * 1000)}ms DataProcessed:${Math.floor(c.processed / MiB)}MiB DataRemaining:${Math.floor(c.remaining / MiB)}MiB DataTotal:${Math.floor(c.total / MiB)}MiB MemoryProcessed:${Math.floor(c.processed / MiB)}MiB MemoryRemaining:${Math.floor(c.remaining / MiB)}MiB MemoryTotal:${Math.floor(c.total / MiB)}MiB MemoryBandwidth:${mbps}Mbps DirtyRate:${Math.round(mbps / 30)}Mbps Iteration:1 PostcopyRequests:0 ConstantPages:${Math.floor(c.total / 8192)} NormalPages:${Math.floor(c.processed / 4096)} NormalData:${Math.floor(c.processed / MiB)}MiB ExpectedDowntime:300ms DiskMbps:0`,
          'live-migration-source.go:612',
        ),
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** virt-handler's migration series for a copying VMI (v1.5–v1.6 names: the memory rate is published as disk_transfer_rate). */
function progressSeries(rec, m, g) {
  const c = copied(rec, m, g);
  const labels = `{name="${rec.name}",namespace="${rec.ns}",node="${m.sourceNode}"}`;
  return [
    `kubevirt_vmi_migration_data_processed_bytes${labels} ${Math.round(c.processed)}`,
    `kubevirt_vmi_migration_data_remaining_bytes${labels} ${Math.round(c.remaining)}`,
    `kubevirt_vmi_migration_data_total_bytes${labels} ${c.total}`,
    `kubevirt_vmi_migration_dirty_memory_rate_bytes${labels} ${Math.round(c.rate / 30)}`,
    `kubevirt_vmi_migration_disk_transfer_rate_bytes${labels} ${Math.round(c.rate)}`,
  ];
}
