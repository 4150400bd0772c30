// The fault matrix of faults.e2e.test.ts: each command on the example cluster, the requests that
// matter to it, and per fault what the contract (§3 exit codes, §4 errors[]) says must happen.
// `primary` reads are those a command cannot answer without: any failure there is exit 3. Every
// other read is secondary: its failure is a partial result (the clean run's exit code, the
// resource in errors[], the checks that needed it `unknown`). Writes are never retried.
import type { FaultSpec } from '../fake-apiserver/index.js';

export type CommandName = 'why' | 'check-migratable' | 'list' | 'start' | 'abort';

/** Requests by method and exact path, and the resource name errors[] and messages use for them. */
export interface Target {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  resource: string;
}

/** The requests to exactly this path. */
export const at = (method: Target['method'], path: string, resource: string): Target => ({
  method,
  path: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  resource,
});
const get = (path: string, resource: string) => at('GET', path, resource);

export const PENDING_MIGRATION = 'kubevirt-migrate-vm-vk7vt'; // dev/ci-runner, Pending (examples/README.md)
const KV = '/apis/kubevirt.io/v1';
const VMIS = 'virtualmachineinstances.kubevirt.io';
const VMS = 'virtualmachines.kubevirt.io';
const VMIMS = 'virtualmachineinstancemigrations.kubevirt.io';

export const T = {
  vmimsAll: get(`${KV}/virtualmachineinstancemigrations`, VMIMS),
  nodes: get('/api/v1/nodes', 'nodes'),
  // The node ci-runner runs on: why and list GET the nodes they need by name.
  nodeOfCiRunner: get('/api/v1/nodes/node-2', 'nodes'),
  eventsDev: get('/api/v1/namespaces/dev/events', 'events'),
  ciRunnerLog: get('/api/v1/namespaces/dev/pods/virt-launcher-ci-runner-4w89x/log', 'pods/log'),
  vmsProd: get(`${KV}/namespaces/prod/virtualmachines`, VMS),
  vmisProd: get(`${KV}/namespaces/prod/virtualmachineinstances`, VMIS),
  pvcsProd: get('/api/v1/namespaces/prod/persistentvolumeclaims', 'persistentvolumeclaims'),
  dataVolumesProd: get('/apis/cdi.kubevirt.io/v1beta1/namespaces/prod/datavolumes', 'datavolumes.cdi.kubevirt.io'),
  storageClasses: get('/apis/storage.k8s.io/v1/storageclasses', 'storageclasses.storage.k8s.io'),
  kubevirts: get(`${KV}/kubevirts`, 'kubevirts.kubevirt.io'),
  vmiDbPrimary: get(`${KV}/namespaces/prod/virtualmachineinstances/db-primary`, VMIS),
  vmDbPrimary: get(`${KV}/namespaces/prod/virtualmachines/db-primary`, VMS),
  createVmim: at('POST', `${KV}/namespaces/prod/virtualmachineinstancemigrations`, VMIMS),
  vmimsDev: get(`${KV}/namespaces/dev/virtualmachineinstancemigrations`, VMIMS),
  vmimCiRunner: get(`${KV}/namespaces/dev/virtualmachineinstancemigrations/ci-runner`, VMIMS),
  // Every VMIM path: the collections and the objects (a CRD that is not served answers 404 on all).
  vmimsAny: { method: 'GET', path: /\/virtualmachineinstancemigrations(\/|$)/, resource: VMIMS },
  vmiCiRunner: get(`${KV}/namespaces/dev/virtualmachineinstances/ci-runner`, VMIS),
  deleteVmim: at('DELETE', `${KV}/namespaces/dev/virtualmachineinstancemigrations/${PENDING_MIGRATION}`, VMIMS),
} satisfies Record<string, Target>;

export interface CommandSpec {
  name: CommandName;
  /** Without -o and --kubeconfig. */
  args: string[];
  /** Exit code of the run without faults. */
  exitCode: 0 | 1;
  /** Reads and writes whose failure is exit 3; every other request of the clean run is secondary. */
  primary: (method: string, path: string) => boolean;
  /** Reads that are secondary one by one but primary together (exit 3 when all fail). */
  primaryTogether?: Target[];
}

const oneOf =
  (...targets: Target[]) =>
  (method: string, path: string) =>
    targets.some((t) => t.method === method && t.path.test(path));

export const COMMANDS: Record<CommandName, CommandSpec> = {
  // NAME is resolved by GETs (a VMIM, else a VMI); without the migrations (the VMI's, and every
  // unfinished one for the Pending one's slots) there is nothing to diagnose.
  why: { name: 'why', args: ['why', 'ci-runner', '-n', 'dev'], exitCode: 1, primary: oneOf(T.vmimCiRunner, T.vmiCiRunner, T.vmimsDev, T.vmimsAll) },
  // VMs and VMIs stand in for each other (a VM's VMI, a VMI's VM): only both failing is fatal.
  'check-migratable': {
    name: 'check-migratable',
    args: ['check-migratable', 'erp-app', '-n', 'prod'],
    exitCode: 1,
    primary: () => false,
    primaryTogether: [T.vmsProd, T.vmisProd],
  },
  list: { name: 'list', args: ['list', '-A'], exitCode: 0, primary: oneOf(T.vmimsAll) },
  // NAME as a VMI or a VM, and the create itself.
  start: { name: 'start', args: ['start', 'db-primary', '-n', 'prod'], exitCode: 0, primary: oneOf(T.vmiDbPrimary, T.vmDbPrimary, T.createVmim) },
  // abort deletes exactly what it inspected: every read that decides it is needed. The KubeVirt CR
  // only words the warning that KubeVirt re-creates the migration (which version's way to stop it):
  // without it the abort goes on and errors[] says so.
  abort: { name: 'abort', args: ['abort', 'ci-runner', '-n', 'dev'], exitCode: 0, primary: (method, path) => !T.kubevirts.path.test(path) },
};

export type FaultName = '401' | '404' | '409' | '429' | '500' | '503' | 'drop' | 'timeout' | 'truncated' | 'invalid-json';

/** What must come out: the clean run's result, a partial result, or exit 3 with one error line. */
export type Outcome = 'ok' | 'partial' | 'fatal';

export interface Expect {
  outcome: Outcome;
  /** The error line (fatal) or an errors[] entry (partial) names this. */
  names?: string | RegExp;
  /** Exactly this many requests matched the target (reads: attempts; writes: always 1). */
  requests?: [Target, number][];
  /** The retries honoured a Retry-After of this many ms (the gap between attempts). */
  waitedMs?: number;
  /** Ended before this many ms: did not wait for the slow response. */
  withinMs?: number;
}

export interface FaultCase {
  command: CommandName;
  fault: FaultName;
  /** What is faulted, for the test title. */
  on: string;
  /** Replaces the command's arguments. */
  args?: string[];
  /** 401 cases: a server that wants a token, and the token the kubeconfig has. */
  auth?: { token?: string };
  faults: FaultSpec[];
  expect: Expect;
}

/** A fault on the requests of `target`. */
export const on = (target: Target, spec: FaultSpec): FaultSpec => ({ method: target.method, path: target.path, ...spec });

// Retries: 3 attempts per read (DEFAULT_RETRY_POLICY), so `times: 2` recovers and no `times` does not.
const RETRY_AFTER = { status: 429, retryAfterSeconds: 1, times: 1 };
// The timeout must stay well above an ordinary request on a loaded machine (every fake server
// shares the test's event loop); "timely" = before the slow answer would have come.
const SLOW = { delayMs: 10_000 };
const TIMEOUT_ARGS = ['--request-timeout', '3s'];
const TIMELY = 9000;
const UNAUTHORIZED = /^error: You must be logged in to the server \(Unauthorized\)$/;
const ALREADY_EXISTS = `${VMIMS} "db-primary-migration-x7k2p" already exists`;
const MODIFIED = `Operation cannot be fulfilled on ${VMIMS} "${PENDING_MIGRATION}": the object has been modified; please apply your changes to the latest version and try again`;

const ok = (requests?: [Target, number][], extra: Partial<Expect> = {}): Expect => ({ outcome: 'ok', ...(requests ? { requests } : {}), ...extra });
const partial = (t: Target, requests?: [Target, number][], extra: Partial<Expect> = {}): Expect => ({
  outcome: 'partial',
  names: t.resource,
  ...(requests ? { requests } : {}),
  ...extra,
});
const fatal = (names: string | RegExp, requests?: [Target, number][], extra: Partial<Expect> = {}): Expect => ({
  outcome: 'fatal',
  names,
  ...(requests ? { requests } : {}),
  ...extra,
});

export const CASES: FaultCase[] = [
  // ---- why ci-runner -n dev (blocked: exit 1) ----
  { command: 'why', fault: '401', on: 'a wrong token', auth: { token: 'wrong' }, faults: [], expect: fatal(UNAUTHORIZED) },
  { command: 'why', fault: '404', on: 'NAME', args: ['why', 'nope', '-n', 'dev'], faults: [], expect: fatal(/"nope" in namespace "dev"/) },
  { command: 'why', fault: '404', on: 'the VMIM resource (CRD not served)', faults: [on(T.vmimsAny, { status: 404 })], expect: fatal(`resource type "${VMIMS}"`) },
  { command: 'why', fault: '409', on: 'the node', faults: [on(T.nodeOfCiRunner, { status: 409 })], expect: partial(T.nodeOfCiRunner, [[T.nodeOfCiRunner, 1]]) },
  { command: 'why', fault: '429', on: 'the VMI, once', faults: [on(T.vmiCiRunner, RETRY_AFTER)], expect: ok([[T.vmiCiRunner, 2]], { waitedMs: 1000 }) },
  { command: 'why', fault: '500', on: 'the VMI, twice', faults: [on(T.vmiCiRunner, { status: 500, times: 2 })], expect: ok([[T.vmiCiRunner, 3]]) },
  { command: 'why', fault: '503', on: 'the node, always', faults: [on(T.nodeOfCiRunner, { status: 503 })], expect: partial(T.nodeOfCiRunner, [[T.nodeOfCiRunner, 3]]) },
  { command: 'why', fault: 'drop', on: 'the VMIM list, always', faults: [on(T.vmimsAll, { drop: true })], expect: fatal(VMIMS, [[T.vmimsAll, 3]]) },
  {
    command: 'why',
    fault: 'timeout',
    on: 'the launcher log',
    args: [...COMMANDS.why.args, ...TIMEOUT_ARGS],
    faults: [on(T.ciRunnerLog, SLOW)],
    expect: partial(T.ciRunnerLog, [[T.ciRunnerLog, 1]], { withinMs: TIMELY }),
  },
  { command: 'why', fault: 'truncated', on: 'the VMI', faults: [on(T.vmiCiRunner, { truncateBody: true })], expect: fatal(VMIS, [[T.vmiCiRunner, 1]]) },
  // Two lists of events: the VMI's and the migration's (field selectors).
  { command: 'why', fault: 'invalid-json', on: 'events', faults: [on(T.eventsDev, { invalidJson: true })], expect: partial(T.eventsDev, [[T.eventsDev, 2]]) },

  // ---- check-migratable erp-app -n prod (not migratable: exit 1) ----
  { command: 'check-migratable', fault: '401', on: 'a wrong token', auth: { token: 'wrong' }, faults: [], expect: fatal(UNAUTHORIZED) },
  { command: 'check-migratable', fault: '404', on: 'NAME', args: ['check-migratable', 'nope', '-n', 'prod'], faults: [], expect: fatal(`${VMS} "nope" not found`) },
  {
    command: 'check-migratable',
    fault: '404',
    on: 'the VM and VMI collections (KubeVirt not installed)',
    faults: [on(T.vmsProd, { status: 404 }), on(T.vmisProd, { status: 404 })],
    expect: fatal(/resource type "virtual(machines|machineinstances)\.kubevirt\.io"/),
  },
  // CDI is optional: not installed is no error at all.
  { command: 'check-migratable', fault: '404', on: 'DataVolumes (CDI not installed)', faults: [on(T.dataVolumesProd, { status: 404 })], expect: ok([[T.dataVolumesProd, 1]]) },
  { command: 'check-migratable', fault: '409', on: 'nodes', faults: [on(T.nodes, { status: 409 })], expect: partial(T.nodes, [[T.nodes, 1]]) },
  { command: 'check-migratable', fault: '429', on: 'the VM list, once', faults: [on(T.vmsProd, RETRY_AFTER)], expect: ok([[T.vmsProd, 2]], { waitedMs: 1000 }) },
  { command: 'check-migratable', fault: '500', on: 'the VM list, twice', faults: [on(T.vmsProd, { status: 500, times: 2 })], expect: ok([[T.vmsProd, 3]]) },
  {
    command: 'check-migratable',
    fault: '503',
    on: 'StorageClasses, always',
    faults: [on(T.storageClasses, { status: 503 })],
    expect: partial(T.storageClasses, [[T.storageClasses, 3]]),
  },
  {
    command: 'check-migratable',
    fault: 'drop',
    on: 'the VM and VMI lists, always',
    faults: [on(T.vmsProd, { drop: true }), on(T.vmisProd, { drop: true })],
    expect: fatal(/virtual(machines|machineinstances)\.kubevirt\.io/, [[T.vmsProd, 3], [T.vmisProd, 3]]),
  },
  {
    command: 'check-migratable',
    fault: 'timeout',
    on: 'PVCs',
    args: [...COMMANDS['check-migratable'].args, ...TIMEOUT_ARGS],
    faults: [on(T.pvcsProd, SLOW)],
    expect: partial(T.pvcsProd, [[T.pvcsProd, 1]], { withinMs: TIMELY }),
  },
  {
    command: 'check-migratable',
    fault: 'truncated',
    on: 'the VM and VMI lists',
    faults: [on(T.vmsProd, { truncateBody: true }), on(T.vmisProd, { truncateBody: true })],
    expect: fatal(/virtual(machines|machineinstances)\.kubevirt\.io/, [[T.vmsProd, 1], [T.vmisProd, 1]]),
  },
  { command: 'check-migratable', fault: 'invalid-json', on: 'the KubeVirt CR', faults: [on(T.kubevirts, { invalidJson: true })], expect: partial(T.kubevirts, [[T.kubevirts, 1]]) },

  // ---- list -A (exit 0) ----
  { command: 'list', fault: '401', on: 'a wrong token', auth: { token: 'wrong' }, faults: [], expect: fatal(UNAUTHORIZED) },
  { command: 'list', fault: '404', on: 'the VMIM collection (CRD not served)', faults: [on(T.vmimsAll, { status: 404 })], expect: fatal(`resource type "${VMIMS}"`) },
  { command: 'list', fault: '409', on: 'the node of the unfinished migration', faults: [on(T.nodeOfCiRunner, { status: 409 })], expect: partial(T.nodeOfCiRunner, [[T.nodeOfCiRunner, 1]]) },
  { command: 'list', fault: '429', on: 'the VMIM list, once', faults: [on(T.vmimsAll, RETRY_AFTER)], expect: ok([[T.vmimsAll, 2]], { waitedMs: 1000 }) },
  { command: 'list', fault: '500', on: 'the VMIM list, twice', faults: [on(T.vmimsAll, { status: 500, times: 2 })], expect: ok([[T.vmimsAll, 3]]) },
  // The events of the unfinished migration and of its VMI: two lists, three attempts each.
  { command: 'list', fault: '503', on: 'events, always', faults: [on(T.eventsDev, { status: 503 })], expect: partial(T.eventsDev, [[T.eventsDev, 6]]) },
  { command: 'list', fault: 'drop', on: 'the VMIM list, always', faults: [on(T.vmimsAll, { drop: true })], expect: fatal(VMIMS, [[T.vmimsAll, 3]]) },
  {
    command: 'list',
    fault: 'timeout',
    on: 'the VMIM list',
    args: [...COMMANDS.list.args, ...TIMEOUT_ARGS],
    faults: [on(T.vmimsAll, SLOW)],
    expect: fatal(VMIMS, [[T.vmimsAll, 1]], { withinMs: TIMELY }),
  },
  { command: 'list', fault: 'truncated', on: 'the VMIM list', faults: [on(T.vmimsAll, { truncateBody: true })], expect: fatal(VMIMS, [[T.vmimsAll, 1]]) },
  { command: 'list', fault: 'invalid-json', on: 'the node of the unfinished migration', faults: [on(T.nodeOfCiRunner, { invalidJson: true })], expect: partial(T.nodeOfCiRunner, [[T.nodeOfCiRunner, 1]]) },

  // ---- start db-primary -n prod (created: exit 0). A read recovers; the create is sent once. ----
  { command: 'start', fault: '401', on: 'no token', auth: {}, faults: [], expect: fatal(UNAUTHORIZED) },
  { command: 'start', fault: '404', on: 'NAME', args: ['start', 'nope', '-n', 'prod'], faults: [], expect: fatal(/"nope" in namespace "prod"/, [[T.createVmim, 0]]) },
  {
    command: 'start',
    fault: '409',
    on: 'the create (AlreadyExists)',
    faults: [on(T.createVmim, { status: 409, message: ALREADY_EXISTS })],
    expect: fatal(VMIMS, [[T.createVmim, 1]]),
  },
  {
    command: 'start',
    fault: '429',
    on: 'the VMI read once, and the create',
    faults: [on(T.vmiDbPrimary, RETRY_AFTER), on(T.createVmim, { status: 429, retryAfterSeconds: 1 })],
    expect: fatal(VMIMS, [[T.vmiDbPrimary, 2], [T.createVmim, 1]], { waitedMs: 1000 }),
  },
  {
    command: 'start',
    fault: '500',
    on: 'the VMI read twice, and the create',
    faults: [on(T.vmiDbPrimary, { status: 500, times: 2 }), on(T.createVmim, { status: 500 })],
    expect: fatal(VMIMS, [[T.vmiDbPrimary, 3], [T.createVmim, 1]]),
  },
  {
    command: 'start',
    fault: '503',
    on: 'nodes always (a partial pre-flight), and the create',
    faults: [on(T.nodes, { status: 503 }), on(T.createVmim, { status: 503 })],
    expect: fatal(VMIMS, [[T.nodes, 3], [T.createVmim, 1]]),
  },
  {
    command: 'start',
    fault: 'drop',
    on: 'the VMI read once, and the create',
    faults: [on(T.vmiDbPrimary, { drop: true, times: 1 }), on(T.createVmim, { drop: true })],
    expect: fatal(VMIMS, [[T.vmiDbPrimary, 2], [T.createVmim, 1]]),
  },
  {
    command: 'start',
    fault: 'timeout',
    on: 'the create',
    args: [...COMMANDS.start.args, ...TIMEOUT_ARGS],
    faults: [on(T.createVmim, SLOW)],
    expect: fatal(VMIMS, [[T.createVmim, 1]], { withinMs: TIMELY }),
  },
  { command: 'start', fault: 'truncated', on: 'the VMI read', faults: [on(T.vmiDbPrimary, { truncateBody: true })], expect: fatal(VMIS, [[T.vmiDbPrimary, 1], [T.createVmim, 0]]) },
  { command: 'start', fault: 'invalid-json', on: 'the create response', faults: [on(T.createVmim, { invalidJson: true })], expect: fatal(VMIMS, [[T.createVmim, 1]]) },

  // ---- abort ci-runner -n dev (deleted: exit 0). A read recovers; the delete is sent once. ----
  { command: 'abort', fault: '401', on: 'no token', auth: {}, faults: [], expect: fatal(UNAUTHORIZED) },
  { command: 'abort', fault: '404', on: 'NAME', args: ['abort', 'nope', '-n', 'dev'], faults: [], expect: fatal(/"nope" in namespace "dev"/, [[T.deleteVmim, 0]]) },
  {
    command: 'abort',
    fault: '409',
    on: 'the delete (same uid on re-read)',
    faults: [on(T.deleteVmim, { status: 409, message: MODIFIED })],
    expect: fatal(VMIMS, [[T.deleteVmim, 1]]),
  },
  {
    command: 'abort',
    fault: '429',
    on: 'the VMIM list once, and the delete',
    faults: [on(T.vmimsDev, RETRY_AFTER), on(T.deleteVmim, { status: 429, retryAfterSeconds: 1 })],
    expect: fatal(VMIMS, [[T.vmimsDev, 2], [T.deleteVmim, 1]], { waitedMs: 1000 }),
  },
  {
    command: 'abort',
    fault: '500',
    on: 'the VMIM list twice, and the delete',
    faults: [on(T.vmimsDev, { status: 500, times: 2 }), on(T.deleteVmim, { status: 500 })],
    expect: fatal(VMIMS, [[T.vmimsDev, 3], [T.deleteVmim, 1]]),
  },
  {
    command: 'abort',
    fault: '503',
    on: 'the VMIM list, always',
    faults: [on(T.vmimsDev, { status: 503 })],
    expect: fatal(VMIMS, [[T.vmimsDev, 3], [T.deleteVmim, 0]]),
  },
  {
    command: 'abort',
    fault: 'drop',
    on: 'the VMI read once, and the delete',
    faults: [on(T.vmiCiRunner, { drop: true, times: 1 }), on(T.deleteVmim, { drop: true })],
    expect: fatal(VMIMS, [[T.vmiCiRunner, 2], [T.deleteVmim, 1]]),
  },
  {
    command: 'abort',
    fault: 'timeout',
    on: 'the delete',
    args: [...COMMANDS.abort.args, ...TIMEOUT_ARGS],
    faults: [on(T.deleteVmim, SLOW)],
    expect: fatal(VMIMS, [[T.deleteVmim, 1]], { withinMs: TIMELY }),
  },
  { command: 'abort', fault: 'truncated', on: 'the VMI read', faults: [on(T.vmiCiRunner, { truncateBody: true })], expect: fatal(VMIS, [[T.vmiCiRunner, 1], [T.deleteVmim, 0]]) },
  { command: 'abort', fault: 'invalid-json', on: 'the VMIM list', faults: [on(T.vmimsDev, { invalidJson: true })], expect: fatal(VMIMS, [[T.vmimsDev, 1], [T.deleteVmim, 0]]) },
];
