// A synthetic KubeVirt cluster for `npm run bench`, built in memory from the objects of
// examples/cluster-snapshot (so every object has the shape of a real kubectl dump: node-labeller
// labels, VMI status with conditions, volumeStatus and interfaces, CDI DataVolumes, CSI PVs,
// virt-launcher pods…).
//
// Each example VM is an archetype with a known verdict (examples/README.md); the bench clones them
// under new names into tenant namespaces, with the claims, DataVolumes and PVs they use and the
// virt-launcher pod they run in, onto clones of the example nodes. Deterministic: the same sizes
// (and the same start time, which dates the migrations) give the same cluster.
//
//   archetype            share   claims  what check-migratable says
//   analytics-warehouse   ~70 %   1 DV    migratable (host-model with peers) — the "good" VM
//     + nodeSelector zone  3 %           still migratable (the zone has ~100 nodes)
//     + podAntiAffinity    1 %           still migratable (hostname domains: every node)
//     + host-passthrough   1 %           risky (cpu-host-passthrough)
//   db-primary             5 %   2 DVs   migratable
//   ci-runner              5 %   0       risky: containerDisk + CD-ROM
//   erp-app               10 %   1 PVC   not migratable: ReadWriteOnce PVC (+ drain blocker)
//   scratch-builder        2 %   1 DV    not migratable: local-path (RWO, hostPath PV pinned to its node)
//   wiki                   5 %   1 DV    risky: longhorn-single (one replica)
//   ml-gpu-trainer         1 %   1 DV    not migratable: GPU passthrough (runs on the GPU nodes)
//   license-server         1 %   1 DV    not migratable: nodeSelector kubernetes.io/hostname
//   legacy-web             1 %   1 DV    not migratable: bridge on the pod network
// Claims come to one per VM on average (ci-runner's none balance db-primary's two), so 10,000
// VMs have ~10,000 PVCs and PVs. 10 % of the ceph PVs carry a zone node affinity (topology-aware
// provisioning), which check-migratable evaluates against every node.
//
// Nodes: 3 control-plane nodes (not KubeVirt-schedulable), 5 % GPU nodes (example node-1), 25 %
// Icelake nodes (node-4), 10 cordoned nodes (node-3), 3 nodes with a host model no other node
// offers (their VMIs are `cpu-host-model-unique`), the rest Cascadelake (node-2); 20 zones.
// Every node but the control plane runs a virt-handler pod (namespace kubevirt), whose /metrics
// page the bench serves through the pod proxy.
//
// Migrations (~7 % of the VMs, every VMIM phase): migrations.mjs.
//
// A drain (`drainVmis`, at 10k: 1,000): one Cascadelake node runs that many VMIs (every archetype
// but the GPU one) and is being drained as `kubectl drain` leaves it on KubeVirt v1.6: cordoned
// (spec.unschedulable, taint node.kubernetes.io/unschedulable:NoSchedule); each launcher pod's
// eviction went through KubeVirt's pod-eviction admitter (v1.6.0 pkg/virt-api/webhooks/
// validating-webhook/admitters/pod-eviction-admitter.go): LiveMigrate and migratable, or
// LiveMigrateIfPossible and migratable → the VMI is marked (status.evacuationNodeName), the eviction
// denied; LiveMigrate and not migratable → denied, not marked (the drain waits forever);
// LiveMigrateIfPossible not migratable, or None → the eviction is allowed and the pod terminates.
// The evacuation controller (≤ v1.6: a VMIM only for a free slot) runs parallelOutboundMigrationsPerNode
// evacuation migrations off the node (Running, with launcher progress lines); the other marked VMIs
// wait without one. Nothing else is placed on, or migrates to, that node.
import { join } from 'node:path';
import { prng, uuid, nameSuffix } from './ids.mjs';
import { addMigrations, handlerAddress, iso, planMigrations, WITH_TARGET_POD } from './migrations.mjs';

const ARCHETYPES = [
  // [example VM name, weight in ‰]
  ['analytics-warehouse', 690],
  ['db-primary', 50],
  ['ci-runner', 50],
  ['erp-app', 100],
  ['scratch-builder', 20],
  ['wiki', 50],
  ['ml-gpu-trainer', 10],
  ['license-server', 10],
  ['legacy-web', 10],
];
const NAMESPACES = 50;
const ZONES = 20;
const UNIQUE_MODELS = [
  ['SapphireRapids', 'amx-tile'],
  ['GraniteRapids', 'amx-fp16'],
  ['Cooperlake', 'avx512-bf16'],
];
const KUBEVIRT_VERSION = 'v1.6.3';
const DRAIN_TAINT_KEY = 'node.kubernetes.io/unschedulable';
/** How long ago the drain began (the cordon's taint, the evictions). */
const DRAIN_AGE_MS = 300e3;

const clone = (o) => structuredClone(o);

/** Drop what the server stamps itself. */
function serverless(o) {
  delete o.metadata.uid;
  delete o.metadata.resourceVersion;
  return o;
}

/**
 * @param {{ vms: number, nodes: number, now: number, examplesDir: string, readObjectFiles: (p: string) => any[], namespaces?: number, drainVmis?: number }} opts
 * @returns {{
 *   objects: any[], counts: Record<string, any>,
 *   why?: { namespace: string, name: string },
 *   whyTargets: Record<string, { namespace: string, name: string }>,
 *   logs: { namespace: string, pod: string, container: string, text: string }[],
 *   handlerMetrics: (pod: string) => string | undefined,
 *   drain?: { node: string, vmis: number, marked: number, evicted: number, refused: number, migrating: number },
 * }}
 */
export function syntheticCluster({ vms: vmCount, nodes: nodeCount, now, examplesDir, readObjectFiles, namespaces: namespaceCount = NAMESPACES, drainVmis = 0 }) {
  const ex = (file) => readObjectFiles(join(examplesDir, file));
  const exNodes = new Map(ex('nodes.yaml').map((n) => [n.metadata.name, n]));
  const exVms = new Map(ex('vms.yaml').map((o) => [o.metadata.name, o]));
  const exVmis = new Map(ex('vmis.yaml').map((o) => [o.metadata.name, o]));
  // The pod each example VMI runs in now.
  const exPods = new Map(ex('pods.yaml').filter((p) => p.status?.phase === 'Running').map((p) => [p.metadata.annotations['kubevirt.io/domain'], p]));
  const exPvcs = ex('pvcs.yaml');
  const exPvs = ex('pvs.yaml');
  const exDvs = ex('datavolumes.yaml');
  const random = prng(20251120);
  const objects = [];

  // ---- cluster-wide objects, as in the example ----
  const policies = ex('migrationpolicies.yaml').map(serverless);
  const [kubevirt] = ex('kubevirt.yaml').map(serverless);
  for (const file of ['storageclasses.yaml', 'storageprofiles.yaml']) {
    for (const o of ex(file)) objects.push(serverless(o));
  }
  objects.push(kubevirt, ...policies);
  const namespaces = new Map();
  for (let i = 0; i < namespaceCount; i++) {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: tenant(i), labels: { 'kubernetes.io/metadata.name': tenant(i), environment: 'production' } }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } };
    namespaces.set(tenant(i), ns);
    objects.push(ns);
  }

  // ---- nodes ----
  const nodes = [];
  const gpuNodes = [];
  const uniqueNodes = [];
  const cascadelake = [];
  const vmNodes = []; // where VMIs may run: KubeVirt-schedulable and not cordoned
  const controlPlane = Math.min(3, Math.max(0, nodeCount - 2));
  const cordoned = Math.min(10, Math.floor(nodeCount / 100));
  const unique = Math.min(UNIQUE_MODELS.length, Math.floor(nodeCount / 50));
  const gpus = Math.max(1, Math.round(nodeCount * 0.05));
  const icelake = Math.round(nodeCount * 0.25);
  for (let i = 0; i < nodeCount; i++) {
    const name = `worker-${String(i).padStart(4, '0')}`;
    let kind;
    if (i < controlPlane) kind = 'control-plane';
    else if (i < controlPlane + cordoned) kind = 'cordoned';
    else if (i < controlPlane + cordoned + unique) kind = 'unique';
    else if (i < controlPlane + cordoned + unique + gpus) kind = 'gpu';
    else if (i < controlPlane + cordoned + unique + gpus + icelake) kind = 'icelake';
    else kind = 'cascadelake';
    const template = { 'control-plane': 'node-2', cordoned: 'node-3', unique: 'node-4', gpu: 'node-1', icelake: 'node-4', cascadelake: 'node-2' }[kind];
    const n = serverless(renameNode(clone(exNodes.get(template)), template, name));
    const labels = n.metadata.labels;
    labels['topology.kubernetes.io/zone'] = `zone-${String(i % ZONES).padStart(2, '0')}`;
    n.status.addresses = [
      { address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, type: 'InternalIP' },
      { address: name, type: 'Hostname' },
    ];
    n.spec.podCIDR = `10.${128 + ((i >> 8) & 127)}.${i & 255}.0/24`;
    n.spec.podCIDRs = [n.spec.podCIDR];
    n.status.nodeInfo.systemUUID = uuid(`system/${name}`);
    n.status.nodeInfo.bootID = uuid(`boot/${name}`);
    n.status.nodeInfo.machineID = uuid(`machine/${name}`).replaceAll('-', '');
    if (kind === 'control-plane') {
      for (const k of Object.keys(labels)) if (k.includes('kubevirt.io')) delete labels[k];
      labels['node-role.kubernetes.io/control-plane'] = '';
      delete labels['node-role.kubernetes.io/worker'];
      n.spec.taints = [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }];
    }
    if (kind === 'unique') {
      const [model, feature] = UNIQUE_MODELS[i - controlPlane - cordoned];
      for (const k of Object.keys(labels)) {
        if (k.startsWith('host-model-cpu.node.kubevirt.io/')) delete labels[k];
      }
      labels[`host-model-cpu.node.kubevirt.io/${model}`] = 'true';
      labels[`cpu-model-migration.node.kubevirt.io/${model}`] = 'true';
      labels[`cpu-model.node.kubevirt.io/${model}`] = 'true';
      labels[`host-model-required-features.node.kubevirt.io/${feature}`] = 'true';
      labels[`cpu-feature.node.kubevirt.io/${feature}`] = 'true';
      uniqueNodes.push(n);
    }
    nodes.push(n);
    if (kind === 'gpu') gpuNodes.push(n);
    if (kind === 'cascadelake') cascadelake.push(n);
    if (kind !== 'control-plane' && kind !== 'cordoned') vmNodes.push(n);
  }
  objects.push(...nodes);
  const handlerPods = nodes.slice(controlPlane).map((n) => handlerPod(n, kubevirt));
  objects.push(...handlerPods);
  // Migrations run between Cascadelake nodes (the common host model), else between any VM nodes.
  let common = cascadelake.length >= 2 ? cascadelake : vmNodes;
  // The drained node: the last common one, taken out of every other placement and migration.
  const drainNode = drainVmis > 0 && common.length > 2 ? common.at(-1) : undefined;
  if (drainNode) {
    common = common.slice(0, -1);
    vmNodes.splice(vmNodes.indexOf(drainNode), 1);
  }

  // ---- VMs, VMIs, their storage and launcher pods ----
  // Archetypes in a shuffled but exact proportion.
  const schedule = [];
  for (const [name, weight] of ARCHETYPES) {
    for (let k = 0; k < Math.round((vmCount * weight) / 1000); k++) schedule.push(name);
  }
  while (schedule.length < vmCount) schedule.push('analytics-warehouse');
  schedule.length = vmCount;
  for (let i = schedule.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [schedule[i], schedule[j]] = [schedule[j], schedule[i]];
  }
  const plan = planMigrations(schedule);
  const drainIndices = drainNode ? planDrain(schedule, plan, drainVmis, kubevirt.spec.configuration.migrations.parallelOutboundMigrationsPerNode) : new Set();
  const drained = [];
  // Migrations waiting for a slot wait on parallelOutboundMigrationsPerNode (2): two of them per
  // source node, from which two migrations with a target pod already leave.
  const waiting = [...plan.values()].filter((p) => p.newest === 'pending-slot').length;
  const busyNodes = common.slice(0, Math.ceil(waiting / 2));
  let waitingNext = 0;
  let leavingNext = 0;

  const counts = { vm: 0, vmi: 0, pvc: 0, pv: 0, datavolume: 0, node: nodes.length, pod: handlerPods.length, handlerPod: handlerPods.length, vmim: 0, event: 0 };
  const records = [];
  const vmisByNode = new Map();
  let gpuNext = 0;
  let uniqueNext = 0;
  for (let i = 0; i < vmCount; i++) {
    const arch = schedule[i];
    const migrations = plan.get(i);
    const ns = tenant(i % namespaceCount);
    const name = `${arch}-${String(i).padStart(5, '0')}`;
    const exVm = exVms.get(arch);
    const exVmi = exVmis.get(arch);
    const exPod = exPods.get(arch);
    const tplNode = exVmi.status.nodeName;
    const pick = random();
    let node;
    if (drainIndices.has(i)) node = drainNode;
    else if (arch === 'ml-gpu-trainer') node = gpuNodes[gpuNext++ % gpuNodes.length];
    // An unschedulable target: a host-model VMI on a node whose host model no other node offers.
    else if (migrations?.newest === 'scheduling-unschedulable' && uniqueNodes.length > 0) node = uniqueNodes[uniqueNext++ % uniqueNodes.length];
    else if (migrations?.newest === 'pending-slot') node = busyNodes[Math.floor(waitingNext++ / 2)];
    else if (WITH_TARGET_POD.has(migrations?.newest) && leavingNext < 2 * busyNodes.length) node = busyNodes[Math.floor(leavingNext++ / 2)];
    else if (migrations) node = common[Math.floor(pick * common.length)];
    else node = vmNodes[Math.floor(pick * vmNodes.length)];
    const nodeName = node.metadata.name;
    const elsewhere = vmNodes[(vmNodes.indexOf(node) + 1) % vmNodes.length].metadata.name;
    const vmUid = uuid(`vm/${ns}/${name}`);
    const vmiUid = uuid(`vmi/${ns}/${name}`);
    const podName = `virt-launcher-${name}-${nameSuffix(`pod/${ns}/${name}`)}`;
    const podUid = uuid(`pod/${ns}/${podName}`);
    const uids = [
      [exVm.metadata.uid, vmUid],
      [exVmi.metadata.uid, vmiUid],
      [exPod.metadata.uid, podUid],
    ];
    const rewrite = (o) => {
      let s = JSON.stringify(o)
        .replaceAll(arch, name)
        .replace(/"namespace":"(prod|dev|default)"/g, `"namespace":"${ns}"`)
        // The launcher's command line, also inside the velero hook annotations (JSON in JSON).
        .replace(/("--namespace",\s*"|\\"--namespace\\",\s*\\")(prod|dev|default)\b/g, `$1${ns}`)
        .replace(/\bnode-[1-4]\b/g, (m) => (m === tplNode ? nodeName : elsewhere));
      for (const [from, to] of uids) s = s.replaceAll(from, to);
      return JSON.parse(s);
    };
    const vm = serverless(rewrite(exVm));
    const vmi = serverless(rewrite(exVmi));
    vm.metadata.uid = vmUid;
    vmi.metadata.uid = vmiUid;
    vm.metadata.labels = { ...vm.metadata.labels, tenant: ns };
    vmi.metadata.labels = { ...vmi.metadata.labels, tenant: ns };
    vmi.spec.domain.firmware = { serial: uuid(`serial/${ns}/${name}`), uuid: uuid(`fw/${ns}/${name}`) };
    // The example's db-primary has migrated once; a clone starts with no migration history.
    delete vmi.status.migrationState;
    delete vmi.metadata.labels['kubevirt.io/migrationTargetNodeName'];
    vmi.status.activePods = { [podUid]: nodeName };
    // A migrating VM keeps the plain archetype (its target must fit on any common node).
    const variant = arch === 'analytics-warehouse' && !migrations ? random() : 1;
    const both = (f) => [vm.spec.template.spec, vmi.spec].forEach(f);
    if (variant < 0.03) both((s) => (s.nodeSelector = { 'topology.kubernetes.io/zone': node.metadata.labels['topology.kubernetes.io/zone'] }));
    else if (variant < 0.04) {
      both(
        (s) =>
          (s.affinity = {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: vm.metadata.labels?.app ?? 'analytics' } }, topologyKey: 'kubernetes.io/hostname' }],
            },
          }),
      );
    } else if (variant < 0.05) both((s) => (s.domain.cpu = { ...s.domain.cpu, model: 'host-passthrough' }));
    const pod = serverless(rewrite(exPod));
    pod.metadata.name = podName;
    pod.metadata.uid = podUid;
    pod.metadata.labels = { ...pod.metadata.labels, tenant: ns };
    delete pod.metadata.labels['kubevirt.io/migrationJobUID'];
    delete pod.metadata.annotations['kubevirt.io/migrationJobName'];
    pod.spec.nodeSelector = { ...pod.spec.nodeSelector, ...vmi.spec.nodeSelector };
    if (vmi.spec.affinity) pod.spec.affinity = { ...pod.spec.affinity, ...vmi.spec.affinity };
    objects.push(vm, vmi, pod);
    counts.vm++;
    counts.vmi++;
    counts.pod++;
    const rec = { ns, name, vmi, pod, node, plan: migrations, claims: 0, affine: false };
    if (migrations) records.push(rec);
    if (drainIndices.has(i)) drained.push(rec);
    const onNode = vmisByNode.get(nodeName) ?? [];
    onNode.push({ ns, name, app: vmi.metadata.labels.app ?? '' });
    vmisByNode.set(nodeName, onNode);

    for (const v of exVmi.spec.volumes) {
      const claim = v.persistentVolumeClaim?.claimName ?? v.dataVolume?.name;
      if (!claim) continue;
      rec.claims++;
      const exPvc = exPvcs.find((p) => p.metadata.name === claim);
      const exPv = exPvs.find((p) => p.metadata.name === exPvc.spec.volumeName);
      const exDv = exDvs.find((d) => d.metadata.name === claim);
      const pvc = serverless(rewrite(exPvc));
      const pv = serverless(rewrite(exPv));
      const pvName = `pvc-${uuid(`pvc/${ns}/${pvc.metadata.name}`)}`;
      pvc.spec.volumeName = pvName;
      pv.metadata.name = pvName;
      if (pv.spec.claimRef) pv.spec.claimRef.uid = uuid(`pvc/${ns}/${pvc.metadata.name}`);
      if (pv.spec.csi?.volumeHandle) pv.spec.csi.volumeHandle = `0001-0009-rook-ceph-0000000000000002-${uuid(`handle/${pvName}`)}`;
      if (pv.spec.storageClassName === 'ceph-rbd' && random() < 0.1) {
        rec.affine = true;
        pv.spec.nodeAffinity = {
          required: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: [node.metadata.labels['topology.kubernetes.io/zone']] }] },
            ],
          },
        };
      }
      objects.push(pvc, pv);
      counts.pvc++;
      counts.pv++;
      if (exDv) {
        objects.push(serverless(rewrite(exDv)));
        counts.datavolume++;
      }
    }
  }

  // ---- migrations ----
  // Cluster-wide there is room for one more than run now (so a quota refusal or a backoff, not
  // the cluster limit, is what holds those back), however many run at this size.
  const running = records.filter((r) => WITH_TARGET_POD.has(r.plan.newest)).length;
  const migrationsConfig = kubevirt.spec.configuration.migrations;
  migrationsConfig.parallelMigrationsPerCluster = Math.max(migrationsConfig.parallelMigrationsPerCluster, running + 1);
  const { logs, series, why } = addMigrations({
    records,
    now,
    objects,
    counts,
    nodes: { all: nodes, common, controlPlane, cordoned, byName: new Map(nodes.map((n) => [n.metadata.name, n])) },
    config: {
      allowAutoConverge: migrationsConfig.allowAutoConverge,
      allowPostCopy: migrationsConfig.allowPostCopy,
      bandwidthPerMigration: '0',
      completionTimeoutPerGiB: migrationsConfig.completionTimeoutPerGiB,
      parallelMigrationsPerCluster: migrationsConfig.parallelMigrationsPerCluster,
      parallelOutboundMigrationsPerNode: migrationsConfig.parallelOutboundMigrationsPerNode,
      progressTimeout: migrationsConfig.progressTimeout,
    },
    policies,
    namespaces,
  });
  counts.migratingVms = records.length;
  const drain = drainNode ? drainTheNode(drainNode, drained, kubevirt, now) : undefined;
  if (drain) counts.drain = drain;
  // Per kind of newest migration, a VM of the same shape at every size (one claim, no PV node
  // affinity): what `why` reads for it must not grow with the cluster.
  const whyTargets = {};
  for (const r of records) {
    if (r.claims === 1 && !r.affine && !r.plan.origin && !whyTargets[r.plan.newest]) whyTargets[r.plan.newest] = { namespace: r.ns, name: r.name };
  }

  const nodeOfHandler = new Map(handlerPods.map((p) => [p.metadata.name, p.spec.nodeName]));
  const handlerMetrics = (pod) => {
    const node = nodeOfHandler.get(pod);
    return node === undefined ? undefined : metricsPage(node, vmisByNode.get(node) ?? [], series.get(node) ?? []);
  };
  return { objects, counts, why, whyTargets, logs, handlerMetrics, drain };
}

/**
 * The VMs that run on the drained node: the first `count` without a planned migration (not the
 * GPU archetype, which runs on GPU nodes); the first `outbound` plain ones of them get a Running
 * evacuation migration. Returns their indices in `schedule`.
 */
function planDrain(schedule, plan, count, outbound) {
  const indices = new Set();
  let evacuating = 0;
  for (let i = 0; i < schedule.length && indices.size < count; i++) {
    if (plan.has(i) || schedule[i] === 'ml-gpu-trainer') continue;
    indices.add(i);
    if (schedule[i] === 'analytics-warehouse' && evacuating < outbound) {
      plan.set(i, { newest: 'running', history: [], origin: 'evacuation' });
      evacuating++;
    }
  }
  return indices;
}

/** Cordons the node and applies each launcher pod's eviction as KubeVirt v1.6 answers it (see the header). */
function drainTheNode(node, drained, kubevirt, now) {
  const began = now - DRAIN_AGE_MS;
  node.spec.unschedulable = true;
  node.spec.taints = [...(node.spec.taints ?? []), { effect: 'NoSchedule', key: DRAIN_TAINT_KEY, timeAdded: iso(began) }];
  const clusterStrategy = kubevirt.spec.configuration.evictionStrategy;
  const out = { node: node.metadata.name, vmis: drained.length, marked: 0, evicted: 0, refused: 0, migrating: 0 };
  for (const rec of drained) {
    const strategy = rec.vmi.spec.evictionStrategy ?? clusterStrategy;
    const migratable = rec.vmi.status.conditions?.some((c) => c.type === 'LiveMigratable' && c.status === 'True') ?? false;
    const mark = strategy === 'External' || (migratable && (strategy === 'LiveMigrate' || strategy === 'LiveMigrateIfPossible'));
    if (mark) {
      rec.vmi.status.evacuationNodeName = node.metadata.name;
      out.marked++;
      if (rec.plan?.origin === 'evacuation') out.migrating++;
    } else if (strategy === 'LiveMigrate') out.refused++;
    else {
      // None, LiveMigrateIfPossible and not migratable, or no strategy: the eviction was allowed,
      // the launcher pod terminates with its grace period.
      const grace = rec.pod.spec.terminationGracePeriodSeconds ?? 30;
      rec.pod.metadata.deletionGracePeriodSeconds = grace;
      rec.pod.metadata.deletionTimestamp = iso(began + grace * 1e3);
      out.evicted++;
    }
  }
  return out;
}

function tenant(i) {
  return `tenant-${String(i).padStart(2, '0')}`;
}

function renameNode(n, from, to) {
  return JSON.parse(JSON.stringify(n).replace(new RegExp(`\\b${from}\\b`, 'g'), to));
}

/** A virt-handler DaemonSet pod (KubeVirt v1.6 layout: metrics port 8443 named `metrics`). */
function handlerPod(node, kubevirt) {
  const nodeName = node.metadata.name;
  const name = `virt-handler-${nameSuffix(`handler/${nodeName}`)}`;
  const started = kubevirt.status.conditions[0].lastTransitionTime;
  const image = `quay.io/kubevirt/virt-handler:${KUBEVIRT_VERSION}`;
  const hostPath = (n, path, type) => ({ hostPath: { path, ...(type ? { type } : {}) }, name: n });
  const ip = handlerAddress(node);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      annotations: { 'kubevirt.io/install-strategy-identifier': 'b0d51b9ff91b623cc42b17c529b7c21c2ab57fb4', 'kubevirt.io/install-strategy-registry': 'quay.io/kubevirt', 'kubevirt.io/install-strategy-version': KUBEVIRT_VERSION, 'openshift.io/required-scc': 'kubevirt-handler' },
      creationTimestamp: started,
      generateName: 'virt-handler-',
      labels: {
        'app.kubernetes.io/component': 'kubevirt',
        'app.kubernetes.io/managed-by': 'virt-operator',
        'app.kubernetes.io/version': KUBEVIRT_VERSION,
        'controller-revision-hash': '6b8f4d7c9f',
        'kubevirt.io': 'virt-handler',
        'pod-template-generation': '1',
        'prometheus.kubevirt.io': 'true',
      },
      name,
      namespace: 'kubevirt',
      ownerReferences: [{ apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: 'DaemonSet', name: 'virt-handler', uid: uuid('daemonset/virt-handler') }],
      uid: uuid(`pod/kubevirt/${name}`),
    },
    spec: {
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] } } },
      containers: [
        {
          args: ['--port', '8443', '--hostname-override', '$(NODE_NAME)', '--pod-ip-address', '$(MY_POD_IP)', '--max-metric-requests', '3', '--console-server-port', '8186', '--graceful-shutdown-seconds', '315', '-v', '2'],
          command: ['virt-handler'],
          env: [
            { name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } },
            { name: 'MY_POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
          ],
          image,
          imagePullPolicy: 'IfNotPresent',
          livenessProbe: { failureThreshold: 3, httpGet: { path: '/healthz', port: 8443, scheme: 'HTTPS' }, initialDelaySeconds: 15, periodSeconds: 45, successThreshold: 1, timeoutSeconds: 10 },
          name: 'virt-handler',
          ports: [{ containerPort: 8443, name: 'metrics', protocol: 'TCP' }],
          readinessProbe: { failureThreshold: 3, httpGet: { path: '/healthz', port: 8443, scheme: 'HTTPS' }, initialDelaySeconds: 15, periodSeconds: 20, successThreshold: 1, timeoutSeconds: 10 },
          resources: { requests: { cpu: '10m', memory: '325Mi' } },
          securityContext: { privileged: true, seLinuxOptions: { level: 's0' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [
            { mountPath: '/etc/virt-handler/clientcertificates', name: 'kubevirt-virt-handler-certs', readOnly: true },
            { mountPath: '/etc/virt-handler/servercertificates', name: 'kubevirt-virt-handler-server-certs', readOnly: true },
            { mountPath: '/profile-data', name: 'profile-data' },
            { mountPath: '/var/run/kubevirt-libvirt-runtimes', name: 'libvirt-runtimes' },
            { mountPath: '/var/run/kubevirt', mountPropagation: 'Bidirectional', name: 'virt-share-dir' },
            { mountPath: '/var/run/kubevirt-private', name: 'virt-private-dir' },
            { mountPath: '/var/lib/kubelet/device-plugins', name: 'device-plugin' },
            { mountPath: '/pods', name: 'kubelet-pods-shortened' },
            { mountPath: '/var/lib/kubelet/pods', mountPropagation: 'Bidirectional', name: 'kubelet-pods' },
            { mountPath: '/var/lib/kubevirt-node-labeller', name: 'node-labeller' },
          ],
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      hostPID: true,
      initContainers: [
        {
          args: ['node-labeller.sh'],
          command: ['/bin/sh', '-c'],
          image: `quay.io/kubevirt/virt-launcher:${KUBEVIRT_VERSION}`,
          imagePullPolicy: 'IfNotPresent',
          name: 'virt-launcher',
          resources: {},
          securityContext: { privileged: true },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [{ mountPath: '/var/lib/kubevirt-node-labeller', name: 'node-labeller' }],
        },
      ],
      nodeName,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 1000000000,
      priorityClassName: 'kubevirt-cluster-critical',
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'kubevirt-handler',
      serviceAccountName: 'kubevirt-handler',
      terminationGracePeriodSeconds: 315,
      tolerations: [
        { key: 'CriticalAddonsOnly', operator: 'Exists' },
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists' },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node.kubernetes.io/disk-pressure', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node.kubernetes.io/memory-pressure', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node.kubernetes.io/pid-pressure', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', operator: 'Exists' },
      ],
      volumes: [
        { name: 'kubevirt-virt-handler-certs', secret: { defaultMode: 420, optional: true, secretName: 'kubevirt-virt-handler-certs' } },
        { name: 'kubevirt-virt-handler-server-certs', secret: { defaultMode: 420, optional: true, secretName: 'kubevirt-virt-handler-server-certs' } },
        { emptyDir: {}, name: 'profile-data' },
        hostPath('libvirt-runtimes', '/var/run/kubevirt-libvirt-runtimes'),
        hostPath('virt-share-dir', '/var/run/kubevirt'),
        hostPath('virt-private-dir', '/var/run/kubevirt-private'),
        hostPath('device-plugin', '/var/lib/kubelet/device-plugins'),
        hostPath('kubelet-pods-shortened', '/var/lib/kubelet/pods'),
        hostPath('kubelet-pods', '/var/lib/kubelet/pods'),
        hostPath('node-labeller', '/var/lib/kubevirt-node-labeller'),
      ],
    },
    status: {
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ lastProbeTime: null, lastTransitionTime: started, status: 'True', type })),
      containerStatuses: [{ containerID: `containerd://${uuid(`c/${name}`).replaceAll('-', '')}`, image, imageID: `quay.io/kubevirt/virt-handler@sha256:${uuid(`img/${KUBEVIRT_VERSION}`).replaceAll('-', '')}`, lastState: {}, name: 'virt-handler', ready: true, restartCount: 0, started: true, state: { running: { startedAt: started } } }],
      hostIP: node.status.addresses[0].address,
      hostIPs: [{ ip: node.status.addresses[0].address }],
      phase: 'Running',
      podIP: ip,
      podIPs: [{ ip }],
      qosClass: 'Burstable',
      startTime: started,
    },
  };
}

/** virt-handler's /metrics: process metrics, a few domain stats per VMI on the node, the migration series. */
function metricsPage(node, vmis, migrationSeries) {
  const lines = [
    '# HELP go_goroutines Number of goroutines that currently exist.',
    '# TYPE go_goroutines gauge',
    'go_goroutines 412',
    '# HELP process_resident_memory_bytes Resident memory size in bytes.',
    '# TYPE process_resident_memory_bytes gauge',
    'process_resident_memory_bytes 2.01629696e+08',
    '# HELP kubevirt_info Version information.',
    '# TYPE kubevirt_info gauge',
    `kubevirt_info{goversion="go1.23.9",kubeversion="${KUBEVIRT_VERSION}"} 1`,
  ];
  const stats = [
    ['kubevirt_vmi_memory_available_bytes', 'gauge', '', 5.1539607552e10],
    ['kubevirt_vmi_memory_resident_bytes', 'gauge', '', 4.2949672960e10],
    ['kubevirt_vmi_vcpu_seconds_total', 'counter', ',id="0",state="running"', 1.8272e6],
    ['kubevirt_vmi_network_receive_bytes_total', 'counter', ',interface="default"', 9.87654321e9],
    ['kubevirt_vmi_network_transmit_bytes_total', 'counter', ',interface="default"', 1.23456789e10],
    ['kubevirt_vmi_storage_read_traffic_bytes_total', 'counter', ',drive="rootdisk"', 3.21e11],
    ['kubevirt_vmi_storage_write_traffic_bytes_total', 'counter', ',drive="rootdisk"', 1.12e11],
  ];
  for (const [metric, type, extra, value] of stats) {
    lines.push(`# HELP ${metric} ${metric.replaceAll('_', ' ')}.`, `# TYPE ${metric} ${type}`);
    for (const v of vmis) lines.push(`${metric}{kubernetes_vmi_label_app="${v.app}",name="${v.name}",namespace="${v.ns}",node="${node}"${extra}} ${value}`);
  }
  if (migrationSeries.length > 0) lines.push(...migrationSeries);
  return lines.join('\n') + '\n';
}
