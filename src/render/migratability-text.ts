// The prose of every migratability rule: one message (what is wrong, naming the object) and one
// hint (a concrete fix) per rule id, built from the finding's typed args. The only place that
// turns migratability findings into words; `Record<RuleId, …>` makes a missing rule a type error.
import type { RuleFinding, RuleId } from '../analyze/migratability/rule.js';

interface RuleText {
  message(f: RuleFinding): string;
  hint(f: RuleFinding): string;
}

type Arg = RuleFinding['args'][string] | undefined;

function str(v: Arg): string {
  if (v === undefined) return '';
  return Array.isArray(v) ? v.join(', ') : String(v);
}
const a = (f: RuleFinding, key: string): string => str(f.args[key]);
const list = (f: RuleFinding, key: string): string[] => {
  const v = f.args[key];
  return Array.isArray(v) ? v : v === undefined || v === '' ? [] : [String(v)];
};
/** `[ReadWriteOnce]`, as kubectl prints access modes. */
const bracket = (items: string[]) => `[${items.join(', ')}]`;
const nodesText = (nodes: string[]) => (nodes.length === 0 ? 'no node' : nodes.length === 1 ? `node ${nodes[0]}` : `nodes ${nodes.join(', ')}`);
/**
 * Where to make a fix last: the VM template. A VMI path (`spec.x`) is shown as the VM's
 * `spec.template.spec.x`, since VMIs are (re)created from their VM.
 */
const VM_SPEC = 'spec.template.spec';
const vmPath = (f: RuleFinding, fallback: string): string => {
  const p = f.path ?? fallback;
  return p.startsWith(`${VM_SPEC}.`) || !p.startsWith('spec.') ? p : `${VM_SPEC}.${p.slice('spec.'.length)}`;
};
const storageClassText = (f: RuleFinding) => (a(f, 'storageClass') ? ` on StorageClass ${a(f, 'storageClass')}` : '');

const TEXT: Record<RuleId, RuleText> = {
  'volume-not-shared': {
    message: (f) => {
      const kind = a(f, 'source') === 'dataVolume' ? 'DataVolume' : 'PVC';
      const hot = f.args.hotpluggable === true ? 'hotplugged ' : '';
      const from = a(f, 'accessModesFrom') === 'storage-profile' ? ' (from its StorageProfile)' : '';
      return `${hot}volume ${a(f, 'volume')}: ${kind} ${a(f, 'claim')} is ${bracket(list(f, 'accessModes'))}${from}${storageClassText(f)}; live migration needs ReadWriteMany`;
    },
    hint: (f) =>
      a(f, 'accessModesFrom') === 'datavolume-template' || a(f, 'accessModesFrom') === 'storage-profile'
        ? `set spec.dataVolumeTemplates[].spec.storage.accessModes: [ReadWriteMany] for ${a(f, 'claim')} on a StorageClass that supports it (e.g. Ceph RBD, Longhorn with volumeMode: Block) before the VM first starts`
        : `recreate ${a(f, 'claim')} with accessModes [ReadWriteMany] on a StorageClass that supports it (e.g. Ceph RBD or Longhorn, volumeMode: Block): clone it with a DataVolume (spec.source.pvc) and point the volume at the clone`,
  },
  'volume-node-local': {
    message: (f) => {
      const nodes = list(f, 'nodes');
      switch (a(f, 'kind')) {
        case 'local':
          return `volume ${a(f, 'volume')}: PV ${a(f, 'pv')} is a local volume on ${nodesText(nodes)}; no other node can attach it`;
        case 'hostPath':
          return `volume ${a(f, 'volume')}: PV ${a(f, 'pv')} is a hostPath directory${nodes.length ? ` on ${nodesText(nodes)}` : ''}; no other node has the data`;
        case 'node-affinity':
          return `volume ${a(f, 'volume')}: PV ${a(f, 'pv')} node affinity only matches ${nodesText(nodes)}`;
        default:
          return `volume ${a(f, 'volume')}: PVC ${a(f, 'claim')} uses StorageClass ${a(f, 'storageClass')} with the node-local provisioner ${a(f, 'provisioner')}`;
      }
    },
    hint: (f) =>
      `move ${a(f, 'claim')} to shared storage: clone it into a ReadWriteMany PVC (a DataVolume with spec.source.pvc {namespace, name: ${a(f, 'claim')}} on e.g. Ceph RBD) and point the VM volume at it`,
  },
  'volume-hostdisk': {
    message: (f) => `volume ${a(f, 'volume')} is a hostDisk${a(f, 'hostPath') ? ` at ${a(f, 'hostPath')}` : ''} on the node, not marked shared`,
    hint: (f) =>
      `import the disk into a ReadWriteMany PVC (DataVolume) and replace the hostDisk volume; set ${vmPath(f, 'hostDisk')}.shared: true only if that path is on storage every node mounts`,
  },
  'volume-containerdisk': {
    message: (f) => `volume ${a(f, 'volume')} is a containerDisk${a(f, 'image') ? ` (${a(f, 'image')})` : ''}; its writes live on the node and are copied by block migration`,
    hint: (f) =>
      `if your distribution refuses containerDisk migration, import the image into a ReadWriteMany DataVolume (spec.source.registry.url: docker://${a(f, 'image') || '<image>'}) and use it instead`,
  },
  'volume-cdrom': {
    message: (f) =>
      `disk ${a(f, 'disk')} is a ${f.args.readonly === false ? 'writable' : 'read-only'} CD-ROM${a(f, 'claim') ? ` backed by ${a(f, 'claim')}` : a(f, 'volumeSource') ? ` (${a(f, 'volumeSource')})` : ''}`,
    hint: (f) =>
      `remove the CD-ROM from ${VM_SPEC}.domain.devices.disks and its volume once the guest no longer needs it (some distributions refuse to migrate CD-ROMs)`,
  },
  'volume-block-migration': {
    message: (f) => `volume ${a(f, 'volume')} (${a(f, 'source')}) is copied to the target by block migration`,
    hint: () => 'nothing to fix; expect a longer migration. If it times out, keep the data on a ReadWriteMany PVC instead',
  },
  'volume-single-replica': {
    message: (f) => `volume ${a(f, 'volume')}: StorageClass ${a(f, 'storageClass')} keeps one replica (${a(f, 'parameter')}: "1")`,
    hint: (f) =>
      a(f, 'provisioner') === 'driver.longhorn.io'
        ? `raise the replica count of the Longhorn volume behind ${a(f, 'claim')} (Longhorn UI or kubectl -n longhorn-system edit volumes.longhorn.io <pv-name>: spec.numberOfReplicas), and use a StorageClass with numberOfReplicas: "3" for new disks`
        : `use a StorageClass with ${a(f, 'parameter')}: "2" or more for ${a(f, 'claim')} and move the data to it`,
  },
  'volume-rwx-filesystem-share': {
    message: (f) =>
      a(f, 'via') === 'longhorn-share-manager'
        ? `volume ${a(f, 'volume')}: ReadWriteMany PVC ${a(f, 'claim')}${storageClassText(f)} is served by a Longhorn share-manager (NFS), not attached on both nodes`
        : `volume ${a(f, 'volume')}: ReadWriteMany PVC ${a(f, 'claim')}${storageClassText(f)} is an NFS share`,
    hint: (f) =>
      a(f, 'via') === 'longhorn-share-manager'
        ? `for VM disks use a Longhorn StorageClass with parameters migratable: "true" and PVCs with volumeMode: Block, accessModes [ReadWriteMany]`
        : `check that every node mounts the export and that the NFS server is not on a node you drain; prefer block ReadWriteMany storage for VM disks`,
  },
  'host-device': {
    message: (f) =>
      `${a(f, 'kind') === 'gpu' ? 'GPU' : 'host device'} ${a(f, 'device')}${a(f, 'deviceName') ? ` (${a(f, 'deviceName')})` : ''} is passed through from the host`,
    hint: (f) =>
      `stop the VM to move it, or remove ${vmPath(f, 'the device')}; mediated vGPUs can migrate only on KubeVirt ≥ 1.9 with the VGPULiveMigration feature gate`,
  },
  'interface-not-migratable': {
    message: (f) => {
      const iface = a(f, 'interface');
      switch (a(f, 'binding')) {
        case 'missing':
          return `pod network ${a(f, 'network')} has no interface`;
        case 'bridge':
          return `interface ${iface} binds the pod network with bridge, without annotation kubevirt.io/allow-pod-bridge-network-live-migration`;
        case 'plugin':
          return `interface ${iface} uses binding plugin ${a(f, 'plugin')}, which has no migration setting in the KubeVirt CR`;
        default:
          return `interface ${iface} binds the pod network with ${a(f, 'binding')}`;
      }
    },
    hint: (f) => {
      switch (a(f, 'binding')) {
        case 'bridge':
          return `bind the pod network with masquerade: {}, or add the annotation kubevirt.io/allow-pod-bridge-network-live-migration: "true" to the VM's spec.template.metadata.annotations (the guest must then renew its IP after migration)`;
        case 'plugin':
          return `set spec.configuration.network.binding.${a(f, 'plugin')}.migration: {} in the KubeVirt CR if the plugin supports migration, or bind the pod network with masquerade: {}`;
        default:
          return 'bind the pod network with masquerade: {} (or passt on KubeVirt ≥ 1.8); put SR-IOV and other bindings on secondary Multus networks';
      }
    },
  },
  'interface-sriov': {
    message: (f) => `SR-IOV interface ${a(f, 'interface')} (network ${a(f, 'networkName') || a(f, 'network')}) is unplugged during migration and re-plugged on the target`,
    hint: (f) => `make sure the target nodes have a free VF for ${a(f, 'networkName') || a(f, 'network')}; the guest loses this link for a moment`,
  },
  'node-pinned': {
    message: (f) => {
      if (a(f, 'kind') === 'hostname') return `nodeSelector ${a(f, 'label')}=${list(f, 'nodes')[0] ?? ''} pins the VM to one node`;
      const what = a(f, 'kind') === 'node-affinity' ? 'required node affinity' : a(f, 'kind') === 'node-selector' ? `nodeSelector ${a(f, 'selector')}` : `nodeSelector ${a(f, 'selector')} and node affinity`;
      return `${what} only matches ${nodesText(list(f, 'nodes'))} of ${a(f, 'candidates')} KubeVirt nodes`;
    },
    hint: (f) =>
      a(f, 'kind') === 'hostname'
        ? `remove kubernetes.io/hostname from ${vmPath(f, 'the nodeSelector')} (it is copied to the migration target), then restart the VM`
        : `relax ${vmPath(f, 'the placement')}, or label another node to match (kubectl label node <node> <key>=<value>)`,
  },
  'affinity-restrictive': {
    message: (f) =>
      a(f, 'kind') === 'podAffinity'
        ? `required podAffinity (topologyKey ${a(f, 'topologyKey')}) only allows nodes already running pods with ${a(f, 'selector') || 'the selected labels'}`
        : `required podAntiAffinity (topologyKey ${a(f, 'topologyKey')}, ${a(f, 'selector') || 'all pods'}) spreads over only ${a(f, 'domains')} domain(s) of ${a(f, 'nodes')} nodes`,
    hint: (f) => `make ${vmPath(f, 'the term')} preferredDuringSchedulingIgnoredDuringExecution, or add nodes in more ${a(f, 'topologyKey')} domains`,
  },
  'cpu-host-passthrough': {
    message: (f) => `cpu.model is host-passthrough${a(f, 'node') ? ` (running on ${a(f, 'node')})` : ''}: only a host with an identical CPU can receive it`,
    hint: (f) => `set ${vmPath(f, `${VM_SPEC}.domain.cpu.model`)} to a named model every node offers (a cpu-model.node.kubevirt.io/<Model> label they all carry), then restart the VM`,
  },
  'cpu-host-model-unique': {
    message: (f) => {
      if (!a(f, 'node')) return `no two KubeVirt nodes share a host-model CPU (${a(f, 'model')}): wherever the VM starts, it cannot move`;
      if (!a(f, 'model')) return `node ${a(f, 'node')} publishes no host-model CPU label (host-model-cpu.node.kubevirt.io/*)`;
      const missing = list(f, 'missing').map(shortenMissing);
      const shown = missing.slice(0, 3).join('; ') + (missing.length > 3 ? `; and ${missing.length - 3} more nodes` : '');
      return `no other node offers host model ${a(f, 'model')} of node ${a(f, 'node')} with its ${list(f, 'features').length} required features${a(f, 'vendor') ? ` (${a(f, 'vendor')})` : ''}: ${shown}`;
    },
    hint: (f) =>
      `set ${vmPath(f, `${VM_SPEC}.domain.cpu.model`)} to a named model that all nodes carry as cpu-model.node.kubevirt.io/<Model> (compare kubectl describe node), or add a node with the same CPU`,
  },
  'cpu-dedicated-single-node': {
    message: (f) => `dedicatedCpuPlacement needs ${a(f, 'label')}; ${list(f, 'nodes').length === 0 ? 'no node has it' : `only ${nodesText(list(f, 'nodes'))} has it`}`,
    hint: () => 'enable the kubelet CPU manager (static policy) on another node; virt-handler then labels it kubevirt.io/cpumanager=true',
  },
  'confidential-computing': {
    message: (f) => `the VM uses ${a(f, 'technology')}: the host cannot read its memory to copy it`,
    hint: () => 'not live-migratable by design: plan a restart on another node (virtctl stop, then start) instead',
  },
  'hyperv-passthrough': {
    message: () => 'features.hypervPassthrough is enabled: the host Hyper-V enlightenments are passed to the guest',
    hint: (f) => `replace ${vmPath(f, 'hypervPassthrough')} by the individual enlightenments the guest needs under ${VM_SPEC}.domain.features.hyperv`,
  },
  'tsc-frequency': {
    message: (f) => {
      if (a(f, 'reason') === 'no-node-with-frequency') return `no other node offers the VMI's TSC frequency ${a(f, 'frequency')} Hz (${a(f, 'label')}=true)`;
      return a(f, 'node')
        ? `HyperV reenlightenment is on but the VMI has no TSC frequency (status.topologyHints.tscFrequency) on node ${a(f, 'node')}`
        : 'HyperV reenlightenment is on but no node publishes cpu-timer.node.kubevirt.io/tsc-frequency';
    },
    hint: (f) =>
      a(f, 'reason') === 'no-node-with-frequency'
        ? 'add a node with the same TSC frequency, or one that can scale to it (cpu-timer.node.kubevirt.io/tsc-scalable=true)'
        : `make the nodes publish cpu-timer.node.kubevirt.io/tsc-frequency (invariant TSC, virt-handler node labeller), or set ${vmPath(f, 'reenlightenment')}.enabled: false`,
  },
  virtiofs: {
    message: (f) => `filesystem ${a(f, 'filesystem')} uses virtiofs${a(f, 'kubevirtVersion') ? ` (KubeVirt ${a(f, 'kubevirtVersion')})` : ''}; migratable only from KubeVirt 1.5`,
    hint: () => 'upgrade KubeVirt to 1.5 or later, or stop the VM to move it',
  },
  'persistent-reservation': {
    message: (f) => `disk ${a(f, 'disk')} uses SCSI persistent reservation${a(f, 'kubevirtVersion') ? ` (KubeVirt ${a(f, 'kubevirtVersion')})` : ''}; migratable only from KubeVirt 1.9`,
    hint: (f) => `upgrade KubeVirt to 1.9 or later, or drop ${vmPath(f, 'lun.reservation')} if the guest does not need reservations`,
  },
  'eviction-drain-blocker': {
    message: (f) => {
      const from = { vmi: 'the VMI', vm: 'the VM', kubevirt: 'the KubeVirt CR' }[a(f, 'strategySource')] ?? a(f, 'strategySource');
      const why = list(f, 'blockers').length > 0 ? `blocked by ${a(f, 'blockers')}` : 'KubeVirt reports LiveMigratable=False';
      return `evictionStrategy ${a(f, 'evictionStrategy')} (from ${from}) but the VM cannot migrate (${why}): kubectl drain of its node will wait forever`;
    },
    hint: (f) =>
      `fix the blockers, or set ${VM_SPEC}.evictionStrategy: LiveMigrateIfPossible (shut down when it cannot migrate), or stop the VM before draining`,
  },
  'kubevirt-condition': {
    message: (f) => {
      const explained = list(f, 'explainedBy');
      return `KubeVirt reports LiveMigratable=False, reason ${a(f, 'reason') || '<none>'}${a(f, 'message') ? `: ${a(f, 'message')}` : ''}${explained.length ? ` (also flagged as a warning by ${explained.join(', ')})` : ''}`;
    },
    hint: (f) => {
      const vmi = f.evidence[0];
      return `see the condition: kubectl get vmi ${vmi?.name ?? '<name>'} -n ${vmi?.namespace ?? '<namespace>'} -o jsonpath='{.status.conditions[?(@.type=="LiveMigratable")]}'`;
    },
  },
};

export function ruleMessage(f: RuleFinding): string {
  return TEXT[f.rule].message(f);
}

export function ruleHint(f: RuleFinding): string {
  return TEXT[f.rule].hint(f);
}

/** `node-1: l1, l2, l3, l4, l5` → `node-1 lacks l1, l2 and 3 more`: a table line, not a dump. */
function shortenMissing(entry: string): string {
  const [node, labels = ''] = entry.split(/:\s(.*)/s);
  const all = labels.split(', ').filter(Boolean);
  const head = all.slice(0, 2).join(', ');
  return `${node} lacks ${head}${all.length > 2 ? ` and ${all.length - 2} more` : ''}`;
}
