// The KubeVirt minor releases the product knows (v0.59 … v1.9), and the questions a rule asks
// of a release: is the cluster's version inside a range, which LiveMigratable reasons does that
// release set, in which order. A release newer than the last known one behaves as the last one.
import {
  CHECK_ORDER_DISKS_FIRST,
  CHECK_ORDER_DISKS_FIRST_UNTIL,
  CHECK_ORDER_DISKS_LAST,
  LIVE_MIGRATABLE_REASON_VERSIONS,
  type KubeVirtMinor,
  type KubeVirtReason,
} from './migratability-facts.js';
import type { KubeVirtVersion } from './version.js';

/** Every minor release read for the facts, oldest first (v0.59 was the last 0.x). */
export const KNOWN_RELEASES: readonly KubeVirtMinor[] = [
  { major: 0, minor: 59 },
  ...Array.from({ length: 10 }, (_, minor) => ({ major: 1, minor })),
];

export const minorCompare = (a: KubeVirtMinor, b: KubeVirtMinor): number => a.major - b.major || a.minor - b.minor;

/** `v1.4` */
export const minorText = (m: KubeVirtMinor): string => `v${m.major}.${m.minor}`;

/** `v0.59–v1.4`, `v1.3`, `v1.9+`: a span of releases as the documents and the text print it. */
export function spanText(span: { since: KubeVirtMinor; until?: KubeVirtMinor }): string {
  if (!span.until) return `${minorText(span.since)}+`;
  return minorCompare(span.since, span.until) === 0 ? minorText(span.since) : `${minorText(span.since)}–${minorText(span.until)}`;
}

/** The version a cluster of release `m` reports (`vX.Y.0`): what a rule is run at when the real one is unknown. */
export function releaseVersion(m: KubeVirtMinor): KubeVirtVersion {
  return { major: m.major, minor: m.minor, patch: 0, raw: `${minorText(m)}.0` };
}

/** The known release before `m` (undefined for the first). */
export function previousRelease(m: KubeVirtMinor): KubeVirtMinor | undefined {
  const i = KNOWN_RELEASES.findIndex((r) => minorCompare(r, m) === 0);
  return i > 0 ? KNOWN_RELEASES[i - 1] : undefined;
}

/** The releases at which a check that holds over `span` starts and stops holding (a rule's `changesAt`). */
export function boundariesOf(span: { since: KubeVirtMinor; until?: KubeVirtMinor }): KubeVirtMinor[] {
  const out = minorCompare(span.since, KNOWN_RELEASES[0] as KubeVirtMinor) > 0 ? [span.since] : [];
  const i = span.until ? KNOWN_RELEASES.findIndex((r) => minorCompare(r, span.until as KubeVirtMinor) === 0) : -1;
  const next = KNOWN_RELEASES[i + 1];
  if (i >= 0 && next) out.push(next);
  return out;
}

/** Whether `version` lies in [since, until] (both inclusive; either may be open). */
export function inRelease(version: KubeVirtMinor, range: { since?: KubeVirtMinor; until?: KubeVirtMinor }): boolean {
  return (!range.since || minorCompare(version, range.since) >= 0) && (!range.until || minorCompare(version, range.until) <= 0);
}

/** The LiveMigratable reasons virt-handler of release `version` can set, in the order it checks them (vm.go). */
export function reasonOrderAt(version: KubeVirtMinor): KubeVirtReason[] {
  const era = minorCompare(version, CHECK_ORDER_DISKS_FIRST_UNTIL) <= 0 ? CHECK_ORDER_DISKS_FIRST : CHECK_ORDER_DISKS_LAST;
  return era.filter((r) => inRelease(version, LIVE_MIGRATABLE_REASON_VERSIONS[r]));
}
