// Everything `why` knows about one VMI and its latest migration, gathered up front. Checks read
// only this (pure); `Known` collections say which reads failed so checks can answer `unknown`.
import type { ComponentLog, HandlerMetrics, Known } from '../../kube/known.js';
import type {
  KubeEvent,
  KubeVirt,
  MigrationPolicy,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import type { CauseId, VerdictStatus } from './cause.js';
import type { MigrationKind } from '../../kubevirt/migration-kinds.js';
import type { ObjectIndex } from '../object-index.js';

/** A bounded tail of a launcher's `compute` log, or why there is none. */
export type LogTail = { ok: true; pod: string; text: string } | { ok: false; reason: string };

/** The answers of `--prometheus URL` (query and query_range bodies, parsed JSON), or why none. */
export type PrometheusRead = { ok: true; url: string; query: string; instant: unknown; range: unknown } | { ok: false; url: string; reason: string };

/** What the collect step hands to the analysis. */
export interface WhyInputs {
  now: Date;
  namespace: string;
  /** NAME as the user typed it, and what it resolved to. */
  requested: { name: string; resolvedAs: 'VirtualMachineInstanceMigration' | 'VirtualMachineInstance' | 'VirtualMachine' | 'none' };
  vmi?: VirtualMachineInstance;
  vm?: VirtualMachine;
  /** The VMIM named by the user, when NAME was a VMIM. */
  namedMigration?: VirtualMachineInstanceMigration;
  /** Every VMIM in the cluster (for this VMI's history and for counting slots). */
  migrations: Known<VirtualMachineInstanceMigration>;
  /** virt-launcher pods in the VMI's namespace. */
  pods: Known<Pod>;
  /** Events in the VMI's namespace. */
  events: Known<KubeEvent>;
  nodes: Known<Node>;
  quotas: Known<ResourceQuota>;
  pvcs: Known<PersistentVolumeClaim>;
  pvs: Known<PersistentVolume>;
  kubevirt: Known<KubeVirt>;
  policies: Known<MigrationPolicy>;
  namespaceObject: Known<Namespace>;
  sourceLog: LogTail;
  /** The target launcher's `compute` log tail (only once its container started); absent: not read. */
  targetLog?: LogTail;
  /** Snapshot only: component logs (virt-controller, virt-handler, CNI daemons); absent or empty live. */
  componentLogs?: ComponentLog[];
  /** Progress source 2, read only while the migration copies and the log has no progress line. */
  handlerMetrics?: HandlerMetrics;
  /** Progress source 3 (`--prometheus`), asked only when sources 1 and 2 gave nothing. */
  prometheus?: PrometheusRead;
  /** The analysis's index, when the command shares one over several diagnoses (list -A, why --node). */
  index?: ObjectIndex;
  /** `--peer-context` / `--peer-from`: the other cluster of a decentralized migration. */
  peer?: PeerInputs;
  /**
   * This is the other cluster's half, diagnosed inside the document of the side the user asked
   * about: the pairing and the channel are judged there, not again here.
   */
  asPeer?: boolean;
}

/** What was read from the other cluster of a decentralized (cross-cluster) migration. */
export interface PeerInputs {
  /** The kubeconfig context (or snapshot path) it was read from. */
  name: string;
  /** Every VMIM of that cluster (the pair is found by migrationID). */
  migrations: Known<VirtualMachineInstanceMigration>;
  kubevirt: Known<KubeVirt>;
  /** The paired migration's own context (one was found and read). */
  half?: WhyContext;
  /** The paired half's verdict, filled in by diagnose() before the checks run. */
  verdict?: PeerVerdict;
}

/** The other half's diagnosis, as the checks of this side see it. */
export interface PeerVerdict {
  status: VerdictStatus;
  cause: CauseId;
  /** The check id that decided it there (a string: check.ts depends on this file). */
  check?: string;
}

/** Inputs plus the objects every check needs, derived once. */
export interface WhyContext extends WhyInputs {
  /** Lookups over the lists above, and values derived once per context (its progress). */
  index: ObjectIndex;
  version?: KubeVirtVersion;
  kubevirtCR?: KubeVirt;
  /** The VM's name: the VM's own, else the VMI's VirtualMachine owner's. */
  vmName?: string;
  /** The migration diagnosed: the named one, else the VMI's newest. */
  migration?: VirtualMachineInstanceMigration;
  /** Its kind (without a VMIM: `volume` while the VM waits for a volume migration, else `live`). */
  kind: MigrationKind;
  /** This VMI's migrations, newest first. */
  vmiMigrations: VirtualMachineInstanceMigration[];
  /** This VMI's launcher pods (label kubevirt.io/created-by = VMI UID). */
  launcherPods: Pod[];
  sourcePod?: Pod;
  /** The target pod of `migration` (label kubevirt.io/migrationJobUID = its UID), newest first. */
  targetPod?: Pod;
  /** Events about the VMI, the migration and the target pod, oldest first. */
  vmiEvents: KubeEvent[];
  migrationEvents: KubeEvent[];
  targetPodEvents: KubeEvent[];
}
