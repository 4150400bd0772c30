// examples/volume-migration/ as examples/README.md describes it: a KubeVirt v1.7.1 volume migration
// whose 200 GiB copy outlasts a budget that counts the guest memory only. Asserts ids and fields.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../unit/cli/run-cli.js';
import { REPO_ROOT } from './helpers.js';

const FROM = ['--from', join(REPO_ROOT, 'examples', 'volume-migration')];

describe('examples/volume-migration', () => {
  it('why: at risk, the copy sized by the memory alone (before v1.7.2), progress from the launcher log', async () => {
    const r = await runCli(['why', 'reports', '-n', 'analytics', ...FROM, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.target.migration).toMatchObject({ name: 'kubevirt-workload-update-t6f2q', kind: 'volume', origin: 'workload-update', phase: 'Running' });
    expect(d.verdict).toMatchObject({ status: 'at-risk', cause: 'not-converging', check: 'transfer' });
    expect(d.checks.find((c: { id: string }) => c.id === 'volume-migration')).toMatchObject({ status: 'info' });
    // 150 s × ceil(4 GiB / 10^9) = 750 s; libvirt's DataTotal (204 GiB with the disk) does not size it.
    expect(d.progress).toMatchObject({ source: 'logs', from: 'virt-launcher-reports-4hx9c', budgetSeconds: 750, forecast: 'at-risk', reason: 'eta-beyond-budget', onBudgetExpiry: 'abort' });
    expect(d.progress.samples).toHaveLength(11);
  });

  it('list: one row, kind volume', async () => {
    const r = await runCli(['list', '-A', ...FROM, '-o', 'json']);
    const rows = JSON.parse(r.stdout).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ migration: 'kubevirt-workload-update-t6f2q', kind: 'volume', status: 'at-risk', cause: 'not-converging' });
  });
});
