import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from './run-cli.js';
import { CONTRACT_SEVERITY } from '../../fixtures/contract-rules.js';

const SNAP = 'examples/cluster-snapshot';
// eslint-disable-next-line no-control-regex
const ESC = /\u001b\[/;

describe('check-migratable flags', () => {
  it('--list-rules -o json lists every contract rule with its severity', async () => {
    const r = await runCli(['check-migratable', '--list-rules', '-o', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { kind: string; items: { id: string; severity: string; description: string }[] };
    expect(doc.kind).toBe('RuleList');
    expect(Object.fromEntries(doc.items.map((i) => [i.id, i.severity]))).toEqual(CONTRACT_SEVERITY);
    expect(doc.items.every((i) => i.description.length > 0)).toBe(true);
    // What each rule follows in KubeVirt: the releases, reasons and where its verdict changes.
    const kv = Object.fromEntries(doc.items.map((i) => [i.id, (i as unknown as { kubevirt: Record<string, unknown> }).kubevirt]));
    expect(kv['cpu-dedicated-emulator-thread']).toMatchObject({ releases: 'v0.59–v1.0', reasons: ['DedicatedCPUNotLiveMigratable'], changesAt: ['v1.1'] });
    expect(kv['virtiofs']).toMatchObject({ reasons: ['VirtIOFSNotLiveMigratable'], changesAt: ['v1.5'] });
    expect(kv['host-device']?.['reads']).toEqual(expect.arrayContaining([expect.stringContaining('VGPULiveMigration')]));
  });

  it('--list-rules prints a table', async () => {
    const r = await runCli(['check-migratable', '--list-rules']);
    expect(r.stdout.split('\n')[0]).toMatch(/^RULE\s+SEVERITY\s+KUBEVIRT\s+DESCRIPTION$/);
    expect(r.stdout).toContain('volume-not-shared');
  });

  it('-o yaml is one document equal to -o json', async () => {
    const y = await runCli(['check-migratable', '-A', '--from', SNAP, '-o', 'yaml']);
    const j = await runCli(['check-migratable', '-A', '--from', SNAP, '-o', 'json']);
    expect(parse(y.stdout)).toEqual(JSON.parse(j.stdout));
  });

  it('-o wide adds node and rule ids', async () => {
    const r = await runCli(['check-migratable', '-A', '--from', SNAP, '-o', 'wide']);
    expect(r.stdout.split('\n')[0]).toMatch(/NAMESPACE\s+NAME\s+VERDICT\s+BLOCKERS\s+WARNINGS\s+NODE\s+RULES/);
    expect(r.stdout).toMatch(/erp-app\s+not-migratable\s+1\s+1\s+node-2\s+\S*volume-not-shared/);
  });

  it('a listing is the table and the summary; --details, or naming the VM, adds each VM\'s reasons and fixes', async () => {
    const table = await runCli(['check-migratable', '-A', '--from', SNAP]);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 10 + 3);
    expect(lines.slice(-2)).toEqual(['10 checked: 1 migratable, 2 risky, 7 not migratable.', '--details: the reasons and fixes for each VM.']);
    expect(table.stdout).not.toMatch(/fix:/);
    const wide = await runCli(['check-migratable', '-A', '--from', SNAP, '-o', 'wide']);
    expect(wide.stdout).not.toMatch(/fix:/);
    const details = await runCli(['check-migratable', '-A', '--details', '--from', SNAP]);
    expect(details.stdout.startsWith(table.stdout.split('\n\n')[0] ?? '')).toBe(true);
    expect(details.stdout).toMatch(/^prod\/erp-app \(VirtualMachineInstance on node-2\)\n {2}\S+ volume-not-shared: /m);
    expect(details.stdout).not.toMatch(/--details:/);
    expect(details.code).toBe(table.code);
    const named = await runCli(['check-migratable', 'erp-app', '-n', 'prod', '--from', SNAP]);
    expect(named.stdout).toMatch(/^prod\/erp-app \(/m);
    const files = await runCli(['check-migratable', '-f', 'examples/manifests/vm-rwo.yaml']);
    expect(files.stdout).toMatch(/^prod\/reports \(VirtualMachine\)$/m);
  });

  it('--fail-on moves the line between 0 and 1', async () => {
    expect((await runCli(['check-migratable', 'wiki', '-n', 'default', '--from', SNAP])).code).toBe(0);
    expect((await runCli(['check-migratable', 'wiki', '-n', 'default', '--from', SNAP, '--fail-on', 'warning'])).code).toBe(1);
    expect((await runCli(['check-migratable', '-A', '--from', SNAP, '--fail-on', 'never'])).code).toBe(0);
    expect((await runCli(['check-migratable', '-A', '--from', SNAP, '--fail-on', 'sometimes'])).code).toBe(2);
  });

  it('colour: off when piped, off with NO_COLOR, on with --color always', async () => {
    expect((await runCli(['check-migratable', '-A', '--from', SNAP])).stdout).not.toMatch(ESC);
    expect((await runCli(['check-migratable', '-A', '--from', SNAP], { NO_COLOR: '1' }, true)).stdout).not.toMatch(ESC);
    expect((await runCli(['check-migratable', '-A', '--from', SNAP, '--color', 'always'])).stdout).toMatch(ESC);
    expect((await runCli(['check-migratable', '-A', '--from', SNAP], {}, true)).stdout).toMatch(ESC);
    expect((await runCli(['check-migratable', '-A', '--from', SNAP, '-o', 'json', '--color', 'always'])).stdout).not.toMatch(ESC);
  });

  it('usage errors exit 2 with one line', async () => {
    for (const args of [
      ['check-migratable', 'a', '-A', '--from', SNAP],
      ['check-migratable', '--now', '2025-01-01T00:00:00Z'],
      ['check-migratable', '--request-timeout', 'soon'],
      ['check-migratable', 'Bad_Name', '--from', SNAP],
      ['check-migratable', '../etc', '--from', SNAP],
      ['check-migratable', '-l', 'a in (', '--from', SNAP],
      ['why'],
      ['frobnicate'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('--help and --version exit 0 and say `kubectl vmigrate`', async () => {
    const h = await runCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('Usage: kubectl vmigrate');
    const v = await runCli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a missing --from path exits 3', async () => {
    const r = await runCli(['check-migratable', '-A', '--from', 'no/such/dir']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no/such/dir');
  });
});
