import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, ruleById } from '../../../src/analyze/migratability/registry.js';

// The rule table of shared/spec/cli-contract.md §4.2, copied: ids and severities are a contract.
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
  ['confidential-computing', 'blocker'],
  ['hyperv-passthrough', 'blocker'],
  ['tsc-frequency', 'blocker'],
  ['virtiofs', 'warning'],
  ['persistent-reservation', 'warning'],
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

  it('ruleById finds each rule', () => {
    for (const [id] of CONTRACT) expect(ruleById(id as (typeof RULES)[number]['id']).id).toBe(id);
  });
});
