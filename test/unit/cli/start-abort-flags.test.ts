// start/abort flag parsing: exit 2 before any I/O for bad values and combinations.
import { describe, expect, it } from 'vitest';
import { parseNodeSelector, parseStartOptions } from '../../../src/commands/start/options.js';
import { parseAbortOptions } from '../../../src/commands/abort/options.js';
import { UsageError } from '../../../src/cmdutil/errors.js';

describe('start/abort options', () => {
  it('--node-selector k=v[,k=v], repeatable, merged', () => {
    const o = parseStartOptions('db', { nodeSelector: ['topology.kubernetes.io/zone=b,kubernetes.io/hostname=node-4', 'tier='] });
    expect(o.nodeSelector).toEqual({ 'topology.kubernetes.io/zone': 'b', 'kubernetes.io/hostname': 'node-4', tier: '' });
  });

  it.each(['zone', '=b', 'bad key=b', 'a/b/c=d', 'k=v w', `k=${'x'.repeat(64)}`, 'Example.COM/k=v'])('rejects --node-selector %j', (v) => {
    expect(() => parseNodeSelector(v)).toThrow(UsageError);
  });

  it('--timeout needs --wait; --wait and --dry-run exclude each other; durations in kubectl syntax', () => {
    expect(() => parseStartOptions('db', { timeout: '30s' })).toThrow(/only applies with --wait/);
    expect(() => parseAbortOptions('db', { wait: true, dryRun: true })).toThrow(/--dry-run/);
    expect(() => parseStartOptions('db', { wait: true, timeout: 'soon' })).toThrow(UsageError);
    expect(parseStartOptions('db', { wait: true, timeout: '1m30s' }).timeoutMs).toBe(90_000);
    expect(parseAbortOptions('db', { wait: true }).timeoutMs).toBe(0);
    // Beyond 2^31-1 ms a Node.js timer would fire at once: refused, not a wait that ends at once.
    expect(parseStartOptions('db', { wait: true, timeout: '596h' }).timeoutMs).toBe(596 * 3_600_000);
    expect(() => parseStartOptions('db', { wait: true, timeout: '600h' })).toThrow(/at most 596h/);
    expect(() => parseStartOptions('db', { wait: true, timeout: '9'.repeat(400) })).toThrow(/at most 596h/);
  });

  it('names are validated', () => {
    expect(() => parseAbortOptions('../etc', {})).toThrow(UsageError);
  });
});
