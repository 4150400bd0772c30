// list -l / --node / --watch / --interval: exit 2 before any I/O for bad values and combinations.
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const env = { KUBECONFIG: '/nonexistent' };

describe('list flags', () => {
  it.each([
    [['-l', 'app in (a'], /invalid label selector/],
    [['-l', ''], /invalid label selector/],
    [['--node', 'Node_2'], /node/i],
    [['--watch', '--from', '/nonexistent-dump'], /cannot be combined with --from/],
    [['--interval', '2s'], /--interval can only be used with --watch/],
    [['-w', '--interval', '0'], /must be greater than 0/],
    [['-w', '--all-contexts'], /--watch follows one cluster/],
  ])('list %j: usage error', async (args, message) => {
    const r = await runCli(['list', ...args], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
