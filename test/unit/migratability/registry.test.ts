import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, ruleById } from '../../../src/analyze/migratability/registry.js';
import { KNOWN_RELEASES, minorCompare } from '../../../src/kubevirt/releases.js';
import { LIVE_MIGRATABLE_REASON_VERSIONS } from '../../../src/kubevirt/migratability-facts.js';

// The specified rule table (ids listed in docs/check-migratable.md), copied: ids and severities are
// stable.
const CONTRACT: [string, string][] = [
  ['volume-not-shared', 'blocker'],
  ['volume-node-local', 'blocker'],
  ['volume-hostdisk', 'blocker'],
  ['volume-containerdisk', 'warning'],
  ['volume-cdrom', 'warning'],
  ['volume-block-migration', 'info'],
  ['volume-single-replica', 'warning'],
  ['volume-rwx-filesystem-share', 'warning'],
  ['host-device', 'blocker'],
  ['interface-not-migratable', 'blocker'],
  ['interface-sriov', 'info'],
  ['node-pinned', 'blocker'],
  ['affinity-restrictive', 'warning'],
  ['cpu-host-passthrough', 'warning'],
  ['cpu-host-model-unique', 'blocker'],
  ['cpu-dedicated-single-node', 'blocker'],
  // Added (README, "Additions to the contract"), after the rule it refines.
  ['cpu-dedicated-emulator-thread', 'blocker'],
  ['confidential-computing', 'blocker'],
  ['hyperv-passthrough', 'blocker'],
  ['tsc-frequency', 'blocker'],
  ['virtiofs', 'warning'],
  ['persistent-reservation', 'warning'],
  ['volume-update-gate-disabled', 'blocker'],
  ['volume-update-volume-refused', 'blocker'],
  ['volume-update-destination-missing', 'blocker'],
  ['volume-update-rollout-not-live', 'blocker'],
  ['volume-update-rwo-left-out', 'blocker'],
  // Added since: the cross-cluster pre-flight (docs/cross-cluster.md).
  ['peer-gate-disabled', 'blocker'],
  ['peer-version-unsupported', 'blocker'],
  ['peer-version-skew', 'warning'],
  ['peer-namespace-missing', 'blocker'],
  ['peer-network-missing', 'blocker'],
  ['peer-storage-class-missing', 'blocker'],
  ['peer-volume-cannot-move', 'blocker'],
  ['peer-sync-address-missing', 'warning'],
  ['eviction-drain-blocker', 'warning'],
  ['kubevirt-condition', 'blocker'],
];

describe('rule registry', () => {
  it('has exactly the contract rules, with the contract severities, in the contract order', () => {
    expect(RULES.map((r) => [r.id, r.severity])).toEqual(CONTRACT);
  });

  it('runs the two summary rules last', () => {
    expect(RULES.slice(-2).map((r) => r.id)).toEqual(['eviction-drain-blocker', 'kubevirt-condition']);
  });

  it('every rule has a one-line description', () => {
    for (const r of RULES) {
      expect(r.description.length, r.id).toBeGreaterThan(10);
      expect(r.description, r.id).not.toContain('\n');
    }
  });

  it('one file per rule, named after its id', () => {
    const dir = fileURLToPath(new URL('../../../src/analyze/migratability/rules/', import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.startsWith('_')).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(CONTRACT.map(([id]) => id).sort());
  });

  it('every rule states what it follows in KubeVirt: reasons, releases, where its verdict changes', () => {
    const reasons = RULES.flatMap((r) => r.kubevirt.reasons);
    // Each LiveMigratable reason has exactly one rule that stands for it, except Disks (PVCs and hostDisks).
    for (const reason of Object.keys(LIVE_MIGRATABLE_REASON_VERSIONS)) {
      const owners = RULES.filter((r) => r.kubevirt.reasons.includes(reason as never)).map((r) => r.id);
      expect(owners.length, reason).toBe(reason === 'DisksNotLiveMigratable' ? 2 : 1);
    }
    expect(new Set(reasons).size).toBe(Object.keys(LIVE_MIGRATABLE_REASON_VERSIONS).length);
    for (const r of RULES) {
      const known = (m: { major: number; minor: number }) => KNOWN_RELEASES.some((k) => minorCompare(k, m) === 0);
      for (const m of r.kubevirt.changesAt) expect(known(m), `${r.id}: ${m.major}.${m.minor}`).toBe(true);
      // A rule that stops at a release changes verdict at the next one, and one that starts later at its first.
      const span = r.kubevirt.releases;
      if (span?.since && minorCompare(span.since, KNOWN_RELEASES[0]!) > 0) expect(r.kubevirt.changesAt, r.id).toContainEqual(span.since);
      if (span?.until) {
        const next = KNOWN_RELEASES[KNOWN_RELEASES.findIndex((k) => minorCompare(k, span.until!) === 0) + 1];
        expect(r.kubevirt.changesAt, r.id).toContainEqual(next);
      }
    }
  });

  it('ruleById finds each rule', () => {
    for (const [id] of CONTRACT) expect(ruleById(id as (typeof RULES)[number]['id']).id).toBe(id);
  });
});
