// `why` on both halves of a cross-cluster (decentralized) migration, per stage and version era,
// from either side, with and without the other cluster (--peer-from / --peer-context read it the
// same way: a second source). The objects are test/fixtures/objects/kinds/decentralized-*/ (each
// file's header names the KubeVirt unit or functional test and controller code it follows), plus
// the source node, which the dumps leave out. Ids and fields only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { snapshotFromObjects } from '../../../../src/collect/snapshot/index.js';
import type { ClusterSource } from '../../../../src/collect/source.js';
import type { KubeObject } from '../../../../src/kube/types.js';
import { diagnoseOnce } from '../../../../src/commands/why/diagnosis.js';
import { diagnosisDocument } from '../../../../src/render/why-document.js';
import { node } from '../../../fixtures/objects/index.js';
import { checkOf } from './harness.js';
import { verdictRuleViolations } from '../../../support/verdict-rules.js';

const KINDS = fileURLToPath(new URL('../../../fixtures/objects/kinds/', import.meta.url));
const ID = 'e7f80c2a-61d4-4b3e-9a58-0d2c7b91f4e6-d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70';

type Obj = KubeObject & { kind?: string; spec?: Record<string, unknown>; status?: Record<string, unknown> };

function fixture(path: string): Obj[] {
  // A List, then (some files) the launcher or target pod as its own document.
  return parseAllDocuments(readFileSync(`${KINDS}${path}.yaml`, 'utf8')).flatMap((doc) => {
    const o = doc.toJS() as (Obj & { items?: Obj[] }) | null;
    return o?.items ?? (o ? [o] : []);
  });
}

/** The source cluster's dump with its node (the VMI runs on east-worker-2). */
function east(path: string): Obj[] {
  return [...fixture(`decentralized-source/${path}`), node('east-worker-2') as Obj];
}
function west(path: string): Obj[] {
  return fixture(`decentralized-target/${path}`);
}

/** Counts the requests made through a source (get, list, log). */
function counted(objects: Obj[], now: string): { source: ClusterSource; count: () => number } {
  const s = snapshotFromObjects(objects, { now: new Date(now), namespace: 'billing' });
  let n = 0;
  const source: ClusterSource = {
    kind: 'snapshot',
    now: () => s.now(),
    defaultNamespace: () => 'billing',
    get: (r, ns, name) => (n++, s.get(r, ns, name)),
    list: (r, o) => (n++, s.list(r, o)),
    podLog: (ns, pod, o) => (n++, s.podLog(ns, pod, o)),
    close: async () => {},
  };
  return { source, count: () => n };
}

interface Run {
  local: Obj[];
  peer?: Obj[];
  now: string;
}

async function why({ local, peer, now }: Run) {
  const l = counted(local, now);
  const p = peer ? counted(peer, now) : undefined;
  const d = await diagnoseOnce(l.source, 'billing', 'invoice-db', p ? { peer: { name: 'west', source: p.source } } : {});
  const broken = verdictRuleViolations(d.diagnosis);
  if (broken.length > 0) throw new Error(broken.join('; '));
  return { d: d.diagnosis, doc: diagnosisDocument(d.diagnosis, d.errors), requests: { local: l.count(), peer: p?.count() ?? 0 } };
}

function withKubeVirt(objects: Obj[], edit: (cr: Obj) => void): Obj[] {
  return objects.map((o) => {
    if (o.kind !== 'KubeVirt') return o;
    const copy = structuredClone(o);
    edit(copy);
    return copy;
  });
}

const NOW = '2026-03-10T14:10:00Z';

describe('source half, Synchronizing (v1.8+ conditions)', () => {
  it('the receiving cluster answers "unable to locate": peer-migration-missing without the peer, from the condition', async () => {
    const { d, doc } = await why({ local: east('synchronizing-no-receiver'), now: NOW });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'peer-migration-missing', check: 'peer-migration' });
    expect(checkOf(d, 'peer-migration').evidence[0]).toMatchObject({ kind: 'VirtualMachineInstance', field: 'status.conditions' });
    expect(doc.peer).toMatchObject({ half: 'decentralized-source', migrationID: ID, connectURL: '10.131.0.58:9185', migrationSynchronizationAddresses: ['10.128.2.41:9185'], local: { version: 'v1.9.0', gate: true } });
    expect(doc.peer?.cluster).toBeUndefined();
  });

  it('gRPC Unavailable dialling connectURL: sync-unreachable, from this side alone and with the other cluster read', async () => {
    const alone = await why({ local: east('synchronizing-unreachable'), now: NOW });
    expect(alone.d.verdict).toMatchObject({ status: 'blocked', cause: 'sync-unreachable', check: 'sync-channel' });
    expect(checkOf(alone.d, 'sync-channel').args).toMatchObject({ finding: { kind: 'unreachable', side: 'local', code: 'Unavailable', address: '10.131.0.58:9185' } });
    expect(checkOf(alone.d, 'peer-half').status).toBe('unknown');

    const both = await why({ local: east('synchronizing-unreachable'), peer: west('waiting-for-sync-unreachable'), now: NOW });
    expect(both.d.verdict).toMatchObject({ status: 'blocked', cause: 'sync-unreachable' });
    expect(checkOf(both.d, 'peer-migration')).toMatchObject({ status: 'pass', args: { kind: 'paired', peer: { name: 'forklift-p9w4t', phase: 'WaitingForSync' } } });
    expect(both.doc.peer).toMatchObject({ cluster: 'west', migration: { name: 'forklift-p9w4t', phase: 'WaitingForSync' }, remote: { synchronizationAddresses: ['10.131.0.58:9185'] } });
    expect(both.doc.peer?.verdict).toBeDefined();
    expect(both.doc.peer?.checks?.map((c) => c.id)).toContain('vmi-running');
  });

  it('x509 hostname error (v1.8+ shortened text): sync-tls-error', async () => {
    const { d } = await why({ local: east('synchronizing-x509'), now: NOW });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'sync-tls-error', check: 'sync-channel' });
  });

  it('the other cluster has a receive VMIM for the VMI under another migrationID: peer-migration-mismatch', async () => {
    const other = west('waiting-for-sync').map((o) => (o.kind === 'VirtualMachineInstanceMigration' ? { ...o, spec: { ...o.spec, receive: { migrationID: 'e7f80c2a-other' } } } : o));
    const { d } = await why({ local: east('synchronizing-v1.7'), peer: other, now: NOW });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'peer-migration-mismatch', check: 'peer-migration' });
    expect(checkOf(d, 'peer-migration').evidence[0]).toMatchObject({ cluster: 'west', field: 'spec.receive.migrationID', message: 'e7f80c2a-other' });
  });

  it('the other cluster has no half at all: peer-migration-missing from its VMIMs', async () => {
    const none = west('waiting-for-sync').filter((o) => o.kind !== 'VirtualMachineInstanceMigration');
    const { d } = await why({ local: east('synchronizing-v1.7'), peer: none, now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'peer-migration-missing' });
  });
});

describe('source half, v1.7 era (no conditions)', () => {
  it('without the other cluster: unknown, the other half and the channel unknown, the flag named', async () => {
    const { d } = await why({ local: east('synchronizing-v1.7'), now: NOW });
    expect(d.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    expect(checkOf(d, 'sync-channel')).toMatchObject({ status: 'unknown', missing: expect.stringContaining('--peer-context') });
    expect(checkOf(d, 'peer-half')).toMatchObject({ status: 'unknown', args: { kind: 'not-read', waitsOnPeer: true } });
  });

  it('the other cluster without the gate: decentralized-gate-off', async () => {
    const off = withKubeVirt(west('waiting-for-sync-v1.7'), (cr) => {
      const dev = (cr.spec as { configuration: { developerConfiguration: { featureGates: string[] } } }).configuration.developerConfiguration;
      dev.featureGates = dev.featureGates.filter((g) => g !== 'DecentralizedLiveMigration');
    });
    const { d } = await why({ local: east('synchronizing-v1.7'), peer: off, now: NOW });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'decentralized-gate-off', check: 'sync-channel' });
    expect(checkOf(d, 'sync-channel').args).toMatchObject({ finding: { kind: 'gate-off', side: 'peer' } });
    expect(checkOf(d, 'sync-channel').evidence[0]).toMatchObject({ kind: 'KubeVirt', cluster: 'west' });
  });

  it('a v1.6 installation against v1.7: peer-version-skew (at risk: no CancelMigration)', async () => {
    const old = withKubeVirt(west('waiting-for-sync-v1.7'), (cr) => {
      Object.assign(cr.status as object, { observedKubeVirtVersion: 'v1.6.2', operatorVersion: 'v1.6.2', targetKubeVirtVersion: 'v1.6.2' });
    });
    const { d } = await why({ local: east('synchronizing-v1.7'), peer: old, now: NOW });
    expect(d.verdict).toMatchObject({ status: 'at-risk', cause: 'peer-version-skew', check: 'sync-channel' });
    expect(checkOf(d, 'sync-channel').args).toMatchObject({ finding: { kind: 'version-skew', older: 'peer', versions: ['v1.7.0', 'v1.6.2'] } });
  });
});

describe('target half', () => {
  it('WaitingForSync with the v1.8+ waiting condition and no peer: unknown (no false all-clear), the receiver VMI is no problem', async () => {
    const { d } = await why({ local: west('waiting-for-sync'), now: NOW });
    expect(d.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'pass', args: { kind: 'receiver', phase: 'WaitingForSync' } });
    expect(checkOf(d, 'peer-half').missing).toContain('--peer-context');
  });

  it('WaitingForSync, the source cannot dial back: sync-unreachable from the target side, and naming the source side with the peer', async () => {
    const alone = await why({ local: west('waiting-for-sync-unreachable'), now: NOW });
    expect(alone.d.verdict).toMatchObject({ status: 'blocked', cause: 'sync-unreachable' });
    const both = await why({ local: west('waiting-for-sync-unreachable'), peer: east('synchronizing-unreachable'), now: NOW });
    expect(both.d.verdict).toMatchObject({ status: 'blocked', cause: 'sync-unreachable' });
    expect(both.doc.peer).toMatchObject({ half: 'decentralized-target', cluster: 'west', migration: { name: 'forklift-7xq2m', phase: 'Synchronizing' } });
  });

  it('Scheduling, the target pod finds no node with the source host-model CPU: target-unschedulable-cpu from the local checks', async () => {
    const { d } = await why({ local: west('scheduling-unschedulable'), now: NOW });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'target-unschedulable-cpu', check: 'target-pod-scheduling' });
    expect(checkOf(d, 'vmi-running').status).toBe('pass');
  });
});

describe('source half waiting for the target pod in the other cluster', () => {
  it('Scheduling without the peer: unknown, no local target-pod check fails; with it: the target half\'s cause, with its evidence', async () => {
    const alone = await why({ local: east('scheduling'), now: NOW });
    expect(alone.d.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    for (const id of ['target-pod-scheduling', 'target-pod-readiness', 'migration-slots', 'resource-quota'] as const) expect(checkOf(alone.d, id).status).toBe('skip');

    const both = await why({ local: east('scheduling'), peer: west('scheduling-unschedulable'), now: NOW });
    expect(both.d.verdict).toMatchObject({ status: 'blocked', cause: 'target-unschedulable-cpu', check: 'peer-half' });
    expect(checkOf(both.d, 'peer-half')).toMatchObject({ status: 'fail', args: { kind: 'diagnosed', check: 'target-pod-scheduling', migration: { name: 'forklift-p9w4t' } } });
    expect(both.doc.peer?.verdict).toMatchObject({ status: 'blocked', cause: 'target-unschedulable-cpu', check: 'target-pod-scheduling' });
  });
});

describe('final', () => {
  it('both halves Succeeded: succeeded from either side', async () => {
    const s = await why({ local: east('succeeded'), peer: west('succeeded'), now: '2026-03-10T15:00:00Z' });
    expect(s.d.verdict.status).toBe('succeeded');
    const t = await why({ local: west('succeeded'), peer: east('succeeded'), now: '2026-03-10T15:00:00Z' });
    expect(t.d.verdict.status).toBe('succeeded');
  });
});

describe('request budget', () => {
  it('at most 15 requests per cluster', async () => {
    for (const [l, p] of [
      [east('scheduling'), west('scheduling-unschedulable')],
      [west('scheduling-unschedulable'), east('scheduling')],
      [east('running'), west('running')],
      [east('synchronizing-unreachable'), west('waiting-for-sync-unreachable')],
    ] as const) {
      const { requests } = await why({ local: [...l], peer: [...p], now: NOW });
      expect(requests.local).toBeLessThanOrEqual(15);
      expect(requests.peer).toBeLessThanOrEqual(15);
      expect(requests.peer).toBeGreaterThan(3);
    }
  });
});
