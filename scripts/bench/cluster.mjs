// A synthetic KubeVirt cluster for `npm run bench`, built in memory from the objects of
// examples/cluster-snapshot (so every object has the shape of a real kubectl dump: node-labeller
// labels, VMI status with conditions, volumeStatus and interfaces, CDI DataVolumes, CSI PVs…).
//
// Each example VM is an archetype with a known verdict (examples/README.md); the bench clones them
// under new names into tenant namespaces, with the claims, DataVolumes and PVs they use, onto
// clones of the example nodes. Deterministic: the same sizes give the same cluster.
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
import { createHash } from 'node:crypto';
import { join } from 'node:path';

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

/** mulberry32: a small seeded PRNG, so the cluster is the same on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uuid(seed) {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const clone = (o) => structuredClone(o);

/** Drop what the server stamps itself. */
function serverless(o) {
  delete o.metadata.uid;
  delete o.metadata.resourceVersion;
  return o;
}

/**
 * @param {{ vms: number, nodes: number, examplesDir: string, readObjectFiles: (p: string) => any[] }} opts
 * @returns {{ objects: any[], counts: Record<string, number> }}
 */
export function syntheticCluster({ vms: vmCount, nodes: nodeCount, examplesDir, readObjectFiles }) {
  const ex = (file) => readObjectFiles(join(examplesDir, file));
  const exNodes = new Map(ex('nodes.yaml').map((n) => [n.metadata.name, n]));
  const exVms = new Map(ex('vms.yaml').map((o) => [o.metadata.name, o]));
  const exVmis = new Map(ex('vmis.yaml').map((o) => [o.metadata.name, o]));
  const exPvcs = ex('pvcs.yaml');
  const exPvs = ex('pvs.yaml');
  const exDvs = ex('datavolumes.yaml');
  const random = prng(20251120);
  const objects = [];

  // ---- cluster-wide objects, as in the example ----
  for (const file of ['storageclasses.yaml', 'storageprofiles.yaml', 'kubevirt.yaml']) {
    for (const o of ex(file)) objects.push(serverless(o));
  }
  for (let i = 0; i < NAMESPACES; i++) {
    objects.push({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: tenant(i), labels: { 'kubernetes.io/metadata.name': tenant(i), environment: 'production' } }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
  }

  // ---- nodes ----
  const nodes = [];
  const gpuNodes = [];
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
    }
    nodes.push(n);
    if (kind === 'gpu') gpuNodes.push(n);
    if (kind !== 'control-plane' && kind !== 'cordoned') vmNodes.push(n);
  }
  objects.push(...nodes);

  // ---- VMs, VMIs and their storage ----
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

  const counts = { vm: 0, vmi: 0, pvc: 0, pv: 0, datavolume: 0, node: nodes.length };
  let gpuNext = 0;
  for (let i = 0; i < vmCount; i++) {
    const arch = schedule[i];
    const ns = tenant(i % NAMESPACES);
    const name = `${arch}-${String(i).padStart(5, '0')}`;
    const exVmi = exVmis.get(arch);
    const tplNode = exVmi.status.nodeName;
    const node = arch === 'ml-gpu-trainer' ? gpuNodes[gpuNext++ % gpuNodes.length] : vmNodes[Math.floor(random() * vmNodes.length)];
    const nodeName = node.metadata.name;
    const elsewhere = vmNodes[(vmNodes.indexOf(node) + 1) % vmNodes.length].metadata.name;
    const rewrite = (o) =>
      JSON.parse(
        JSON.stringify(o)
          .replaceAll(arch, name)
          .replace(/"namespace":"(prod|dev|default)"/g, `"namespace":"${ns}"`)
          .replace(/\bnode-[1-4]\b/g, (m) => (m === tplNode ? nodeName : elsewhere)),
      );
    const vm = serverless(rewrite(exVms.get(arch)));
    const vmi = serverless(rewrite(exVmi));
    vm.metadata.labels = { ...vm.metadata.labels, tenant: ns };
    vmi.metadata.labels = { ...vmi.metadata.labels, tenant: ns };
    vmi.spec.domain.firmware = { serial: uuid(`serial/${ns}/${name}`), uuid: uuid(`fw/${ns}/${name}`) };
    if (arch === 'analytics-warehouse') {
      const r = random();
      const both = (f) => [vm.spec.template.spec, vmi.spec].forEach(f);
      if (r < 0.03) both((s) => (s.nodeSelector = { 'topology.kubernetes.io/zone': node.metadata.labels['topology.kubernetes.io/zone'] }));
      else if (r < 0.04) {
        both(
          (s) =>
            (s.affinity = {
              podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: vm.metadata.labels?.app ?? 'analytics' } }, topologyKey: 'kubernetes.io/hostname' }],
              },
            }),
        );
      } else if (r < 0.05) both((s) => (s.domain.cpu = { ...s.domain.cpu, model: 'host-passthrough' }));
    }
    objects.push(vm, vmi);
    counts.vm++;
    counts.vmi++;

    for (const v of exVmi.spec.volumes) {
      const claim = v.persistentVolumeClaim?.claimName ?? v.dataVolume?.name;
      if (!claim) continue;
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
  return { objects, counts };
}

function tenant(i) {
  return `tenant-${String(i).padStart(2, '0')}`;
}

function renameNode(n, from, to) {
  return JSON.parse(JSON.stringify(n).replace(new RegExp(`\\b${from}\\b`, 'g'), to));
}
