// The prose of every migratability rule: one message (what is wrong, naming the object) and one
// hint (a concrete fix) per rule id, built from the finding's typed args. The only place that
// turns migratability findings into words; a rule without prose, or an arg it does not know, is a type error.
import type { RuleFinding, RuleId } from '../analyze/migratability/rule.js';
import type { EvictionDrainBlockerArgs } from '../analyze/migratability/rule-args/eviction-drain-blocker.js';
import type { RwxFix } from '../analyze/migratability/rule-args/volume-not-shared.js';
import { spanText } from '../kubevirt/releases.js';
import { assertNever } from './assert-never.js';
import { deviceMoveHint } from './device-move.js';

interface RuleText<Id extends RuleId> {
  message(f: RuleFinding<Id>): string;
  hint(f: RuleFinding<Id>): string;
}

/** `[ReadWriteOnce]`, as kubectl prints access modes. */
const bracket = (items: readonly string[]) => `[${items.join(', ')}]`;
const nodesText = (nodes: readonly string[]) => (nodes.length === 0 ? 'no node' : nodes.length === 1 ? `node ${nodes[0]}` : `nodes ${nodes.join(', ')}`);
/**
 * Where to make a fix last: the VM template. A VMI path (`spec.x`) is shown as the VM's
 * `spec.template.spec.x`, since VMIs are (re)created from their VM.
 */
const VM_SPEC = 'spec.template.spec';
const vmPath = (f: RuleFinding, fallback: string): string => {
  const p = f.path ?? fallback;
  return p.startsWith(`${VM_SPEC}.`) || !p.startsWith('spec.') ? p : `${VM_SPEC}.${p.slice('spec.'.length)}`;
};
const storageClassText = (storageClass: string | undefined) => (storageClass ? ` on StorageClass ${storageClass}` : '');

/** Where to put the ReadWriteMany copy of a claim, from the StorageProfiles (volume-not-shared's fix). */
function rwxTarget(fix: RwxFix): { settings: string; why: string } {
  switch (fix.kind) {
    case 'same-class':
      return {
        settings: `, volumeMode: ${fix.volumeMode}, on the same StorageClass ${fix.storageClass}`,
        why: ` (its StorageProfile offers ReadWriteMany with volumeMode ${fix.volumeMode})`,
      };
    case 'other-class': {
      const [first] = fix.classes;
      const more = fix.classes.length > 1 ? `; also ${fix.classes.slice(1, 4).map((c) => `${c.storageClass} with ${c.volumeMode}`).join(', ')}` : '';
      return {
        settings: first ? `, volumeMode: ${first.volumeMode}, on StorageClass ${first.storageClass}` : '',
        why: ` (its class offers no ReadWriteMany; ${first?.storageClass ?? ''}'s StorageProfile does${more})`,
      };
    }
    case 'no-rwx-class':
      return { settings: ' on ReadWriteMany block storage (e.g. Ceph RBD, or Longhorn with volumeMode: Block)', why: ' (no StorageProfile in the cluster offers ReadWriteMany: add such a StorageClass first)' };
    case 'profiles-unknown':
      return { settings: ' on a StorageClass that supports it (e.g. Ceph RBD, or Longhorn with volumeMode: Block)', why: '' };
    default:
      return assertNever(fix);
  }
}

const STRATEGY_SOURCE: Record<EvictionDrainBlockerArgs<RuleId>['strategySource'], string> = { vmi: 'the VMI', vm: 'the VM', kubevirt: 'the KubeVirt CR' };

/** Exhaustive over RuleId: a rule without prose fails type-checking. */
const TEXT: { readonly [Id in RuleId]: RuleText<Id> } = {
  'volume-not-shared': {
    message: ({ args: a }) => {
      switch (a.kind) {
        case 'backend-storage':
          return `the VM state PVC ${a.claim} (persistent TPM/EFI) is ${bracket(a.accessModes)}; KubeVirt 1.3 migrates it only when it is ReadWriteMany`;
        case 'sharing-unknown':
          return `${a.hotpluggable ? 'hotplugged ' : ''}volume ${a.volume}: KubeVirt has not recorded the access modes of ${a.source === 'dataVolume' ? 'DataVolume' : 'PVC'} ${a.claim} in the VMI's status.volumeStatus, so it cannot tell whether it is shared`;
        case 'not-shared': {
          const kind = a.source === 'dataVolume' ? 'DataVolume' : 'PVC';
          const hot = a.hotpluggable ? 'hotplugged ' : '';
          const from = a.accessModesFrom === 'storage-profile' ? ' (from its StorageProfile)' : '';
          return `${hot}volume ${a.volume}: ${kind} ${a.claim} is ${bracket(a.accessModes)}${from}${storageClassText(a.storageClass)}; live migration needs ReadWriteMany`;
        }
        default:
          return assertNever(a);
      }
    },
    hint: ({ args: a }) => {
      switch (a.kind) {
        case 'backend-storage':
          return `upgrade KubeVirt to 1.4 or later (the target then gets its own state PVC), or set spec.configuration.vmStateStorageClass in the KubeVirt CR to a StorageClass with ReadWriteMany and recreate ${a.claim}`;
        case 'sharing-unknown':
          return `virt-handler on node ${a.node || '<node>'} fills status.volumeStatus[].persistentVolumeClaimInfo once the volume is attached; if it stays empty, check that virt-handler there is running and its logs`;
        case 'not-shared': {
          const beforeStart = a.accessModesFrom === 'datavolume-template' || a.accessModesFrom === 'storage-profile';
          const target = rwxTarget(a.fix);
          return beforeStart
            ? `set spec.dataVolumeTemplates[].spec.storage for ${a.claim} to accessModes: [ReadWriteMany]${target.settings} before the VM first starts${target.why}`
            : `recreate ${a.claim} with accessModes [ReadWriteMany]${target.settings}: clone it with a DataVolume (spec.source.pvc {namespace, name: ${a.claim}}; CDI copies across volume modes) and point the volume at the clone${target.why}`;
        }
        default:
          return assertNever(a);
      }
    },
  },
  'volume-node-local': {
    message: ({ args: a }) => {
      const nodes = a.nodes;
      switch (a.kind) {
        case 'local':
          return `volume ${a.volume}: PV ${a.pv} is a local volume on ${nodesText(nodes)}; no other node can attach it`;
        case 'hostPath':
          return `volume ${a.volume}: PV ${a.pv} is a hostPath directory${nodes.length ? ` on ${nodesText(nodes)}` : ''}; no other node has the data`;
        case 'node-affinity':
          return `volume ${a.volume}: PV ${a.pv} node affinity only matches ${nodesText(nodes)}`;
        case 'provisioner':
          return `volume ${a.volume}: PVC ${a.claim} uses StorageClass ${a.storageClass} with the node-local provisioner ${a.provisioner}`;
        default:
          return assertNever(a);
      }
    },
    hint: ({ args: a }) =>
      `move ${a.claim} to shared storage: clone it into a ReadWriteMany PVC (a DataVolume with spec.source.pvc {namespace, name: ${a.claim}} on e.g. Ceph RBD) and point the VM volume at it`,
  },
  'volume-hostdisk': {
    message: ({ args: a }) => `volume ${a.volume} is a hostDisk${a.hostPath ? ` at ${a.hostPath}` : ''} on the node, not marked shared`,
    hint: (f) =>
      `import the disk into a ReadWriteMany PVC (DataVolume) and replace the hostDisk volume; set ${vmPath(f, 'hostDisk')}.shared: true only if that path is on storage every node mounts`,
  },
  'volume-containerdisk': {
    message: ({ args: a }) => `volume ${a.volume} is a containerDisk${a.image ? ` (${a.image})` : ''}; its writes live on the node and are copied by block migration`,
    hint: ({ args: a }) =>
      `if your distribution refuses containerDisk migration, import the image into a ReadWriteMany DataVolume (spec.source.registry.url: docker://${a.image || '<image>'}) and use it instead`,
  },
  'volume-cdrom': {
    message: ({ args: a }) =>
      `disk ${a.disk} is a ${a.readonly === false ? 'writable' : 'read-only'} CD-ROM${a.claim ? ` backed by ${a.claim}` : a.volumeSource ? ` (${a.volumeSource})` : ''}`,
    hint: () =>
      `remove the CD-ROM from ${VM_SPEC}.domain.devices.disks and its volume once the guest no longer needs it (some distributions refuse to migrate CD-ROMs)`,
  },
  'volume-block-migration': {
    message: ({ args: a }) =>
      a.volumeMigration
        ? `volume ${a.volume} (${a.source}) is being moved by a volume migration: the migration copies it by block migration`
        : `volume ${a.volume} (${a.source}) is copied to the target by block migration`,
    hint: () => 'nothing to fix; expect a longer migration. If it times out, keep the data on a ReadWriteMany PVC instead',
  },
  'volume-single-replica': {
    message: ({ args: a }) => `volume ${a.volume}: StorageClass ${a.storageClass} keeps one replica (${a.parameter}: "1")`,
    hint: ({ args: a }) =>
      a.provisioner === 'driver.longhorn.io'
        ? `raise the replica count of the Longhorn volume behind ${a.claim} (Longhorn UI or kubectl -n longhorn-system edit volumes.longhorn.io <pv-name>: spec.numberOfReplicas), and use a StorageClass with numberOfReplicas: "3" for new disks`
        : `use a StorageClass with ${a.parameter}: "2" or more for ${a.claim} and move the data to it`,
  },
  'volume-rwx-filesystem-share': {
    message: ({ args: a }) =>
      a.via === 'longhorn-share-manager'
        ? `volume ${a.volume}: ReadWriteMany PVC ${a.claim}${storageClassText(a.storageClass)} is served by a Longhorn share-manager (NFS), not attached on both nodes`
        : `volume ${a.volume}: ReadWriteMany PVC ${a.claim}${storageClassText(a.storageClass)} is an NFS share`,
    hint: ({ args: a }) =>
      a.via === 'longhorn-share-manager'
        ? `for VM disks use a Longhorn StorageClass with parameters migratable: "true" and PVCs with volumeMode: Block, accessModes [ReadWriteMany]`
        : `check that every node mounts the export and that the NFS server is not on a node you drain; prefer block ReadWriteMany storage for VM disks`,
  },
  'host-device': {
    message: ({ args: a }) => {
      const device = `${a.kind === 'gpu' ? 'GPU' : 'host device'} ${a.device}${a.deviceName ? ` (${a.deviceName})` : ''}`;
      switch (a.problem) {
        case 'pci-host-device':
          return `${device} is passed through from the host`;
        case 'generic-pci':
          return `${device} is a generic PCI device passed through from the host`;
        case 'too-many-gpus':
          return `${device}: the VM has more than one GPU, and KubeVirt migrates at most one vGPU`;
        case 'gate-off':
          return `${device}: a vGPU migrates only with the VGPULiveMigration feature gate, which is off`;
        case 'not-mediated':
          return `${device} is not a mediated device of the KubeVirt CR (permittedHostDevices.mediatedDevices)`;
        default:
          return assertNever(a.problem);
      }
    },
    hint: (f) => {
      switch (f.args.problem) {
        case 'gate-off':
          return 'add VGPULiveMigration to spec.configuration.developerConfiguration.featureGates of the KubeVirt CR (Alpha), or stop the VM to move it';
        case 'not-mediated':
          return `list ${f.args.deviceName ?? 'the device'} as a resourceName under spec.configuration.permittedHostDevices.mediatedDevices if it is a mediated vGPU, or stop the VM to move it`;
        case 'too-many-gpus':
          return `keep one vGPU in ${vmPath(f, 'the device list')}, or stop the VM to move it`;
        default:
          return `${deviceMoveHint(f.args.move, vmPath(f, 'the device'))}; one mediated vGPU can migrate on KubeVirt ≥ 1.9 with the VGPULiveMigration feature gate`;
      }
    },
  },
  'interface-not-migratable': {
    message: ({ args: a }) => {
      switch (a.binding) {
        case 'missing':
          return `pod network ${a.network} has no interface (KubeVirt ≥ 1.8 refuses: no primary interface found)`;
        case 'bridge':
          return `interface ${a.interface} binds the pod network with bridge, without annotation kubevirt.io/allow-pod-bridge-network-live-migration`;
        case 'plugin':
          return `interface ${a.interface} uses binding plugin ${a.plugin ?? ''}, which has no migration setting in the KubeVirt CR`;
        default:
          // Any other binding the VM or the KubeVirt CR names (passt before v1.8, slirp, sriov, …).
          return `interface ${a.interface} binds the pod network with ${a.binding}`;
      }
    },
    hint: ({ args: a }) => {
      switch (a.binding) {
        case 'bridge':
          return `bind the pod network with masquerade: {}, or add the annotation kubevirt.io/allow-pod-bridge-network-live-migration: "true" to the VM's spec.template.metadata.annotations (the guest must then renew its IP after migration)`;
        case 'plugin':
          return `set spec.configuration.network.binding.${a.plugin ?? ''}.migration: {} in the KubeVirt CR if the plugin supports migration, or bind the pod network with masquerade: {}`;
        default:
          return 'bind the pod network with masquerade: {} (or passtBinding: {} on KubeVirt ≥ 1.8); put SR-IOV and other bindings on secondary Multus networks';
      }
    },
  },
  'interface-sriov': {
    message: ({ args: a }) => `SR-IOV interface ${a.interface} (network ${a.networkName || a.network}) is unplugged during migration and re-plugged on the target`,
    hint: ({ args: a }) => `make sure the target nodes have a free VF for ${a.networkName || a.network}; the guest loses this link for a moment`,
  },
  'node-pinned': {
    message: ({ args: a }) => {
      switch (a.kind) {
        case 'hostname':
          return `nodeSelector ${a.label}=${a.nodes[0] ?? ''} pins the VM to one node`;
        case 'node-affinity':
        case 'node-selector':
        case 'selector-and-affinity': {
          const selector = (a.selector ?? []).join(', ');
          const what = a.kind === 'node-affinity' ? 'required node affinity' : a.kind === 'node-selector' ? `nodeSelector ${selector}` : `nodeSelector ${selector} and node affinity`;
          return `${what} only matches ${nodesText(a.nodes)} of ${a.candidates} KubeVirt nodes`;
        }
        default:
          return assertNever(a);
      }
    },
    hint: (f) =>
      f.args.kind === 'hostname'
        ? `remove kubernetes.io/hostname from ${vmPath(f, 'the nodeSelector')} (it is copied to the migration target), then restart the VM`
        : f.args.candidates <= 1
          ? // No other node to label: the cluster itself needs a second KubeVirt node.
            `the cluster has ${f.args.candidates === 1 ? 'one KubeVirt node' : 'no KubeVirt node'}: live migration needs a second node that satisfies ${vmPath(f, 'the placement')}; add one`
          : `relax ${vmPath(f, 'the placement')}, or label another node to match (kubectl label node <node> <key>=<value>)`,
  },
  'affinity-restrictive': {
    message: ({ args: a }) => {
      switch (a.kind) {
        case 'podAffinity':
          return `required podAffinity (topologyKey ${a.topologyKey}) only allows nodes already running pods with ${a.selector || 'the selected labels'}`;
        case 'podAntiAffinity':
          return `required podAntiAffinity (topologyKey ${a.topologyKey}, ${a.selector || 'all pods'}) spreads over only ${a.domains} domain(s) of ${a.nodes} nodes`;
        default:
          return assertNever(a);
      }
    },
    hint: (f) => `make ${vmPath(f, 'the term')} preferredDuringSchedulingIgnoredDuringExecution, or add nodes in more ${f.args.topologyKey} domains`,
  },
  'cpu-host-passthrough': {
    message: ({ args: a }) => `cpu.model is host-passthrough${a.node ? ` (running on ${a.node})` : ''}: only a host with an identical CPU can receive it`,
    hint: (f) => `set ${vmPath(f, `${VM_SPEC}.domain.cpu.model`)} to a named model every node offers (a cpu-model.node.kubevirt.io/<Model> label they all carry), then restart the VM`,
  },
  'cpu-host-model-unique': {
    message: ({ args: a }) => {
      if (!a.node) return `no two KubeVirt nodes share a host-model CPU (${a.model}): wherever the VM starts, it cannot move`;
      if (!a.model) return `node ${a.node} publishes no host-model CPU label (host-model-cpu.node.kubevirt.io/*)`;
      const missing = a.missing.map(shortenMissing);
      const shown = missing.slice(0, 3).join('; ') + (missing.length > 3 ? `; and ${missing.length - 3} more nodes` : '');
      return `no other node offers host model ${a.model} of node ${a.node} with its ${a.features.length} required features${a.vendor ? ` (${a.vendor})` : ''}: ${shown}`;
    },
    hint: (f) =>
      `set ${vmPath(f, `${VM_SPEC}.domain.cpu.model`)} to a named model that all nodes carry as cpu-model.node.kubevirt.io/<Model> (compare kubectl describe node), or add a node with the same CPU`,
  },
  'cpu-dedicated-single-node': {
    message: ({ args: a }) => `dedicatedCpuPlacement needs ${a.label}; ${a.nodes.length === 0 ? 'no node has it' : `only ${nodesText(a.nodes)} has it`}`,
    hint: ({ args: a }) => `enable the kubelet CPU manager (static policy, with KubeVirt's CPUManager feature gate) on another node; virt-handler then labels it ${a.label}`,
  },
  'cpu-dedicated-emulator-thread': {
    message: () => 'dedicated CPUs with isolateEmulatorThread: KubeVirt 0.59 and 1.0 refuse to migrate them',
    hint: (f) => `upgrade KubeVirt to 1.1 or later, or drop ${vmPath(f, 'isolateEmulatorThread')}`,
  },
  'confidential-computing': {
    message: ({ args: a }) => `the VM uses ${a.technology}: the host cannot read its memory to copy it`,
    hint: () => 'not live-migratable by design: plan a restart on another node (virtctl stop, then start) instead',
  },
  'hyperv-passthrough': {
    message: () => 'features.hypervPassthrough is enabled: the host Hyper-V enlightenments are passed to the guest',
    hint: (f) => `replace ${vmPath(f, 'hypervPassthrough')} by the individual enlightenments the guest needs under ${VM_SPEC}.domain.features.hyperv`,
  },
  'tsc-frequency': {
    message: ({ args: a }) => {
      switch (a.reason) {
        case 'no-node-with-frequency':
          return `no other node offers the VMI's TSC frequency ${a.frequency} Hz (${a.label}=true)`;
        case 'no-tsc-frequency':
          return a.node
            ? `HyperV reenlightenment is on but the VMI has no TSC frequency (status.topologyHints.tscFrequency) on node ${a.node}`
            : 'HyperV reenlightenment is on but no node publishes cpu-timer.node.kubevirt.io/tsc-frequency';
        default:
          return assertNever(a);
      }
    },
    hint: (f) =>
      f.args.reason === 'no-node-with-frequency'
        ? 'add a node with the same TSC frequency, or one that can scale to it (cpu-timer.node.kubevirt.io/tsc-scalable=true)'
        : `make the nodes publish cpu-timer.node.kubevirt.io/tsc-frequency (invariant TSC, virt-handler node labeller), or set ${vmPath(f, 'reenlightenment')}.enabled: false`,
  },
  virtiofs: {
    message: ({ args: a }) => `filesystem ${a.filesystem} uses virtiofs; KubeVirt migrates it only from 1.5`,
    hint: () => 'upgrade KubeVirt to 1.5 or later, or stop the VM to move it',
  },
  'persistent-reservation': {
    message: ({ args: a }) =>
      a.refuses === 'live'
        ? `disk ${a.disk} uses SCSI persistent reservation; KubeVirt live-migrates it only from 1.9`
        : `disk ${a.disk} uses SCSI persistent reservation: the VM live-migrates, but KubeVirt refuses to move its volumes (StorageLiveMigratable)`,
    hint: (f) =>
      f.args.refuses === 'live'
        ? `upgrade KubeVirt to 1.9 or later, or drop ${vmPath(f, 'lun.reservation')} if the guest does not need reservations`
        : `drop ${vmPath(f, 'lun.reservation')} before a volume migration (updateVolumesStrategy: Migration), if the guest does not need reservations`,
  },
  'volume-update-gate-disabled': {
    message: ({ args: a }) => `updateVolumesStrategy ${a.strategy} needs the feature gate${a.gates.length > 1 ? 's' : ''} ${a.gates.join(', ')} on KubeVirt 1.3–1.4; the VM webhook refuses the VM without`,
    hint: ({ args: a }) => `add ${a.gates.join(', ')} to the KubeVirt CR spec.configuration.developerConfiguration.featureGates (and VMLiveUpdateFeatures with vmRolloutStrategy LiveUpdate), or upgrade to KubeVirt 1.5`,
  },
  'volume-update-volume-refused': {
    message: ({ args: a }) => `the volume update moves ${a.volume} (${a.from} → ${a.to}), which volume migration cannot copy (${a.class}); KubeVirt answers RestartRequired`,
    hint: ({ args: a }) =>
      a.class === 'hotplugged' ? `upgrade KubeVirt to 1.5 (hot-plugged volumes move from there), or put ${a.from} back for ${a.volume}` : `put ${a.from} back for ${a.volume} and move it with a restart (updateVolumesStrategy Replacement)`,
  },
  'volume-update-destination-missing': {
    message: ({ args: a }) => `the volume update moves ${a.volume} to ${a.type === 'pvc' ? 'PVC' : 'DataVolume'} ${a.claim}, which does not exist`,
    hint: ({ args: a }) => `create ${a.type === 'pvc' ? 'PersistentVolumeClaim' : 'DataVolume'} ${a.claim} in the VM's namespace (KubeVirt 1.6+ starts the copy once it exists)`,
  },
  'volume-update-rollout-not-live': {
    message: ({ args: a }) =>
      `updateVolumesStrategy Migration needs vmRolloutStrategy LiveUpdate${a.gateMissing ? ` and the feature gate ${a.gateMissing}` : ''} (the KubeVirt CR has ${a.rollout ?? 'no vmRolloutStrategy'}${a.gateMissing ? `, no ${a.gateMissing}` : ''}): KubeVirt copies nothing, a changed claim only sets RestartRequired`,
    hint: ({ args: a }) =>
      `set spec.configuration.vmRolloutStrategy: LiveUpdate in the KubeVirt CR${a.gateMissing ? ` and add ${a.gateMissing} to spec.configuration.developerConfiguration.featureGates` : ''}`,
  },
  'volume-update-rwo-left-out': {
    message: ({ args: a }) => `the volume update moves ${a.moved.join(', ')} but leaves ReadWriteOnce volume ${a.volume}${a.claim ? ` (${a.claim})` : ''} behind: KubeVirt refuses ("The volume ${a.volume} is RWO and not included in the migration volumes")`,
    hint: ({ args: a }) => `move ${a.volume} in the same update (give it a destination claim too), or make it ReadWriteMany`,
  },
  'peer-gate-disabled': {
    message: ({ args: a }) => `the ${a.gate} feature gate is not enabled in the KubeVirt CR of ${sidesText(a.sides, a.peer)}: KubeVirt refuses both halves of a cross-cluster migration without it`,
    hint: ({ args: a }) => `add ${a.gate} to spec.configuration.developerConfiguration.featureGates of the KubeVirt CR in ${sidesText(a.sides, a.peer)}`,
  },
  'peer-version-unsupported': {
    message: ({ args: a }) => `cross-cluster migration needs KubeVirt ${a.since} or later on both clusters; ${a.sides.map((s) => `${sideText(s.side, a.peer)} runs ${s.version}`).join(', ')}`,
    hint: ({ args: a }) => `upgrade KubeVirt to ${a.since} or later in ${a.sides.map((s) => sideText(s.side, a.peer)).join(' and ')}`,
  },
  'peer-version-skew': {
    message: ({ args: a }) => `one cluster runs KubeVirt 1.6 and the other 1.7 or later (this cluster ${a.source}, ${a.peer} ${a.target}): 1.6 has no CancelMigration, so cancelling the migration from the newer side fails`,
    hint: () => 'upgrade the 1.6 cluster to 1.7 or later before moving the VM, or do not cancel the migration once it runs',
  },
  'peer-namespace-missing': {
    message: ({ args: a }) => `namespace ${a.namespace} does not exist in ${a.peer}, where the receiving VM would be created`,
    hint: ({ args: a }) => `create namespace ${a.namespace} in ${a.peer} (kubectl --context ${a.peer} create namespace ${a.namespace})`,
  },
  'peer-network-missing': {
    message: ({ args: a }) => `network ${a.network} uses NetworkAttachmentDefinition ${a.nad}, which does not exist in ${a.peer}`,
    hint: ({ args: a }) => `create NetworkAttachmentDefinition ${a.nad} in ${a.peer}, or give the receiving VM a network that exists there`,
  },
  'peer-storage-class-missing': {
    message: ({ args: a }) => `StorageClass ${a.storageClass} (volume${a.volumes.length > 1 ? 's' : ''} ${a.volumes.join(', ')}) does not exist in ${a.peer}`,
    hint: ({ args: a }) => `create StorageClass ${a.storageClass} in ${a.peer}, or name a class that exists there in the receiving VM's claims`,
  },
  'peer-volume-cannot-move': {
    message: ({ args: a }) =>
      a.kind === 'shared-hostdisk'
        ? `hostDisk ${a.volume}${a.hostPath ? ` (${a.hostPath})` : ''} is marked shared, so KubeVirt does not copy it: the receiving VM in ${a.peer} uses whatever file is at that path on its node`
        : `the VM keeps ${a.device === 'tpm' ? 'TPM' : 'EFI'} state in a backend-storage PVC, which KubeVirt ${a.version} in ${a.peer} cannot create for a cross-cluster migration ("${a.kubevirtText}")`,
    hint: (f) =>
      f.args.kind === 'shared-hostdisk'
        ? `make the same file reachable at that path on ${f.args.peer}'s nodes, or move the disk to a PVC or DataVolume (those are copied)`
        : `upgrade KubeVirt in ${f.args.peer} to 1.6.1 or later, or drop ${vmPath(f, 'persistent')} if the guest does not need the state kept`,
  },
  'peer-sync-address-missing': {
    message: ({ args: a }) => `the KubeVirt CR of ${a.peer} publishes no synchronizationAddresses: its virt-synchronization-controller has no leader or no pod, so spec.sendTo.connectURL has nothing to reach there`,
    hint: ({ args: a }) =>
      `check the virt-synchronization-controller pods and their lease in ${a.peer}'s KubeVirt namespace; once it publishes an address, use it as connectURL (or a route that forwards to it)`,
  },
  'eviction-drain-blocker': {
    message: ({ args: a }) => {
      const why = a.blockers.length > 0 ? `blocked by ${a.blockers.join(', ')}` : 'KubeVirt reports LiveMigratable=False';
      return `evictionStrategy ${a.evictionStrategy} (from ${STRATEGY_SOURCE[a.strategySource]}) but the VM cannot migrate (${why}): kubectl drain of its node will wait forever`;
    },
    hint: () => `fix the blockers, or set ${VM_SPEC}.evictionStrategy: LiveMigrateIfPossible (shut down when it cannot migrate), or stop the VM before draining`,
  },
  'kubevirt-condition': {
    message: ({ args: a }) => {
      const explained = a.explainedBy ?? [];
      return `KubeVirt reports LiveMigratable=False, reason ${a.reason || '<none>'}${a.message ? `: ${a.message}` : ''}${explained.length ? ` (also flagged as a warning by ${explained.join(', ')})` : ''}`;
    },
    hint: (f) => {
      const vmi = f.evidence[0];
      return `see the condition: kubectl get vmi ${vmi?.name ?? '<name>'} -n ${vmi?.namespace ?? '<namespace>'} -o jsonpath='{.status.conditions[?(@.type=="LiveMigratable")]}'`;
    },
  },
};

export function ruleMessage<Id extends RuleId>(f: RuleFinding<Id>): string {
  const text: RuleText<Id> = TEXT[f.rule];
  // With the cluster's version unknown, a finding that blocks on some releases only says which.
  const blocks = f.blocksOn ? `; KubeVirt ${f.blocksOn.map(spanText).join(', ')} refuses it (the cluster's version is unknown)` : '';
  return text.message(f) + blocks;
}

export function ruleHint<Id extends RuleId>(f: RuleFinding<Id>): string {
  const text: RuleText<Id> = TEXT[f.rule];
  return text.hint(f);
}

/** `node-1: l1, l2, l3, l4, l5` → `node-1 lacks l1, l2 and 3 more`: a table line, not a dump. */
function shortenMissing(entry: string): string {
  const [node, labels = ''] = entry.split(/:\s(.*)/s);
  const all = labels.split(', ').filter(Boolean);
  const head = all.slice(0, 2).join(', ');
  return `${node} lacks ${head}${all.length > 2 ? ` and ${all.length - 2} more` : ''}`;
}

/** `this cluster`, the peer's name, or both. */
function sidesText(sides: readonly ('source' | 'target')[], peer: string): string {
  return sides.map((s) => sideText(s, peer)).join(' and ');
}

function sideText(side: 'source' | 'target', peer: string): string {
  return side === 'source' ? 'this cluster' : peer;
}
