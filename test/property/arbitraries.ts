// fast-check arbitraries for partial, dump-shaped KubeVirt and Kubernetes objects. Every field
// may be missing, null, the support-bundle string "null", or of the wrong JSON type; enum fields
// mix KubeVirt's values (from src/kubevirt/constants.ts) with unknown strings; timestamps are
// valid, future, zero or unparseable; texts are KubeVirt's real messages with their placeholders
// filled, real Kubernetes/libvirt texts, or random.
// Scenes are coherent and mostly healthy before that perturbation — VMI vm1 Running on a Ready
// node-a, its migration uid-mig-1, source and target launcher pods and events about them, from
// small pools of names and UIDs — so the analyzers get past "not found" and "not running" and
// reach the checks behind them.
import fc from 'fast-check';
import * as K from '../../src/kubevirt/constants.js';
import { MIGRATION_PHASES } from '../../src/kubevirt/phases.js';
import { PROGRESS_METRIC_NAMES } from '../../src/kubevirt/metrics.js';
import { EVENT_FAILED_SCHEDULING } from '../../src/analyze/why/parse/scheduler-message.js';
import type { ResourceId } from '../../src/kube/resources.js';
import type { KubeObject } from '../../src/kube/types.js';

type Arb<T = unknown> = fc.Arbitrary<T>;

// ---- pools ----

const NAMESPACES = ['default', 'prod'] as const;
/** Mostly the scene's default namespace, so that names resolve. */
const namespace = fc.oneof({ arbitrary: fc.constant(NAMESPACES[0]), weight: 4 }, { arbitrary: fc.constant(NAMESPACES[1]), weight: 1 });
const VMI_NAMES = ['vm1', 'vm2'] as const;
export const NODE_NAMES = ['node-a', 'node-b', 'node-c'] as const;
const MIGRATION_NAMES = ['kubevirt-migrate-vm-x7k2q', 'kubevirt-evacuation-8fj2k', 'vm1-migration-abcde'] as const;
const VMI_UIDS = ['uid-vmi-1', 'uid-vmi-2'];
const MIGRATION_UIDS = ['uid-mig-1', 'uid-mig-2', 'uid-mig-3'];
const POD_NAMES = ['virt-launcher-vm1-pb825', 'virt-launcher-vm1-tg7m2', 'virt-launcher-vm2-q9x4z'] as const;
const POD_UIDS = ['uid-pod-1', 'uid-pod-2', 'uid-pod-3'];
const HANDLER_PODS = ['virt-handler-7xk2p', 'virt-handler-m4n8q'];
const CLAIMS = ['vm1-disk-0', 'vm2-disk-0', 'shared-data'];
const PV_NAMES = ['pvc-vm1-disk-0', 'pvc-vm2-disk-0', 'local-pv-1'];
const STORAGE_CLASSES = ['longhorn', 'nfs-client', 'local-path'];
const VOLUME_NAMES = ['disk-0', 'cloudinitdisk', 'data'];
const NETWORK_NAMES = ['default', 'vlan100'];
const KUBEVIRT_NAMESPACE = 'kubevirt';
const CPU_MODELS = ['EPYC-Genoa', 'EPYC', 'Skylake-Server-IBRS', 'Westmere'];
const CPU_FEATURES = ['x2apic', 'ssbd', 'avx2', 'vmx', 'tsc-deadline', 'invtsc'];

// ---- generic shapes ----

/**
 * Free text, unicode included; never a bare number, which `mistyped` would unquote: enums, names
 * and messages are never numeric in real dumps (numeric-looking values come from the pools).
 */
export const text: Arb<string> = fc
  .oneof({ arbitrary: fc.string({ maxLength: 16 }), weight: 4 }, { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 1 })
  .map((s) => (/^-?\d+(\.\d+)?$|^(true|false)$/i.test(s) ? `x${s}` : s));
const small = fc.integer({ min: -2, max: 5000 });

/**
 * The same value with the wrong JSON type, as YAML and hand-edited dumps get it wrong: a number
 * or boolean unquoted (or quoted where a number belongs), one item where a list belongs, a list
 * around what should be one object.
 */
function mistyped(v: unknown): unknown {
  if (typeof v === 'string') {
    if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    if (v === 'true' || v === 'false' || v === 'True' || v === 'False') return v.toLowerCase() === 'true';
    return v;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.length > 0 ? v[0] : {};
  if (v !== null && typeof v === 'object') return [v];
  return v;
}

/**
 * A field as dumps carry it: mostly `valid`; else (~3%) null, the support bundles' "null", or
 * mistyped. Rare per field, yet nearly every object of ~30 fields gets some.
 */
function dumped<T>(valid: Arb<T>): Arb {
  return fc.oneof({ arbitrary: valid, weight: 120 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.constant('null'), weight: 1 }, { arbitrary: valid.map(mistyped), weight: 2 });
}

const MISSING = Symbol('missing');
/** A key that is sometimes missing; shrinking tries dropping it first, so counterexamples are minimal. */
const mayMiss = (a: Arb): Arb => fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(MISSING), weight: 1 }, { arbitrary: a, weight: 30 });
const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== MISSING));

/**
 * An object any of whose keys may be missing, each present value `dumped`; `rare` keys are only
 * there now and then (a failure reason, an evacuation, an abort: not the usual state).
 */
function partial(model: Record<string, Arb>, rare: Record<string, Arb> = {}): Arb<Record<string, unknown>> {
  const often = record(Object.fromEntries(Object.entries(model).map(([k, a]) => [k, mayMiss(dumped(a))]))).map(present);
  const seldom = Object.entries(rare).map(([k, a]) => sometimes(dumped(a)).map((v) => [k, v] as const));
  if (seldom.length === 0) return often;
  return fc.tuple(often, fc.tuple(...seldom)).map(([o, r]) => ({ ...o, ...Object.fromEntries(r.filter(([, v]) => v !== undefined)) }));
}

/** `value` most of the time, else `otherwise`: scenes are coherent and healthy unless perturbed. */
function usually<T>(value: T, otherwise: Arb<T>): Arb<T> {
  return fc.oneof({ arbitrary: fc.constant(value), weight: 9 }, { arbitrary: otherwise, weight: 1 });
}

/** A value now and then, else undefined (for fields that real objects rarely carry). */
function sometimes<T>(a: Arb<T>): Arb<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: a, weight: 1 });
}

/** Known enum values (src/kubevirt/constants.ts) mixed with strings KubeVirt never wrote. */
function known(values: readonly string[]): Arb<string> {
  return fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 6 }, { arbitrary: fc.constant(''), weight: 1 }, { arbitrary: text, weight: 1 });
}

const list = <T>(a: Arb<T>, maxLength = 3) => fc.array(a, { maxLength });
// Objects as a YAML or JSON parser makes them: never with a null prototype.
function record<T>(model: { [K in keyof T]: Arb<T[K]> }): Arb<T>;
function record<T>(model: { [K in keyof T]: Arb<T[K]> }, c: { requiredKeys: [] }): Arb<Partial<T>>;
function record<T>(model: { [K in keyof T]: Arb<T[K]> }, c?: { requiredKeys: [] }): Arb<Partial<T>> {
  return fc.record(model, { ...c, noNullPrototype: true }) as Arb<Partial<T>>;
}
const dictionary = <T>(keys: Arb<string>, values: Arb<T>, constraints: { maxKeys: number }) => fc.dictionary(keys, values, { ...constraints, noNullPrototype: true });

const BASE_MS = Date.parse('2025-11-20T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Times: around the scenes' base time, with fractions or offsets, future, zero, or not RFC 3339 at all. */
export const timestamp: Arb<string> = fc.oneof(
  { arbitrary: fc.integer({ min: -6 * 3600, max: 2 * 3600 }).map((s) => iso(BASE_MS + s * 1000)), weight: 12 },
  { arbitrary: fc.integer({ min: -3600, max: 3600 }).map((s) => new Date(BASE_MS + s * 1000).toISOString().replace('Z', '123+00:00')), weight: 1 },
  { arbitrary: fc.constantFrom('2099-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '0001-01-01T00:00:00Z'), weight: 1 },
  { arbitrary: fc.constantFrom('yesterday', '2025-13-45T99:99:99Z', '2025-11-20', 'Thu, 20 Nov 2025 10:00:00 GMT', '1763632800'), weight: 1 },
);

/** `--now` / the snapshot's time: always a valid instant (the CLI validates --now). */
const now: Arb<string> = fc.integer({ min: -3600, max: 4 * 3600 }).map((s) => iso(BASE_MS + s * 1000));

/** Kubernetes quantities as dumps hold them: canonical strings, plain numbers (YAML ints), junk. */
export const quantity: Arb = fc.oneof(
  { arbitrary: fc.constantFrom('4Gi', '2730Mi', '125m', '2', '1k', '0', '4737464313', '18078808Ki', '1e3', '10Gi', '0Mi', '100M', '1.5', '64Mi'), weight: 6 },
  { arbitrary: fc.nat().map(String), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 1 << 30 }), weight: 1 },
  { arbitrary: fc.constantFrom('-1Gi', 'NaN', 'Infinity', '1E', '1e400', 'lots'), weight: 1 },
);

const RESOURCE_NAMES = [
  'cpu',
  'memory',
  'ephemeral-storage',
  'hugepages-1Gi',
  'hugepages-2Mi',
  'devices.kubevirt.io/kvm',
  'devices.kubevirt.io/tun',
  'devices.kubevirt.io/vhost-net',
  'pods',
  'nvidia.com/GV100GL',
];
const QUOTA_RESOURCES = ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory', 'count/pods', 'pods', 'requests.storage', ...RESOURCE_NAMES];
const resourceList = (names = RESOURCE_NAMES) => dictionary(known(names), quantity, { maxKeys: 5 });

/** Label values: "true" as the node labeller writes, empty, "null", text, or a YAML number. */
const labelValue: Arb = fc.oneof(
  { arbitrary: fc.constantFrom('true', 'false'), weight: 6 },
  { arbitrary: text, weight: 2 },
  { arbitrary: fc.constantFrom('', 'null'), weight: 1 },
  // Unquoted in hand-written YAML (the MigrationPolicy docs example has `true` in a string map).
  { arbitrary: fc.constantFrom(true, false, 1, 2400000000), weight: 1 },
);
const stringMap = (keys: Arb<string>, values: Arb = labelValue, maxKeys = 5) => dictionary(keys, values, { maxKeys });

const nodeLabelKey: Arb<string> = fc.oneof(
  fc.constantFrom(
    K.LABEL_HOSTNAME,
    K.LABEL_SCHEDULABLE,
    K.LABEL_CPUMANAGER,
    K.LABEL_TSC_FREQUENCY,
    K.LABEL_TSC_SCALABLE,
    K.LABEL_OBSOLETE_HOST_MODEL,
    K.LABEL_ARCH,
    'topology.kubernetes.io/zone',
  ),
  fc
    .tuple(
      fc.constantFrom(
        K.PREFIX_CPU_MODEL,
        K.PREFIX_CPU_MODEL_MIGRATION,
        K.PREFIX_HOST_MODEL_CPU,
        K.PREFIX_CPU_FEATURE,
        K.PREFIX_HOST_MODEL_REQUIRED_FEATURES,
        K.PREFIX_CPU_VENDOR,
        K.PREFIX_HYPERV,
        'machine-type.node.kubevirt.io/',
      ),
      fc.constantFrom(...CPU_MODELS, ...CPU_FEATURES, 'AMD', 'Intel', 'q35', 'reenlightenment'),
    )
    .map(([p, s]) => p + s),
  fc.constantFrom('2400000000', '1999999999', 'x').map((hz) => K.PREFIX_TSC_FREQUENCY_SCHEDULING + hz),
  text,
);
const nodeLabelValue: Arb = fc.oneof({ arbitrary: labelValue, weight: 4 }, { arbitrary: fc.constantFrom('2400000000', '1999999999', 'node-a'), weight: 1 });

const podLabelKey: Arb<string> = known([K.LABEL_CREATED_BY, K.LABEL_MIGRATION_JOB_UID, K.LABEL_NODE_NAME, K.LABEL_VMI_NAME, 'vm.kubevirt.io/name', 'app']);
const podLabelValue: Arb = fc.oneof(
  { arbitrary: fc.constantFrom(...VMI_UIDS, ...MIGRATION_UIDS, ...NODE_NAMES, ...VMI_NAMES), weight: 4 },
  { arbitrary: labelValue, weight: 1 },
);
const annotationKey: Arb<string> = known([
  K.ANNOTATION_DOMAIN,
  K.ANNOTATION_MIGRATION_JOB_NAME,
  K.ANNOTATION_EVACUATION_MIGRATION,
  K.ANNOTATION_WORKLOAD_UPDATE_MIGRATION,
  K.ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION,
  K.ANNOTATION_UNSCHEDULABLE_POD_TIMEOUT,
  K.ANNOTATION_PENDING_POD_TIMEOUT,
  'kubevirt.io/latest-observed-api-version',
]);
const annotationValue: Arb = fc.oneof(
  { arbitrary: fc.constantFrom(...VMI_NAMES, ...MIGRATION_NAMES, ...NODE_NAMES, '60', '0', '-5', 'v1'), weight: 4 },
  { arbitrary: labelValue, weight: 1 },
);

// ---- texts ----

/** Real Kubernetes, libvirt and admission texts that the parsers classify (from KubeVirt's source and issues). */
export const REAL_TEXTS = [
  '0/3 nodes are available: 1 node(s) didn\'t match pod anti-affinity rules, 2 node(s) didn\'t match Pod\'s node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
  '0/2 nodes are available: 2 Insufficient devices.kubevirt.io/kvm.',
  '0/3 nodes are available: 3 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.',
  '0/3 nodes are available: 1 node(s) had taint {kubevirt.io/drain: draining}, that the pod didn\'t tolerate, 2 node(s) were unschedulable.',
  '0/7 nodes are available: 7 node(s) had volume node affinity conflict.',
  '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
  '0/13 nodes are available: 1 node(s) didn\'t match pod anti-affinity rules, 13 node(s) didn\'t match Pod\'s node affinity/selector.',
  'pods "virt-launcher-vm1-tg7m2" is forbidden: exceeded quota: default-z4g94, requested: limits.memory=5682461313, used: limits.memory=5682461313, limited: limits.memory=10865341313',
  'pods "virt-launcher-vm1-tg7m2" is forbidden: failed quota: q1: must specify limits.memory for: compute; requests.memory for: compute',
  'failed quota: q1: must specify limits.memory,requests.memory',
  'pods "virt-launcher-vm1-abcde" is forbidden: violates PodSecurity "restricted:latest": privileged (container "compute" must not set securityContext.privileged=true)',
  'failed to create target pod for vmi default/vm1, it needs a privileged namespace to run: pods is forbidden',
  'pods "virt-launcher-vm1-abcde" is forbidden: unable to validate against any security context constraint: [provider "anyuid": Forbidden: not usable by user or serviceaccount]',
  "Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=9, Domain=31, Message='operation failed: guest CPU doesn't match specification: missing features: vmx-rdrand-exit,pdcm')",
  "virError(Code=91, Domain=31, Message='the CPU is incompatible with host CPU: Host CPU does not provide required features: xsave, avx')",
  "virError(Code=1, Domain=10, Message='internal error: unable to execute QEMU command 'migrate-set-capabilities': Postcopy is not supported: Userfaultfd not available: Operation not permitted')",
  "virError(Code=84, Domain=10, Message='Operation not supported: Cannot migrate empty or read-only disk sda')",
  "virError(Code=38, Domain=7, Message='Failed to connect socket to '/var/run/kubevirt/migrationproxy/2b1f7886-source.sock': Connection refused')",
  "virError(Code=38, Domain=10, Message='Unable to read from monitor: Connection reset by peer')",
  "virError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor')",
  'Unable to attach or mount volumes: unmounted volumes=[disk-0], unattached volumes=[private public sockets disk-0]: timed out waiting for the condition',
  'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3b4c": plugin type="multus" failed (add): error adding container to network "vlan100"',
  'Back-off pulling image "registry.suse.com/suse/sles/15.7/virt-launcher:1.6.3"',
  'admission webhook "migration-create-validator.kubevirt.io" denied the request: in-flight migration detected. Active migration job (uid-mig-1) is currently already in progress for VMI vm1.',
  'admission webhook "migration-create-validator.kubevirt.io" denied the request: Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: cannot migrate VMI: PVC vm1-disk-0 is not shared',
  'cannot migrate VMI: PVC vm1-disk-0 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)',
  'cannot migrate VMI which does not use masquerade or a migratable plugin to connect to the pod network',
  'the node "node-a" does not allow migration with host-model',
  'migration canceled%!(EXTRA string=virt-launcher-vm1-tg7m2)',
  '(combined from similar events): VirtualMachineInstance migration uid uid-mig-1 failed. reason:Live migration stuck for 150 seconds and has been aborted',
];

/** The string constants of src/kubevirt/constants.ts whose names start with one of `prefixes`. */
function constants(...prefixes: string[]): string[] {
  return Object.entries(K as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' && prefixes.some((p) => k.startsWith(p)) ? [v] : []));
}

/** KubeVirt's message templates (events, failure reasons, launcher log lines, webhook texts). */
export const TEMPLATES = constants('MSG_', 'FAILURE_', 'LOG_', 'WEBHOOK_');

const fillValue: Arb<string> = fc.oneof(
  fc.constantFrom(...VMI_NAMES, ...MIGRATION_UIDS, ...POD_NAMES, ...NODE_NAMES, 'default', '150', '0'),
  fc.nat({ max: 100000 }).map(String),
  text,
  fc.constantFrom(...REAL_TEXTS),
);

/** A Go format template with its verbs filled in. */
const filled = (templates: readonly string[]): Arb<string> =>
  fc.tuple(fc.constantFrom(...templates), fc.array(fillValue, { minLength: 6, maxLength: 6 })).map(([t, vals]) => {
    let i = 0;
    return t.replace(/%[sdv]/g, () => vals[i++ % vals.length]!);
  });

/** Messages: real ones (templates filled, or verbatim), cut short, wrapped, or random. */
export const message: Arb<string> = fc.oneof(
  { arbitrary: filled(TEMPLATES), weight: 5 },
  { arbitrary: fc.constantFrom(...REAL_TEXTS), weight: 3 },
  { arbitrary: fc.tuple(filled(TEMPLATES), fc.nat()).map(([t, n]) => t.slice(0, n % (t.length + 1))), weight: 1 },
  { arbitrary: fc.constantFrom(...REAL_TEXTS).map((t) => `Error creating pod: ${t}`), weight: 1 },
  { arbitrary: text, weight: 1 },
);

// ---- metadata ----

/** Metadata whose name and uid are usually the first of their pool; being deleted is rare. */
function metadata(o: { names: readonly string[]; uids?: readonly string[]; labels?: Arb; annotations?: Arb; namespaced?: boolean }): Arb<Record<string, unknown>> {
  const pooled = (pool: readonly string[]) => usually(pool[0]!, fc.constantFrom(...pool));
  return fc
    .record({
      name: fc.oneof({ arbitrary: pooled(o.names), weight: 20 }, { arbitrary: fc.string({ minLength: 1, maxLength: 12 }), weight: 1 }),
      rest: partial({
        ...(o.namespaced === false ? {} : { namespace }),
        uid: o.uids ? pooled(o.uids) : fc.uuid(),
        creationTimestamp: timestamp,
        generateName: text,
        resourceVersion: fc.nat().map(String),
        finalizers: list(known([K.FINALIZER_MIGRATION])),
      }),
      deletionTimestamp: sometimes(dumped(timestamp)),
      // Labels, annotations and owner references keep their map/list shape (their values do
      // not): the snapshot reader and the commands' gather code read them before any analyzer.
      maps: record(
        {
          labels: o.labels ?? stringMap(text),
          annotations: o.annotations ?? stringMap(annotationKey, annotationValue),
          ownerReferences: list(partial({ kind: known(['VirtualMachine', 'VirtualMachineInstance']), name: pooled(VMI_NAMES), uid: pooled(VMI_UIDS), controller: fc.boolean() })),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ name, rest, deletionTimestamp, maps }) => ({ ...rest, ...maps, ...(deletionTimestamp === undefined ? {} : { deletionTimestamp }), name }));
}

/** An object of a fixed kind whose body fields may each be missing. */
function object(apiVersion: string, kind: string, meta: Arb<Record<string, unknown>>, body: Record<string, Arb>): Arb<KubeObject> {
  const fields = record(Object.fromEntries(Object.entries(body).map(([k, a]) => [k, mayMiss(a)]))).map(present);
  return fc.tuple(meta, fields).map(([m, b]) => ({ apiVersion, kind, metadata: m, ...b }) as KubeObject);
}

// ---- conditions ----

const conditionStatus = known(['True', 'False', 'Unknown']);
/** A condition of `types`; with `typical`, usually that type and status. */
function condition(types: readonly string[], reasons: readonly string[], typical?: { type: string; status: string }): Arb {
  return partial({
    type: typical ? usually(typical.type, known(types)) : known(types),
    status: typical ? usually(typical.status, conditionStatus) : conditionStatus,
    reason: known(reasons),
    message,
    lastTransitionTime: timestamp,
    lastProbeTime: timestamp,
  });
}
/** The `typical` conditions first (each may be perturbed), then up to two random ones. */
const conditions = (typical: Arb[], random: Arb): Arb<unknown[]> => fc.tuple(fc.tuple(...typical), list(random, 2)).map(([t, r]) => [...t, ...r]);
const VMI_REASONS = constants('REASON_');
const VMI_CONDITION_TYPES = [K.COND_LIVE_MIGRATABLE, K.COND_STORAGE_LIVE_MIGRATABLE, K.COND_MIGRATION_REQUIRED, K.COND_EVICTION_REQUESTED, K.COND_PAUSED, 'Ready', 'AgentConnected'];
const vmiConditions = conditions(
  [condition(VMI_CONDITION_TYPES, VMI_REASONS, { type: 'Ready', status: 'True' }), condition(VMI_CONDITION_TYPES, VMI_REASONS, { type: K.COND_LIVE_MIGRATABLE, status: 'True' })],
  condition(VMI_CONDITION_TYPES, [...VMI_REASONS, 'NotMigratable', 'AutoMigrationPending']),
);

// ---- VM / VMI spec ----

const selectorRequirement = partial({
  key: known([K.LABEL_HOSTNAME, `${K.PREFIX_CPU_MODEL}EPYC`, 'topology.kubernetes.io/zone', K.LABEL_CREATED_BY]),
  operator: known(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']),
  values: list(fc.oneof(fc.constantFrom(...NODE_NAMES, ...VMI_UIDS, '10'), text)),
});
const nodeSelectorTerms = partial({ nodeSelectorTerms: list(partial({ matchExpressions: list(selectorRequirement), matchFields: list(selectorRequirement) }), 2) });
const podAffinityTerm = partial({
  labelSelector: partial({ matchLabels: stringMap(podLabelKey, podLabelValue, 2), matchExpressions: list(selectorRequirement, 2) }),
  topologyKey: known([K.LABEL_HOSTNAME, 'topology.kubernetes.io/zone']),
  namespaces: list(fc.constantFrom(...NAMESPACES), 2),
});
const affinity: Arb = partial({
  nodeAffinity: partial({
    requiredDuringSchedulingIgnoredDuringExecution: nodeSelectorTerms,
    preferredDuringSchedulingIgnoredDuringExecution: list(partial({ weight: small, preference: partial({ matchExpressions: list(selectorRequirement, 2) }) }), 2),
  }),
  podAffinity: partial({ requiredDuringSchedulingIgnoredDuringExecution: list(podAffinityTerm, 2) }),
  podAntiAffinity: partial({ requiredDuringSchedulingIgnoredDuringExecution: list(podAffinityTerm, 2) }),
});
const toleration = partial({ key: known([K.DEFAULT_NODE_DRAIN_TAINT_KEY, 'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']), operator: known(['Exists', 'Equal']), value: text, effect: known(['NoSchedule', 'PreferNoSchedule', 'NoExecute']), tolerationSeconds: small });
const empty = fc.constantFrom({}, null);
const volumeSource: Arb<Record<string, unknown>> = fc.oneof(
  record({ persistentVolumeClaim: partial({ claimName: fc.constantFrom(...CLAIMS), readOnly: fc.boolean(), hotpluggable: fc.boolean() }) }),
  record({ dataVolume: partial({ name: fc.constantFrom(...CLAIMS), hotpluggable: fc.boolean() }) }),
  record({ containerDisk: partial({ image: text }) }),
  record({ ephemeral: partial({ persistentVolumeClaim: partial({ claimName: fc.constantFrom(...CLAIMS) }) }) }),
  record({ emptyDisk: partial({ capacity: quantity }) }),
  record({ hostDisk: partial({ path: text, type: known(['Disk', 'DiskOrCreate']), shared: fc.boolean(), capacity: quantity }) }),
  record({ cloudInitNoCloud: partial({ userData: text }) }),
  record({ configMap: partial({ name: text }) }),
  record({ memoryDump: partial({ claimName: fc.constantFrom(...CLAIMS) }) }),
  record({ downwardMetrics: empty }),
);
const volume: Arb = fc.tuple(partial({ name: fc.constantFrom(...VOLUME_NAMES) }), volumeSource).map(([n, s]) => ({ ...n, ...s }));
const diskTarget = partial({ bus: known(['virtio', 'sata', 'scsi']), readonly: fc.boolean(), reservation: fc.boolean() });
const disk: Arb = fc
  .tuple(partial({ name: fc.constantFrom(...VOLUME_NAMES), shareable: fc.boolean(), serial: text }), fc.constantFrom('disk', 'cdrom', 'lun'), diskTarget)
  .map(([d, k, t]) => ({ ...d, [k]: t }));
const iface: Arb = fc
  .tuple(
    partial({ name: fc.constantFrom(...NETWORK_NAMES), binding: partial({ name: known(['passt', 'managedtap', 'l2bridge']) }) }),
    fc.constantFrom('masquerade', 'bridge', 'sriov', 'slirp', 'passt', 'macvtap', 'none'),
    empty,
  )
  .map(([i, k, v]) => (k === 'none' ? i : { ...i, [k]: v }));
const network: Arb = fc.oneof(
  record({ name: dumped(fc.constantFrom(...NETWORK_NAMES)), pod: partial({ vmNetworkCIDR: text }) }),
  record({ name: dumped(fc.constantFrom(...NETWORK_NAMES)), multus: partial({ networkName: text, default: fc.boolean() }) }),
);
const hyperv: Arb = partial({ reenlightenment: partial({ enabled: fc.boolean() }), frequencies: partial({ enabled: fc.boolean() }) });

const vmiSpec: Arb = partial({
  domain: partial({
    cpu: partial({
      model: known([K.CPU_HOST_MODEL, K.CPU_HOST_PASSTHROUGH, ...CPU_MODELS]),
      cores: small,
      sockets: small,
      threads: small,
      dedicatedCpuPlacement: fc.boolean(),
      isolateEmulatorThread: fc.boolean(),
      features: list(partial({ name: known(CPU_FEATURES), policy: known(['require', 'forbid', 'optional', 'disable', 'force']) })),
    }),
    memory: partial({ guest: quantity, hugepages: partial({ pageSize: known(['2Mi', '1Gi']) }) }),
    resources: partial({ requests: resourceList(), limits: resourceList() }),
    devices: partial({
      disks: list(disk),
      interfaces: list(iface, 2),
      hostDevices: list(partial({ name: text, deviceName: text }), 2),
      gpus: list(partial({ name: text, deviceName: known(['nvidia.com/GV100GL', 'nvidia.com/GRID_T4-1Q']) }), 2),
      filesystems: list(partial({ name: text, virtiofs: empty }), 2),
    }),
    features: partial({ hyperv, hypervPassthrough: partial({ enabled: fc.boolean() }) }),
    launchSecurity: partial({ sev: empty, snp: empty, tdx: empty }),
    machine: partial({ type: known(['q35', 'pc-q35-rhel9.2.0']) }),
  }),
  volumes: list(volume),
  networks: list(network, 2),
  nodeSelector: stringMap(nodeLabelKey, nodeLabelValue, 3),
  affinity,
  tolerations: list(toleration, 2),
  evictionStrategy: known([K.EVICTION_NONE, K.EVICTION_LIVE_MIGRATE, K.EVICTION_LIVE_MIGRATE_IF_POSSIBLE, K.EVICTION_EXTERNAL]),
  architecture: known(['amd64', 'arm64', 's390x']),
  priorityClassName: text,
});

// ---- migration configuration and state ----

const migrationConfiguration: Arb = partial({
  parallelMigrationsPerCluster: small,
  parallelOutboundMigrationsPerNode: small,
  bandwidthPerMigration: quantity,
  completionTimeoutPerGiB: fc.oneof(small, fc.constantFrom('150', '800')),
  progressTimeout: fc.oneof(small, fc.constant('150')),
  allowAutoConverge: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false')),
  allowPostCopy: fc.oneof(fc.boolean(), fc.constant('true')),
  allowWorkloadDisruption: fc.boolean(),
  unsafeMigrationOverride: fc.boolean(),
  nodeDrainTaintKey: known([K.DEFAULT_NODE_DRAIN_TAINT_KEY]),
  disableTLS: fc.boolean(),
  network: known(['migration-net']),
  matchSELinuxLevelOnMigration: fc.boolean(),
  utilityVolumesTimeout: small,
  maxDowntimeMs: small,
});

const failureText: Arb<string> = fc.oneof(
  filled([K.FAILURE_PROGRESS_TIMEOUT, K.FAILURE_COMPLETION_TIMEOUT, K.FAILURE_ABORTED_OLD, K.FAILURE_ABORTED, K.FAILURE_LIVE_MIGRATION_FAILED, K.FAILURE_MIGRATE_TO_URI3, K.FAILURE_DEST_VOLUME_SMALLER, K.FAILURE_TARGET_POD_DOWN, K.FAILURE_POST_COPY_IRRECOVERABLE, K.FAILURE_DOMAIN_STATE]),
  message,
);

/** A migrationState: usually of migration uid-mig-1 from node-a to node-b, not over. */
const migrationState: Arb = partial(
  {
    migrationUid: usually(MIGRATION_UIDS[0]!, fc.constantFrom(...MIGRATION_UIDS)),
    startTimestamp: timestamp,
    targetNodeDomainReadyTimestamp: timestamp,
    targetNodeDomainDetected: fc.boolean(),
    targetNodeAddress: fc.constantFrom('10.52.0.12', ''),
    targetNode: usually('node-b', fc.constantFrom(...NODE_NAMES)),
    targetPod: usually(POD_NAMES[1], fc.constantFrom(...POD_NAMES)),
    sourceNode: usually('node-a', fc.constantFrom(...NODE_NAMES)),
    sourcePod: usually(POD_NAMES[0], fc.constantFrom(...POD_NAMES)),
    mode: known([K.MIGRATION_MODE_PRE_COPY, K.MIGRATION_MODE_POST_COPY, K.MIGRATION_MODE_PAUSED]),
    migrationConfiguration,
  },
  {
    endTimestamp: timestamp,
    completed: fc.boolean(),
    failed: fc.boolean(),
    abortRequested: fc.boolean(),
    abortStatus: known([K.ABORT_STATUS_SUCCEEDED, K.ABORT_STATUS_FAILED, K.ABORT_STATUS_ABORTING]),
    failureReason: failureText,
    migrationPolicyName: text,
  },
);

// ---- objects ----

export const vmi: Arb<KubeObject> = object(
  'kubevirt.io/v1',
  'VirtualMachineInstance',
  metadata({ names: VMI_NAMES, uids: VMI_UIDS, labels: stringMap(known([K.LABEL_NODE_NAME, K.LABEL_MIGRATION_TARGET_NODE, 'app', 'tier']), fc.oneof(fc.constantFrom(...NODE_NAMES, 'db'), labelValue), 3) }),
  {
    spec: dumped(vmiSpec),
    status: dumped(
      partial(
        {
          phase: usually('Running', known(['Pending', 'Scheduling', 'Scheduled', 'Succeeded', 'Failed', 'Unknown', 'WaitingForSync'])),
          nodeName: usually('node-a', fc.constantFrom(...NODE_NAMES)),
          conditions: vmiConditions,
          migrationState,
          migrationMethod: known([K.MIGRATION_METHOD_BLOCK, K.MIGRATION_METHOD_LIVE]),
          activePods: usually<Record<string, unknown>>({ [POD_UIDS[0]!]: 'node-a' }, dictionary(fc.constantFrom(...POD_UIDS), fc.oneof(fc.constantFrom(...NODE_NAMES), text), { maxKeys: 3 })),
          volumeStatus: list(
            partial({
              name: fc.constantFrom(...VOLUME_NAMES),
              target: text,
              persistentVolumeClaimInfo: partial({
                claimName: fc.constantFrom(...CLAIMS),
                accessModes: list(known(['ReadWriteMany', 'ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteOncePod'])),
                volumeMode: known(['Block', 'Filesystem']),
                capacity: resourceList(['storage']),
                filesystemOverhead: known(['0', '0.055']),
              }),
              hotplugVolume: empty,
            }),
          ),
          topologyHints: partial({ tscFrequency: fc.oneof(fc.nat(), fc.constant('2400000000')) }),
          selinuxContext: text,
          machine: partial({ type: known(['q35']) }),
        },
        { evacuationNodeName: fc.constantFrom(...NODE_NAMES) },
      ),
    ),
  },
);

const dataVolumeSpec: Arb = partial({
  pvc: partial({ accessModes: list(known(['ReadWriteMany', 'ReadWriteOnce'])), volumeMode: known(['Block', 'Filesystem']), storageClassName: fc.constantFrom(...STORAGE_CLASSES) }),
  storage: partial({ accessModes: list(known(['ReadWriteMany', 'ReadWriteOnce'])), volumeMode: known(['Block', 'Filesystem']), storageClassName: fc.constantFrom(...STORAGE_CLASSES) }),
});

export const vm: Arb<KubeObject> = object('kubevirt.io/v1', 'VirtualMachine', metadata({ names: VMI_NAMES }), {
  spec: dumped(
    partial({
      running: fc.boolean(),
      runStrategy: known(['Always', 'RerunOnFailure', 'Halted', 'Manual']),
      template: partial({ metadata: partial({ labels: stringMap(text), annotations: stringMap(annotationKey, annotationValue) }), spec: vmiSpec }),
      dataVolumeTemplates: list(partial({ metadata: partial({ name: fc.constantFrom(...CLAIMS) }), spec: dataVolumeSpec }), 2),
    }),
  ),
  status: dumped(partial({ printableStatus: known(['Running', 'Stopped', 'Migrating']), ready: fc.boolean() })),
});

const vmimCondition = condition([K.VMIM_COND_ABORT_REQUESTED, K.VMIM_COND_REJECTED_BY_QUOTA, K.VMIM_COND_BLOCKED_BY_UTILITY_VOLUMES, K.VMIM_COND_BLOCKED_BY_BACKUP], ['UtilityVolumesPresent', 'BackupInProgress']);
const phase = known(MIGRATION_PHASES);

/** VMIMs: usually uid-mig-1 of vm1 (label and spec), in any phase. */
const vmim: Arb<KubeObject> = object(
  'kubevirt.io/v1',
  'VirtualMachineInstanceMigration',
  metadata({
    names: MIGRATION_NAMES,
    uids: MIGRATION_UIDS,
    labels: fc.tuple(usually({ [K.LABEL_VMI_NAME]: 'vm1' }, fc.constant({})), stringMap(known([K.LABEL_VMI_NAME, 'kubevirt.io/volume-update-migration']), fc.constantFrom(...VMI_NAMES), 1)).map(([a, b]) => ({ ...a, ...b })),
  }),
  {
    spec: dumped(partial({ vmiName: usually('vm1', fc.constantFrom(...VMI_NAMES)), addedNodeSelector: stringMap(nodeLabelKey, nodeLabelValue, 2), priority: known(['system-critical', 'user-triggered', 'system-maintenance']) })),
    status: dumped(
      partial(
        {
          phase,
          phaseTransitionTimestamps: list(partial({ phase, phaseTransitionTimestamp: timestamp }), 6),
          migrationState,
        },
        { conditions: list(vmimCondition, 2) },
      ),
    ),
  },
);

const containerState = fc.oneof(
  record({ waiting: partial({ reason: known(['ContainerCreating', 'PodInitializing', 'ImagePullBackOff', 'ErrImagePull', 'CreateContainerConfigError', 'CrashLoopBackOff']), message }) }),
  record({ running: partial({ startedAt: timestamp }) }),
  record({ terminated: partial({ reason: known(['Error', 'Completed', 'OOMKilled']), message, exitCode: small }) }),
);
const containerStatus = partial({ name: known(['compute', 'guest-console-log', 'volumecontainerdisk']), ready: fc.boolean(), restartCount: small, state: containerState });
const container = partial({
  name: known(['compute', 'guest-console-log', 'virt-handler']),
  image: text,
  resources: partial({ requests: usually<Record<string, unknown>>({ cpu: '125m', memory: '3305109497', 'devices.kubevirt.io/kvm': '1' }, resourceList()), limits: resourceList() }),
  ports: list(partial({ name: known(['metrics']), containerPort: fc.constantFrom(8443, 9443) }), 1),
});
const SCHEDULER_TEXTS = REAL_TEXTS.filter((t) => t.includes('nodes are available'));
const podConditions = conditions(
  [partial({ type: usually('PodScheduled', known(['Ready'])), status: conditionStatus, reason: usually('Unschedulable', known(['SchedulingGated'])), message: usually(SCHEDULER_TEXTS[0]!, fc.oneof(fc.constantFrom(...SCHEDULER_TEXTS), message)) })],
  condition(['PodScheduled', 'Ready', 'ContainersReady', 'Initialized'], ['Unschedulable', 'ContainersNotReady', 'PodCompleted']),
);
/** The labeller's view of a KubeVirt node (node-labeller-v1.6.3.yaml), before perturbation. */
const LABELLER_SELECTOR = { [K.LABEL_SCHEDULABLE]: 'true', [`${K.PREFIX_CPU_MODEL_MIGRATION}EPYC-Genoa`]: 'true', [`${K.PREFIX_CPU_FEATURE}x2apic`]: 'true' };

/**
 * virt-launcher pods (the label that lists them is always there): as the source (pb825, Running
 * on node-a) or the target of uid-mig-1 (tg7m2, its nodeSelector and anti-affinity on the VMI),
 * of vm1 unless perturbed.
 */
function launcherPodAs(role: 'source' | 'target'): Arb<KubeObject> {
  const i = role === 'source' ? 0 : 1;
  const names = [POD_NAMES[i]!, ...POD_NAMES.filter((_, j) => j !== i)];
  const uids = [POD_UIDS[i]!, ...POD_UIDS.filter((_, j) => j !== i)];
  const usual: Record<string, string> = { [K.LABEL_APP]: K.LABEL_APP_LAUNCHER, [K.LABEL_CREATED_BY]: VMI_UIDS[0]!, [K.LABEL_NODE_NAME]: 'node-a' };
  if (role === 'target') usual[K.LABEL_MIGRATION_JOB_UID] = MIGRATION_UIDS[0]!;
  const labels = fc.tuple(usually(usual, fc.constant({})), stringMap(podLabelKey, podLabelValue, 2)).map(([a, b]) => ({ ...a, ...b, [K.LABEL_APP]: K.LABEL_APP_LAUNCHER }));
  const antiAffinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { [K.LABEL_CREATED_BY]: VMI_UIDS[0] } }, topologyKey: K.LABEL_HOSTNAME }] } };
  return object('v1', 'Pod', metadata({ names, uids, labels, annotations: stringMap(annotationKey, annotationValue, 2).map((a) => ({ [K.ANNOTATION_DOMAIN]: 'vm1', ...a })) }), {
    spec: dumped(
      partial(
        {
          ...(role === 'source' ? { nodeName: usually<string>('node-a', fc.constantFrom(...NODE_NAMES)) } : {}),
          nodeSelector: fc.tuple(usually(role === 'target' ? LABELLER_SELECTOR : {}, fc.constant({})), stringMap(nodeLabelKey, nodeLabelValue, 2)).map(([a, b]) => ({ ...a, ...b })),
          affinity: role === 'target' ? usually<unknown>(antiAffinity, affinity) : affinity,
          tolerations: list(toleration, 2),
          containers: list(container, 2),
          initContainers: list(container, 1),
          priorityClassName: text,
          overhead: resourceList(),
        },
        // A target pod is scheduled only once a node fits it.
        role === 'target' ? { nodeName: fc.constantFrom(...NODE_NAMES) } : {},
      ),
    ),
    status: dumped(
      partial(
        {
          phase: role === 'source' ? usually('Running', known(['Pending', 'Succeeded', 'Failed', 'Unknown'])) : known(['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']),
          conditions: podConditions,
          containerStatuses: list(containerStatus, 2),
          initContainerStatuses: list(containerStatus, 1),
          message,
          startTime: timestamp,
        },
        { reason: known(['Evicted', 'NodeLost']) },
      ),
    ),
  });
}
const launcherPod: Arb<KubeObject> = fc.oneof(launcherPodAs('source'), launcherPodAs('target'));

/** virt-handler pods (the metrics proxy goes through them), in the KubeVirt namespace. */
const handlerPod: Arb<KubeObject> = fc
  .tuple(fc.constantFrom(...HANDLER_PODS), usually<string>('node-a', fc.constantFrom(...NODE_NAMES)), known(['Running', 'Pending']))
  .map(([name, node, phase]) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: KUBEVIRT_NAMESPACE, labels: { [K.LABEL_APP]: K.LABEL_APP_HANDLER } },
    spec: { nodeName: node, containers: [{ name: 'virt-handler', ports: [{ name: K.HANDLER_METRICS_PORT_NAME, containerPort: K.HANDLER_METRICS_PORT }] }] },
    status: { phase },
  }));

const taint = partial({ key: known([K.DEFAULT_NODE_DRAIN_TAINT_KEY, 'node.kubernetes.io/unschedulable', 'node.kubernetes.io/not-ready', 'dedicated']), value: text, effect: known(['NoSchedule', 'PreferNoSchedule', 'NoExecute']) });
const NODE_ALLOCATABLE = { cpu: '7020m', memory: '18078808Ki', 'devices.kubevirt.io/kvm': '1k', 'devices.kubevirt.io/tun': '1k', 'devices.kubevirt.io/vhost-net': '1k', pods: '200' };
const merged = (usual: Record<string, unknown>, extra: Arb<Record<string, unknown>>) => fc.tuple(usually(usual, fc.constant({})), extra).map(([a, b]) => ({ ...a, ...b }));

/** A node named `name`: usually a Ready, labelled KubeVirt node (labels and allocatable of the real dump) plus noise. */
function nodeNamed(name: string): Arb<KubeObject> {
  const labels = { ...LABELLER_SELECTOR, [K.LABEL_HOSTNAME]: name, [K.LABEL_ARCH]: 'amd64', [`${K.PREFIX_HOST_MODEL_CPU}EPYC-Genoa`]: 'true', [`${K.PREFIX_HOST_MODEL_REQUIRED_FEATURES}x2apic`]: 'true', [`${K.PREFIX_CPU_VENDOR}AMD`]: 'true' };
  return object('v1', 'Node', metadata({ names: [name], namespaced: false, labels: merged(labels, stringMap(nodeLabelKey, nodeLabelValue, 4)) }), {
    spec: dumped(partial({}, { unschedulable: fc.oneof(fc.boolean(), fc.constant('true')), taints: list(taint, 2) })),
    status: dumped(
      partial({
        conditions: conditions([condition(['Ready', 'MemoryPressure'], ['KubeletReady', 'NodeStatusUnknown'], { type: 'Ready', status: 'True' })], condition(['Ready', 'DiskPressure'], ['KubeletReady'])),
        allocatable: merged(NODE_ALLOCATABLE, resourceList()),
        capacity: resourceList(),
      }),
    ),
  });
}
export const node: Arb<KubeObject> = fc.constantFrom(...NODE_NAMES, 'node-x').chain(nodeNamed);
/** The scene's nodes: usually node-a, node-b and node-c, now and then one more or one fewer. */
const maybeNode = (name: string) => fc.option(nodeNamed(name), { nil: undefined, freq: 10 });
const nodes: Arb<KubeObject[]> = fc
  .tuple(maybeNode('node-a'), maybeNode('node-b'), maybeNode('node-c'), list(node, 1))
  .map(([a, b, c, extra]) => [a, b, c, ...extra].filter((n): n is KubeObject => n !== undefined));

export const EVENT_REASONS = [
  ...constants('EVENT_'),
  EVENT_FAILED_SCHEDULING,
  'Scheduled',
  'Pulling',
  'Failed',
  'BackOff',
  'FailedMount',
  'FailedCreatePodSandBox',
  'Killing',
  'SyncFailed',
];

/** Who emits what about whom (pkg/virt-controller/watch/migration/migration.go, plus the scheduler and kubelet on the target pod). */
const EVENT_KINDS: [reason: string, templates: string[], kind: string, name: string][] = [
  [K.EVENT_SUCCESSFUL_CREATE, [K.MSG_CREATED_TARGET_POD, K.MSG_CREATED_EVACUATION_MIGRATION], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_FAILED_CREATE, [K.MSG_ERROR_CREATING_POD, K.MSG_FAILED_RENDER_MANIFEST, K.MSG_ERROR_CREATING_MIGRATION], 'VirtualMachineInstance', 'vm1'],
  [K.EVENT_SUCCESSFUL_HANDOVER, [K.MSG_HANDED_OVER], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_FAILED_HANDOVER, [K.MSG_FAILED_HANDOVER], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_SUCCESSFUL_MIGRATION, [K.MSG_MIGRATION_SUCCEEDED], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_FAILED_MIGRATION, constants('MSG_FAILED_'), 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_FAILED_MIGRATION, [K.MSG_MIGRATION_UID_FAILED], 'VirtualMachineInstance', 'vm1'],
  [K.EVENT_SUCCESSFUL_ABORT_MIGRATION, [K.MSG_ABORT_READY], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_SUCCESSFUL_DELETE, [K.MSG_UNSCHEDULABLE_POD_TIMEOUT, K.MSG_PENDING_POD_TIMEOUT, K.MSG_CANCELED_POD_DELETED, K.MSG_PENDING_POD_TIMEOUT_OLD], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_TARGET_POD_UNSCHEDULABLE, [K.MSG_TARGET_POD_UNSCHEDULABLE], 'VirtualMachineInstanceMigration', MIGRATION_NAMES[0]],
  [K.EVENT_NO_SUITABLE_NODES_HOST_MODEL, [K.MSG_NO_SUITABLE_NODES_HOST_MODEL], 'VirtualMachineInstance', 'vm1'],
  [K.EVENT_MIGRATION_BACKOFF, [K.MSG_MIGRATION_BACKOFF], 'VirtualMachineInstance', 'vm1'],
  [K.EVENT_MIGRATED, [K.MSG_MIGRATION_UID_FAILED, K.MSG_MIGRATED_TO_NODE, K.MSG_DOMAIN_NEVER_OBSERVED, K.MSG_EVICTION_NOT_MIGRATABLE], 'VirtualMachineInstance', 'vm1'],
  [K.EVENT_MIGRATING, [K.MSG_VMI_MIGRATING, K.MSG_VMI_ABORTING_MIGRATION], 'VirtualMachineInstance', 'vm1'],
  [K.EVENT_PREPARING_TARGET, [K.MSG_TARGET_PREPARED, K.MSG_TARGET_LISTENING], 'VirtualMachineInstance', 'vm1'],
  [EVENT_FAILED_SCHEDULING, SCHEDULER_TEXTS, 'Pod', POD_NAMES[1]],
  ['FailedMount', REAL_TEXTS.filter((t) => t.startsWith('Unable to attach')), 'Pod', POD_NAMES[1]],
  ['FailedCreatePodSandBox', REAL_TEXTS.filter((t) => t.startsWith('Failed to create pod sandbox')), 'Pod', POD_NAMES[1]],
  ['BackOff', REAL_TEXTS.filter((t) => t.startsWith('Back-off')), 'Pod', POD_NAMES[1]],
];
/** Values for the %s/%d/%v of event templates: mostly the scene's own names and uids. */
const eventFill: Arb<string> = fc.oneof(
  { arbitrary: fc.constantFrom(MIGRATION_UIDS[0]!, 'default/vm1', POD_NAMES[1], 'default', 'vm1', '300'), weight: 4 },
  { arbitrary: fc.constantFrom(...REAL_TEXTS, ...constants('FAILURE_').map((f) => f.replace(/%[sdv]/g, '150'))), weight: 2 },
  { arbitrary: fillValue, weight: 1 },
);
/** reason, message and the object it is about, coherent (as the controllers emit them) or random. */
const eventCore = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...EVENT_KINDS), fc.nat(), fc.array(eventFill, { minLength: 4, maxLength: 4 })).map(([[reason, templates, kind, name], n, vals]) => {
      let i = 0;
      return { reason, message: templates[n % templates.length]!.replace(/%[sdv]/g, () => vals[i++ % vals.length]!), about: { kind, name } as Record<string, unknown> };
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ reason: known(EVENT_REASONS), message, about: partial({ kind: known(['VirtualMachineInstance', 'VirtualMachineInstanceMigration', 'Pod', 'VirtualMachine']), name: fc.constantFrom(...VMI_NAMES, ...MIGRATION_NAMES, ...POD_NAMES) }) }),
  },
);
/** What a dump did to one field: kept it, dropped it, nulled it (YAML or bundle), or mistyped it. */
type Fate = 'keep' | 'drop' | null | 'null' | 'mistyped';
const fate: Arb<Fate> = fc.oneof({ arbitrary: fc.constant<Fate>('keep'), weight: 30 }, { arbitrary: fc.constantFrom<Fate>('drop', null, 'null', 'mistyped'), weight: 3 });
function fated(v: unknown, f: Fate): unknown {
  return f === 'keep' ? v : f === 'mistyped' ? mistyped(v) : f === 'drop' ? undefined : f;
}

/** core/v1 Events (count, first/lastTimestamp) and events.k8s.io ones (regarding, note, series). */
const event: Arb<KubeObject> = fc
  .tuple(
    eventCore,
    partial({ namespace, uid: fc.constantFrom(...VMI_UIDS, ...MIGRATION_UIDS, ...POD_UIDS) }),
    fc.tuple(fate, fate, fate),
    fc.boolean(),
    object('v1', 'Event', metadata({ names: ['vm1.187a1', 'vm1.187a2', 'mig.187a3'] }), {
      type: dumped(known(['Normal', 'Warning'])),
      count: dumped(fc.oneof(small, fc.constant('3'))),
      firstTimestamp: dumped(timestamp),
      lastTimestamp: dumped(timestamp),
      eventTime: dumped(timestamp),
      series: dumped(partial({ count: small, lastObservedTime: timestamp })),
      source: dumped(partial({ component: known(['virtualmachine-controller', 'virt-handler', 'default-scheduler', 'kubelet']), host: fc.constantFrom(...NODE_NAMES) })),
    }),
  )
  .map(([core, extra, [fReason, fMessage, fAbout], modern, e]) => {
    const about = fated({ ...core.about, ...extra }, fAbout);
    const fields: Record<string, unknown> = modern
      ? { apiVersion: 'events.k8s.io/v1', reason: fated(core.reason, fReason), note: fated(core.message, fMessage), regarding: about }
      : { reason: fated(core.reason, fReason), message: fated(core.message, fMessage), involvedObject: about };
    return { ...e, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) } as KubeObject;
  });

const accessModes = list(known(['ReadWriteMany', 'ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteOncePod']));
export const pvc: Arb<KubeObject> = object('v1', 'PersistentVolumeClaim', metadata({ names: CLAIMS }), {
  spec: dumped(
    partial({
      accessModes,
      volumeMode: known(['Block', 'Filesystem']),
      storageClassName: fc.constantFrom(...STORAGE_CLASSES),
      volumeName: fc.constantFrom(...PV_NAMES),
      resources: partial({ requests: resourceList(['storage']) }),
    }),
  ),
  status: dumped(partial({ phase: known(['Bound', 'Pending', 'Lost']), accessModes, capacity: resourceList(['storage']) })),
});

export const pv: Arb<KubeObject> = object('v1', 'PersistentVolume', metadata({ names: PV_NAMES, namespaced: false }), {
  spec: dumped(
    partial({
      accessModes,
      volumeMode: known(['Block', 'Filesystem']),
      storageClassName: fc.constantFrom(...STORAGE_CLASSES),
      claimRef: partial({ namespace: fc.constantFrom(...NAMESPACES), name: fc.constantFrom(...CLAIMS), uid: text }),
      nodeAffinity: partial({ required: nodeSelectorTerms }),
      local: partial({ path: text }),
      hostPath: partial({ path: text }),
      csi: partial({ driver: known(['driver.longhorn.io', 'rbd.csi.ceph.com', 'nfs.csi.k8s.io']), volumeHandle: text, volumeAttributes: stringMap(text) }),
      nfs: partial({ server: text, path: text }),
    }),
  ),
  status: dumped(partial({ phase: known(['Bound', 'Available', 'Released']) })),
});

export const storageClass: Arb<KubeObject> = object('storage.k8s.io/v1', 'StorageClass', metadata({ names: STORAGE_CLASSES, namespaced: false }), {
  provisioner: dumped(known(['driver.longhorn.io', 'nfs.csi.k8s.io', 'rancher.io/local-path', 'kubernetes.io/no-provisioner', 'rbd.csi.ceph.com'])),
  parameters: dumped(stringMap(known(['numberOfReplicas', 'migratable', 'staleReplicaTimeout', 'shareManager']), fc.oneof(fc.constantFrom('1', '3', 'true'), labelValue), 3)),
  volumeBindingMode: dumped(known(['Immediate', 'WaitForFirstConsumer'])),
  allowedTopologies: dumped(list(partial({ matchLabelExpressions: list(partial({ key: known([K.LABEL_HOSTNAME]), values: list(fc.constantFrom(...NODE_NAMES)) }), 2) }), 2)),
});

export const dataVolume: Arb<KubeObject> = object('cdi.kubevirt.io/v1beta1', 'DataVolume', metadata({ names: CLAIMS }), {
  spec: dumped(dataVolumeSpec),
  status: dumped(partial({ phase: known(['Succeeded', 'ImportInProgress', 'Pending']), claimName: fc.constantFrom(...CLAIMS) })),
});

export const storageProfile: Arb<KubeObject> = object('cdi.kubevirt.io/v1beta1', 'StorageProfile', metadata({ names: STORAGE_CLASSES, namespaced: false }), {
  spec: dumped(partial({ claimPropertySets: list(partial({ accessModes, volumeMode: known(['Block', 'Filesystem']) }), 2) })),
  status: dumped(partial({ storageClass: fc.constantFrom(...STORAGE_CLASSES), provisioner: text, claimPropertySets: list(partial({ accessModes, volumeMode: known(['Block', 'Filesystem']) }), 2) })),
});

export const kubevirt: Arb<KubeObject> = object('kubevirt.io/v1', 'KubeVirt', metadata({ names: ['kubevirt'] }).map((m) => ({ ...m, namespace: KUBEVIRT_NAMESPACE })), {
  spec: dumped(
    partial({
      configuration: partial({
        migrations: migrationConfiguration,
        evictionStrategy: known([K.EVICTION_NONE, K.EVICTION_LIVE_MIGRATE, K.EVICTION_LIVE_MIGRATE_IF_POSSIBLE, K.EVICTION_EXTERNAL]),
        developerConfiguration: partial({
          featureGates: list(known(['LiveMigration', 'HotplugVolumes', 'CPUManager', 'VMLiveUpdateFeatures', 'DecentralizedLiveMigration']), 4),
          nodeSelectors: stringMap(nodeLabelKey, nodeLabelValue, 2),
          logVerbosity: dictionary(known(['virtLauncher', 'virtHandler']), fc.oneof(small, fc.constant('2')), { maxKeys: 2 }),
        }),
        network: partial({ binding: dictionary(known(['passt', 'managedtap', 'l2bridge']), partial({ migration: fc.oneof(empty, partial({ method: known(['link-refresh']) })), domainAttachmentType: text }), { maxKeys: 2 }), defaultNetworkInterface: known(['masquerade', 'bridge']) }),
      }),
    }),
  ),
  status: dumped(
    partial({
      phase: known(['Deployed', 'Deploying']),
      observedKubeVirtVersion: known(['v1.6.3', '1.6.3-150700.3.13.1', 'v0.59.0', 'v1.0.0', 'v1.1.1', 'v1.4.0', 'v1.9.0', 'v4.11.0']),
      operatorVersion: known(['v1.6.3', 'v0.54.0']),
      targetKubeVirtVersion: known(['v1.6.3']),
    }),
  ),
});

const migrationPolicy: Arb<KubeObject> = object('migrations.kubevirt.io/v1alpha1', 'MigrationPolicy', metadata({ names: ['fast', 'slow-storage', 'db'], namespaced: false }), {
  spec: dumped(
    partial({
      selectors: partial({ namespaceSelector: stringMap(known([K.LABEL_PSA_ENFORCE, 'team']), fc.constantFrom('privileged', 'db', 'a')), virtualMachineInstanceSelector: stringMap(known(['app', 'tier']), fc.constantFrom('db', 'web')) }),
      allowAutoConverge: fc.boolean(),
      bandwidthPerMigration: quantity,
      completionTimeoutPerGiB: fc.oneof(small, fc.constant('300')),
      allowPostCopy: fc.boolean(),
      allowWorkloadDisruption: fc.boolean(),
      maxDowntimeMs: small,
    }),
  ),
});

const resourceQuota: Arb<KubeObject> = object('v1', 'ResourceQuota', metadata({ names: ['default-z4g94', 'compute'] }), {
  spec: dumped(partial({ hard: resourceList(QUOTA_RESOURCES), scopes: list(known(['NotTerminating', 'BestEffort', 'PriorityClass']), 2) })),
  status: dumped(partial({ hard: resourceList(QUOTA_RESOURCES), used: resourceList(QUOTA_RESOURCES) })),
});

const namespaceObject: Arb<KubeObject> = object('v1', 'Namespace', metadata({ names: NAMESPACES, namespaced: false, labels: stringMap(known([K.LABEL_PSA_ENFORCE, 'team']), fc.constantFrom('privileged', 'baseline', 'restricted', 'db')) }), {});

// ---- launcher logs and virt-handler metrics ----

const progressNumber = fc.oneof(fc.integer({ min: 0, max: 1 << 20 }), fc.integer({ min: -10, max: 10 }));
/** `Migration info for <uid>: …` in the three eras of `logMigrationInfo`. */
export const progressLine: Arb<string> = fc
  .tuple(usually(MIGRATION_UIDS[0]!, fc.constantFrom(...MIGRATION_UIDS, 'uid-other')), fc.constantFrom('v0.59', 'v1.x', 'v1.9'), fc.array(progressNumber, { minLength: 10, maxLength: 10 }))
  .map(([uid, era, [t, p, r, tot, mp, mr, mt, bw, dirty, it]]) => {
    const head = `Migration info for ${uid}: TimeElapsed:${t}ms`;
    if (era === 'v0.59') {
      return `${head} DataProcessed:${p}B DataRemaining:${r}B DataTotal:${tot}B MemoryProcessed:${mp}B MemoryRemaining:${mr}B MemoryTotal:${mt}B MemoryBandwidth:${bw}B/s DirtyRate:${dirty}B/s Iteration:${it} PostcopyRequests:0 ConstantPages:0 NormalPages:0 NormalData:0B ExpectedDowntime:300ms DiskBps:0`;
    }
    const body = `${head} DataProcessed:${p}MiB DataRemaining:${r}MiB DataTotal:${tot}MiB MemoryProcessed:${mp}MiB MemoryRemaining:${mr}MiB MemoryTotal:${mt}MiB MemoryBandwidth:${bw}Mbps DirtyRate:${dirty}Mbps Iteration:${it} PostcopyRequests:0 ConstantPages:0 NormalPages:0 NormalData:0MiB`;
    return era === 'v1.x' ? `${body} ExpectedDowntime:300ms DiskMbps:0` : `${body} Downtime:12ms DowntimeNet:3ms DiskMbps:0 CompressionRatio:1.50x`;
  });

const LOG_TEMPLATES = TEMPLATES.filter((t) => K.LOG_MIGRATION_INFO !== t);
const logMsg: Arb<string> = fc.oneof({ arbitrary: progressLine, weight: 4 }, { arbitrary: filled(LOG_TEMPLATES), weight: 3 }, { arbitrary: failureText, weight: 1 }, { arbitrary: text, weight: 1 });
const jsonLogLine: Arb<string> = partial({
  component: fc.constant('virt-launcher'),
  level: known(['info', 'warning', 'error']),
  msg: logMsg,
  pos: fc.constant('live-migration-source.go:612'),
  timestamp,
  uid: fc.constantFrom(...VMI_UIDS),
  reason: failureText,
}).map((o) => JSON.stringify(o));

/** Lines of a source launcher's compute log: JSON (maybe behind `--timestamps`), libvirt text, junk. */
const logLine: Arb<string> = fc.oneof(
  { arbitrary: jsonLogLine, weight: 8 },
  { arbitrary: fc.tuple(timestamp, jsonLogLine).map(([t, l]) => `${t} ${l}`), weight: 2 },
  { arbitrary: fc.tuple(jsonLogLine, fc.nat()).map(([l, n]) => l.slice(0, n % (l.length + 1))), weight: 1 },
  { arbitrary: fc.oneof(text, progressLine, fc.constantFrom('{', '[1,2]', '{"msg": 5}', 'null', '')), weight: 1 },
);
export const launcherLog: Arb<string> = fc.array(logLine, { maxLength: 12 }).map((l) => l.join('\n'));

const metricValue = fc.oneof(fc.nat().map(String), fc.constantFrom('1.2e+09', 'NaN', '+Inf', '-1', '0', 'x'));
const metricLine: Arb<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...PROGRESS_METRIC_NAMES), usually<string>('vm1', fc.constantFrom(...VMI_NAMES)), namespace, usually<string>('node-a', fc.constantFrom(...NODE_NAMES)), metricValue, fc.option(fc.integer({ min: 0, max: 2 * 10 ** 12 })))
    .map(([n, vmi, ns, node, v, ts]) => `${n}{name="${vmi}",namespace="${ns}",node="${node}"} ${v}${ts === null ? '' : ` ${ts}`}`),
  fc.constantFrom('# HELP kubevirt_vmi_migration_data_remaining_bytes x', '# TYPE kubevirt_vmi_migration_data_remaining_bytes gauge', 'go_goroutines 42'),
  text,
);
export const metricsPage: Arb<string> = fc.array(metricLine, { maxLength: 8 }).map((l) => l.join('\n'));

// ---- scenes ----

/** A list that a source may refuse (403): the commands must answer `unknown`, not crash. */
type Refusable = ResourceId | 'log' | 'proxy';
const REFUSABLE: Refusable[] = ['vmim', 'pod', 'event', 'node', 'resourcequota', 'pvc', 'pv', 'kubevirt', 'migrationpolicy', 'namespace', 'storageclass', 'datavolume', 'storageprofile', 'vm', 'log', 'proxy'];

export interface Scene {
  objects: KubeObject[];
  namespace: string;
  /** The snapshot's time. */
  now: string;
  /** Source launcher compute logs by pod name. */
  logs: Record<string, string>;
  /** virt-handler /metrics pages by virt-handler pod name. */
  metrics: Record<string, string>;
  forbidden: Refusable[];
}

/** Everything a command may read: the VMs and their migrations with the cluster around them. */
export const scene: Arb<Scene> = record({
  objects: fc
    .tuple(
      list(vm, 2),
      fc.array(vmi, { minLength: 1, maxLength: 2 }),
      list(vmim, 3),
      list(launcherPod, 3),
      list(handlerPod, 2),
      nodes,
      list(event, 6),
      list(pvc, 2),
      list(pv, 2),
      list(storageClass, 2),
      list(dataVolume, 1),
      list(storageProfile, 1),
      list(kubevirt, 1),
      list(migrationPolicy, 2),
      list(resourceQuota, 1),
      list(namespaceObject, 1),
    )
    .map((groups) => groups.flat()),
  namespace,
  now,
  logs: dictionary(usually<string>(POD_NAMES[0], fc.constantFrom(...POD_NAMES)), launcherLog, { maxKeys: 2 }),
  metrics: dictionary(fc.constantFrom(...HANDLER_PODS), metricsPage, { maxKeys: 2 }),
  forbidden: fc.subarray(REFUSABLE, { maxLength: 2 }),
});

/** Names of the scene's objects of `kinds` (in its namespace unless `anyNamespace`). */
export function namesIn(s: Scene, kinds: readonly string[], anyNamespace = false): string[] {
  return s.objects
    .filter((o) => kinds.includes(o.kind ?? '') && (anyNamespace || [undefined, s.namespace].includes(o.metadata.namespace)))
    .map((o) => o.metadata.name ?? '');
}
