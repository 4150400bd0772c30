// Text a hostile cluster or dump can write, and what output may hold of it (issue #16 item 1).
// PAYLOAD has one sample of every class of character that drives a terminal or hides text;
// hostileCluster() puts it into the example cluster wherever the cluster writes free text, and
// gives objects names that hold it (with a newline, a tab and spaces, as only a dump can).
import { CONTROL_CHARS } from '../../src/kube/control-chars.js';
import type { KubeObject } from '../../src/kube/types.js';

/** One sample of each class, separated by `x` so that the escaped form stays readable. */
export const PAYLOAD_PARTS = {
  osc52Clipboard: '\x1b]52;c;aGVsbG8=\x07',
  csiClearScreen: '\x1b[2J\x1b[H',
  osc8Hyperlink: '\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\',
  sgrColour: '\x1b[31;1m',
  c1Csi: '\x9b6n',
  c1Osc: '\x9d0;title\x9c',
  nel: '\x85',
  nul: '\x00',
  cr: '\r',
  bs: '\b',
  del: '\x7f',
  bel: '\x07',
  vtFf: '\x0b\x0c',
  bidiOverride: '\u202e\u202a\u202d\u202c',
  bidiIsolate: '\u2066\u2067\u2068\u2069',
  zeroWidth: '\u200b\u200f\ufeff\u00ad',
  separators: '\u2028\u2029',
  tagCharacter: '\u{e0041}',
  loneSurrogate: '\ud800',
  nonCharacter: '\ufffe',
} as const;

export const PAYLOAD = Object.values(PAYLOAD_PARTS).join('x');

/** A name only a dump (or a fake server) can hold: the payload, a newline, a tab, spaces. */
export const HOSTILE_NAME = `evil${PAYLOAD}\nsecond line\tand a tab`;

/** The hostile migration of db-primary: a CPU mismatch whose feature list ends in the payload. */
export const HOSTILE_MIGRATION = `db-primary-migration-${PAYLOAD}`;
export const HOSTILE_FEATURES = ['vmx-rdrand-exit', 'vmx-vmfunc'];
export const HOSTILE_FAILURE_REASON = `Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=9, Domain=31, Message='operation failed: guest CPU doesn't match specification: missing features: ${HOSTILE_FEATURES.join(',')}${PAYLOAD}')`;

/** An object as the tests write it: any field may be set. */
type Obj = KubeObject & { status?: { conditions?: { message?: string }[] }; message?: string };

/** The example cluster's objects, with the payload in every free text and objects named with it. */
export function hostileCluster(example: readonly KubeObject[]): KubeObject[] {
  const objects = structuredClone(example) as KubeObject[];
  for (const o of objects as Obj[]) {
    if (o.kind === 'Event') o.message = `${o.message ?? ''}${PAYLOAD}`;
    for (const c of o.status?.conditions ?? []) if (c.message) c.message = `${c.message}${PAYLOAD}`;
  }
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;
  const renamed = (o: KubeObject, name: string): KubeObject => {
    const copy = structuredClone(o);
    copy.metadata = { ...copy.metadata, name, uid: `hostile-${copy.metadata.uid ?? name}` };
    delete copy.metadata.resourceVersion;
    return copy;
  };
  // A VM, its VMI and a node with hostile names (check-migratable, list, completion).
  objects.push(renamed(find('VirtualMachine', 'db-primary'), HOSTILE_NAME), renamed(find('VirtualMachineInstance', 'db-primary'), HOSTILE_NAME));
  objects.push(renamed(find('Node', 'node-4'), `node-9${PAYLOAD}`));
  // db-primary's latest migration failed, named and explained with the payload (why, list, abort).
  objects.push({
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstanceMigration',
    metadata: {
      name: HOSTILE_MIGRATION,
      namespace: 'prod',
      uid: '7f3c2a10-hostile-4e2b-9c1d-000000000001',
      creationTimestamp: '2025-11-20T10:00:00Z',
      labels: { 'kubevirt.io/vmi-name': 'db-primary' },
      annotations: { note: PAYLOAD },
    },
    spec: { vmiName: 'db-primary' },
    status: {
      phase: 'Failed',
      phaseTransitionTimestamps: [
        { phase: 'Pending', phaseTransitionTimestamp: '2025-11-20T10:00:00Z' },
        { phase: 'Running', phaseTransitionTimestamp: '2025-11-20T10:00:09Z' },
        { phase: 'Failed', phaseTransitionTimestamp: '2025-11-20T10:00:14Z' },
      ],
      migrationState: {
        failed: true,
        completed: true,
        failureReason: HOSTILE_FAILURE_REASON,
        migrationUid: '7f3c2a10-hostile-4e2b-9c1d-000000000001',
        mode: 'PreCopy',
        sourceNode: 'node-2',
        sourcePod: 'virt-launcher-db-primary-427vp',
        targetNode: `node-9${PAYLOAD}`,
        targetPod: `virt-launcher-db-primary-${PAYLOAD}`,
        startTimestamp: '2025-11-20T10:00:09Z',
        endTimestamp: '2025-11-20T10:00:14Z',
      },
    },
  });
  objects.push({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'db-primary.hostile0001', namespace: 'prod', creationTimestamp: '2025-11-20T10:00:14Z' },
    involvedObject: { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', name: 'db-primary', namespace: 'prod' },
    reason: 'Migrated',
    message: `VirtualMachineInstance migration uid 7f3c2a10-hostile-4e2b-9c1d-000000000001 failed. reason:${HOSTILE_FAILURE_REASON}`,
    type: 'Warning',
    count: 1,
    firstTimestamp: '2025-11-20T10:00:14Z',
    lastTimestamp: '2025-11-20T10:00:14Z',
    source: { component: 'virtualmachine-controller' },
  } as KubeObject);
  return objects;
}

/** Launcher log lines (virt-launcher's JSON lines) that carry the payload. */
export function hostileLogLines(): string {
  const line = (level: string, msg: string) => JSON.stringify({ component: 'virt-launcher', level, msg, pos: 'live-migration-source.go:983', timestamp: '2025-11-20T10:00:12.000000Z' });
  return [
    line('info', `Initiating live migration.${PAYLOAD}`),
    line('error', `Live migration failed.${PAYLOAD}`),
    `${PAYLOAD} not JSON at all`,
  ].join('\n') + '\n';
}

const CONTROL = new RegExp(`[${CONTROL_CHARS}]`, 'gu');
/** Our own colour, as Style writes it, and why --watch's screen clear. */
const OUR_SEQUENCES = /\x1b\[(?:1|2|22|31|32|33|36|39)m|\x1b\[H\x1b\[2J/g;

/** Every raw control character in `text` but tab and newline (and our own SGR when `colour`). */
export function rawControls(text: string, colour = false): string[] {
  const t = colour ? text.replace(OUR_SEQUENCES, '') : text;
  return [...t.matchAll(CONTROL)].map((m) => m[0]).filter((c) => c !== '\n' && c !== '\t');
}

/** What a string becomes in YAML: a lone surrogate has no YAML form (U+FFFD, as Go writes it). */
export function asYamlValue<T>(value: T): T {
  const fix = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(/\p{Cs}/gu, '\uFFFD');
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [fix(k), fix(x)]));
    return v;
  };
  return fix(value) as T;
}
