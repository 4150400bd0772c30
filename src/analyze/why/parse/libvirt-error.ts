// Classify the libvirt/QEMU error that KubeVirt wraps into a migration failure. KubeVirt's own
// texts are handled in failure-reason.ts; this module only sees what libvirt/QEMU/the kernel said.
//
// None of these texts is a KubeVirt string, so none is in src/kubevirt/constants.ts. Sources:
// - `virError(Code=%d, Domain=%d, Message='%s')`: libvirt-go's Error.Error(); seen verbatim in
//   kubevirt/kubevirt#6747, #12519 and harvester/harvester#7965, #5755.
// - `operation failed: guest CPU doesn't match specification: missing features: a,b` (comma, no
//   space) and `... extra features: ht`: libvirt src/cpu/cpu_x86.c; seen in kubevirt/kubevirt#12519,
//   harvester/harvester#7965, #8121, #11358 and qemu-devel threads.
// - `the CPU is incompatible with host CPU: Host CPU does not provide required features: xsave, avx`
//   (comma and space): libvirt virCPUx86Compare; seen in libvirtd logs quoted on public forums.
// - `Postcopy is not supported` (QEMU, via `unable to execute QEMU command 'migrate-set-capabilities'`,
//   autotest/tp-libvirt#3514) and `Userfaultfd not available: Operation not permitted`
//   (kubevirt/kubevirt#17780).
// - `Operation not supported: Cannot migrate empty or read-only disk sda` (libvirt, Code=84;
//   kubevirt/kubevirt#3920).
// - `Connection refused`, `Connection reset by peer`, `Connection timed out`, `No route to host`,
//   `Network is unreachable`, `Broken pipe`, `Input/output error`, `Read-only file system`,
//   `No space left on device`: glibc strerror() texts that libvirt and QEMU append to socket and
//   file errors; `i/o timeout` and `tls:` are Go's net/crypto errors from the migration proxy.
// - `Unable to read from monitor: Connection reset by peer`: libvirt's QEMU monitor socket; a reset
//   there usually means the QEMU process went away, so it is reported with its own kind.
// - `Unsafe migration: Migration without shared storage is unsafe` (libvirt qemuMigrationSrcIsSafe,
//   Code=81): libvirt does not see the disk's file system as shared (kubevirt/kubevirt#9643, #10094,
//   kubevirt/libvirt#31).
// - `use of 'VIR_MIGRATE_PARAM_MIGRATE_DISKS' requires use of 'VIR_MIGRATE_NON_SHARED_DISK' or
//   'VIR_MIGRATE_NON_SHARED_INC' flag` (libvirt, Code=84): disks to copy without a block migration
//   (kubevirt/kubevirt#12811).
// - `Could not open '<path>': <errno text>` (QEMU block layer, e.g. `filesystem does not support
//   O_DIRECT`, kubevirt/kubevirt#12823; `No such file or directory`, harvester/harvester#10221).
// - `Failed to get "write" lock` / `Failed to get shared "write" lock` (QEMU image locking: another
//   process holds the image, longhorn/longhorn#10498).

import {
  DISK_DIR_BLOCK,
  DISK_DIR_CONTAINER,
  DISK_DIR_HOTPLUG,
  DISK_DIR_PVC,
  MIGRATION_INTERFACE_NAME,
  MSG_MIGRATION_IFACE_NO_IP,
  MSG_MIGRATION_NO_IP_FOUND,
} from '../../../kubevirt/constants.js';
import { goFormatRegExp } from './go-format.js';
import { LIBVIRT_DEST_SMALLER_FRAGMENT } from '../../../kubevirt/migration-kinds.js';
import { CONTROL_CHARS as C } from '../../../kube/control-chars.js';

export type StorageErrorKind =
  | 'destination-smaller'
  | 'read-only-disk'
  | 'io-error'
  | 'no-space'
  | 'nbd'
  | 'not-shared'
  | 'disk-migration-params'
  | 'image-lock'
  | 'open-failed';
export type NetworkErrorKind =
  | 'migration-network'
  | 'proxy'
  | 'tls'
  | 'refused'
  | 'reset'
  | 'timeout'
  | 'no-route'
  | 'unreachable'
  | 'monitor-reset';

/** What a libvirt/QEMU error text says, by cause id. `quote` is the decisive text, verbatim. */
export type LibvirtFailure =
  | { cause: 'cpu-incompatible'; args: { quote: string; features: string[]; extraFeatures: string[] } }
  | { cause: 'post-copy-failed'; args: { quote: string } }
  /** `disk`: the disk path the text names, when it names one (the volume it belongs to is the caller's). */
  | { cause: 'storage-error'; args: { quote: string; kind: StorageErrorKind; disk?: string } }
  | { cause: 'network-error'; args: { quote: string; kind: NetworkErrorKind } }
  | { cause: 'libvirt-error'; args: { quote: string } };

export interface VirError {
  code?: number;
  domain?: number;
  message: string;
}

// Greedy up to the last `')`: libvirt messages quote QEMU command names ('migrate-set-capabilities').
const VIR_ERROR = /virError\(Code=(-?\d+), Domain=(-?\d+), Message='([\s\S]*)'\)/;

/** The parts of a libvirt-go `virError(...)` string embedded anywhere in `text`. */
export function parseVirError(text: string): VirError | undefined {
  const m = VIR_ERROR.exec(text);
  if (!m) return undefined;
  return { code: Number(m[1]), domain: Number(m[2]), message: m[3] ?? '' };
}

const CPU_MISMATCH = /guest CPU doesn't match specification|CPU is incompatible with host CPU/i;
// A feature list ends at a control character: a feature name never holds one.
const CPU_FEATURE_LIST = new RegExp(`\\b(missing|extra|required) features:\\s*([^;'"${C}]+)`, 'giu');

function cpuFeatures(text: string): { features: string[]; extraFeatures: string[] } {
  const features: string[] = [];
  const extraFeatures: string[] = [];
  for (const m of text.matchAll(CPU_FEATURE_LIST)) {
    const list = (m[2] ?? '')
      .split(',')
      .map((f) => f.trim().replace(/[.)]+$/, ''))
      .filter((f) => f.length > 0);
    (m[1]?.toLowerCase() === 'extra' ? extraFeatures : features).push(...list);
  }
  return { features, extraFeatures };
}

const POST_COPY = /post-?copy|userfaultfd/i;

// QEMU's destination-smaller text has two spaces ("the  actual size"): match any run of whitespace.
const DEST_SMALLER = new RegExp(LIBVIRT_DEST_SMALLER_FRAGMENT.split(' ').join('\\s+'));

const STORAGE: [RegExp, StorageErrorKind][] = [
  [DEST_SMALLER, 'destination-smaller'],
  [/Migration without shared storage is unsafe/i, 'not-shared'],
  [/VIR_MIGRATE_PARAM_MIGRATE_DISKS|VIR_MIGRATE_NON_SHARED_(?:DISK|INC)/, 'disk-migration-params'],
  [/Failed to get (?:shared )?"(?:write|consistent read)" lock/i, 'image-lock'],
  [/read-only disk|Read-only file system/i, 'read-only-disk'],
  [/No space left on device/i, 'no-space'],
  [/\bNBD\b|nbd-server/i, 'nbd'],
  [/Input\/output error|\bI\/O error\b/i, 'io-error'],
];

const DISK_DIRS = [DISK_DIR_PVC, DISK_DIR_HOTPLUG, DISK_DIR_CONTAINER].map((d) => d.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
/** QEMU's `Could not open '<disk>': …` about one of the VMI's disks (not /dev/kvm and the like). */
const OPEN_FAILED = new RegExp(`Could not open '((?:${DISK_DIRS})[^']*|${DISK_DIR_BLOCK}(?!kvm|vhost|net/|vfio)[^']*)'`);
/** A disk path anywhere in the text: which volume a storage error is about. */
const DISK_PATH = new RegExp(`(?:${DISK_DIRS})[^'"\\s:,]+`);

const MIGRATION_IFACE_ERRORS = [
  goFormatRegExp(MSG_MIGRATION_IFACE_NO_IP.replace('%s', MIGRATION_INTERFACE_NAME), 'contains'),
  goFormatRegExp(MSG_MIGRATION_NO_IP_FOUND.replace('%s', MIGRATION_INTERFACE_NAME), 'contains'),
];

// Most specific first: where the connection went (interface, proxy, TLS) beats how it failed.
const NETWORK: [RegExp, NetworkErrorKind][] = [
  [/migrationproxy|migration proxy/i, 'proxy'],
  [/\btls\b|x509|handshake|certificate/i, 'tls'],
  [/Unable to read from monitor/i, 'monitor-reset'],
  [/Connection refused/i, 'refused'],
  [/Connection reset|Broken pipe/i, 'reset'],
  [/Connection timed out|i\/o timeout/i, 'timeout'],
  [/No route to host/i, 'no-route'],
  [/Network is unreachable/i, 'unreachable'],
];

function first<K>(table: [RegExp, K][], text: string): K | undefined {
  return table.find(([re]) => re.test(text))?.[1];
}

/**
 * Classify a libvirt/QEMU error text (a `virError(...)` string or its bare message). The order is
 * deliberate: a CPU or post-copy refusal names its cause outright; storage errors come before
 * network ones because an NBD (block migration) connection error is a storage-path problem.
 * Anything else is `libvirt-error` with the message quoted.
 */
export function classifyLibvirtText(text: string): LibvirtFailure {
  const quote = (parseVirError(text)?.message ?? text).trim();
  if (CPU_MISMATCH.test(quote)) return { cause: 'cpu-incompatible', args: { quote, ...cpuFeatures(quote) } };
  if (POST_COPY.test(quote)) return { cause: 'post-copy-failed', args: { quote } };
  const storage = first(STORAGE, quote) ?? (OPEN_FAILED.test(quote) ? 'open-failed' : undefined);
  if (storage) {
    const disk = OPEN_FAILED.exec(quote)?.[1] ?? DISK_PATH.exec(quote)?.[0];
    return { cause: 'storage-error', args: { quote, kind: storage, ...(disk ? { disk } : {}) } };
  }
  if (MIGRATION_IFACE_ERRORS.some((re) => re.test(quote))) {
    return { cause: 'network-error', args: { quote, kind: 'migration-network' } };
  }
  const network = first(NETWORK, quote);
  if (network) return { cause: 'network-error', args: { quote, kind: network } };
  return { cause: 'libvirt-error', args: { quote } };
}
