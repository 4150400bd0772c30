// --peer-context / --peer-kubeconfig / --peer-from, checked before any I/O.
import { describe, expect, it } from 'vitest';
import { parsePeerFlags, rejectPeerWith } from '../../../src/commands/peer/flags.js';
import { UsageError } from '../../../src/cmdutil/errors.js';
import { parseCheckMigratableOptions } from '../../../src/commands/check-migratable/options.js';

const live = { from: undefined, context: 'east', kubeconfig: undefined };
const offline = { from: 'east.yaml', context: undefined, kubeconfig: undefined };

describe('peer flags', () => {
  it('none: no peer', () => {
    expect(parsePeerFlags({}, live)).toBeUndefined();
  });
  it('a context, a kubeconfig, both; a snapshot with --from', () => {
    expect(parsePeerFlags({ peerContext: 'west' }, live)).toEqual({ live: { context: 'west' } });
    expect(parsePeerFlags({ peerKubeconfig: 'west.kubeconfig' }, live)).toEqual({ live: { kubeconfig: 'west.kubeconfig' } });
    expect(parsePeerFlags({ peerContext: 'east', peerKubeconfig: 'other' }, live)).toEqual({ live: { context: 'east', kubeconfig: 'other' } });
    expect(parsePeerFlags({ peerFrom: 'west.yaml' }, offline)).toEqual({ from: 'west.yaml' });
  });
  it.each([
    [{ peerContext: 'west' }, offline],
    [{ peerFrom: 'west.yaml' }, live],
    [{ peerFrom: 'west.yaml', peerContext: 'west' }, offline],
    [{ peerContext: 'east' }, live],
    [{ peerContext: '' }, live],
    [{ peerFrom: '' }, offline],
  ])('usage error: %j', (raw, g) => {
    expect(() => parsePeerFlags(raw, g)).toThrow(UsageError);
  });
  it('not with a fleet, --node or --watch', () => {
    expect(() => rejectPeerWith({ live: { context: 'west' } }, '--contexts')).toThrow(UsageError);
    expect(() => rejectPeerWith(undefined, '--contexts')).not.toThrow();
  });
});

describe('check-migratable --peer-context (the cross-cluster pre-flight)', () => {
  const peer = { live: { context: 'west' } };
  const raw = { failOn: 'blocker' as const };
  it('NAME (or -l) in one namespace: the peer kept', () => {
    expect(parseCheckMigratableOptions(['vm-00'], raw, undefined, peer).peer).toEqual(peer);
    expect(parseCheckMigratableOptions([], { ...raw, selector: 'app=db' }, undefined, peer).peer).toEqual(peer);
  });
  it.each([
    [[], { allNamespaces: true }],
    [[], { node: 'node-a' }],
    [[], { filename: ['vm.yaml'] }],
    [[], { listRules: true }],
  ])('usage error with %j %j', (names, extra) => {
    expect(() => parseCheckMigratableOptions(names, { ...raw, ...extra }, undefined, peer)).toThrow(UsageError);
  });
  it('not with a fleet', () => {
    expect(() => parseCheckMigratableOptions(['vm-00'], raw, { contexts: ['a', 'b'] } as never, peer)).toThrow(UsageError);
  });
});
