// The synchronization channel of a decentralized migration (docs/kubevirt/migration-kinds.md
// §2.1, §2.5, §2.6, §2.12): both installations need the DecentralizedLiveMigration gate (v1.6+,
// Alpha through v1.9), their virt-synchronization-controllers dial each other both ways (the
// source the VMIM's spec.sendTo.connectURL, the target the source's sourceState.syncAddress) over
// mutual TLS. What decides, in order:
// 1. a KubeVirt CR without the gate, or a version before v1.6 → decentralized-gate-off;
// 2. the sync controller's failure condition (v1.8+, either side's VMI, mirrored on the VMIM):
//    a TLS error → sync-tls-error, gRPC Unavailable/DeadlineExceeded → sync-unreachable, the
//    peer's "unable to locate" answer → left to peer-migration;
// 3. a v1.6 installation against a v1.7+ one → peer-version-skew (at risk: no CancelMigration);
// 4. while still synchronising: no advertised address, or a connectURL the receiver does not
//    advertise → warnings without a cause (MTV may route through other addresses);
// 5. without the other cluster, while synchronising: `unknown`, naming the flag.
import type { EvidenceRef } from '../../findings.js';
import type { KubeVirt, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { cancelSkew, clusterSyncFacts, decentralizedHalf, syncFailureCondition, type ClusterSyncFacts } from '../../decentralized/half.js';
import { classifySyncMessage } from '../../decentralized/sync-condition.js';
import { isFinal } from '../../migration/phase.js';
import { SINCE, PHASE_SYNCHRONIZING, PHASE_WAITING_FOR_SYNC } from '../../../kubevirt/migration-kinds.js';
import { atLeast } from '../../../kubevirt/version.js';
import { result, type WhyCheck } from '../check.js';
import type { ChannelEnd, ChannelFinding, Side, SyncChannelArgs } from '../check-args/sync-channel.js';
import type { WhyContext } from '../context.js';
import { secondsInCurrentPhase } from '../timeline.js';
import { PEER_FLAG_MISSING } from './peer-migration.js';

const ID = 'sync-channel';
/** Synchronising normally takes seconds; a pre-v1.8 sync silent for this long is worth a look. */
export const SILENT_SYNC_SECONDS = 120;

interface End {
  side: Side;
  end: ChannelEnd;
  facts: ClusterSyncFacts;
  refs: { cr?: EvidenceRef; condition?: EvidenceRef };
}

export const syncChannel: WhyCheck<'sync-channel'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    const half = decentralizedHalf(m);
    if (!m || !half) return result(ID, 'skip', { kind: 'not-decentralized' });
    if (ctx.asPeer) return result(ID, 'skip', { kind: 'as-peer' });
    const phase = m.status?.phase ?? '';
    const local = endOf('local', undefined, ctx.kubevirtCR, ctx.vmi, m, ctx.namespace);
    const peerCtx = ctx.peer?.half;
    const peerCR = ctx.peer?.kubevirt.ok ? ctx.peer.kubevirt.items[0] : undefined;
    const peer = ctx.peer ? endOf('peer', ctx.peer.name, peerCR, peerCtx?.vmi, peerCtx?.migration, peerCtx?.namespace ?? '') : undefined;
    const connectURL = half.kind === 'decentralized-source' ? half.connectURL : undefined;
    const args = (finding: ChannelFinding): SyncChannelArgs => ({
      kind: 'channel',
      half: half.kind,
      phase,
      ...(connectURL ? { connectURL } : {}),
      local: local.end,
      ...(peer ? { peer: peer.end } : {}),
      finding,
    });
    const ends = peer ? [local, peer] : [local];
    if (isFinal(phase)) return result(ID, 'info', args({ kind: 'ok' }));

    for (const e of ends) {
      if (e.facts.supported === false) return result(ID, 'fail', args({ kind: 'unsupported', side: e.side, version: e.facts.version?.raw ?? '' }), refs(e.refs.cr), 'decentralized-gate-off');
      if (e.facts.gate === false) return result(ID, 'fail', args({ kind: 'gate-off', side: e.side }), refs(e.refs.cr), 'decentralized-gate-off');
    }
    let waiting = false;
    for (const e of ends) {
      const message = e.end.condition?.message;
      if (!message) continue;
      const said = classifySyncMessage(message);
      const ev = refs(e.refs.condition);
      switch (said.kind) {
        case 'tls':
          return result(ID, 'fail', args({ kind: 'tls', side: e.side, message }), ev, 'sync-tls-error');
        case 'unreachable': {
          const address = dialedBy(e.side, half.kind, ctx, peerCtx);
          return result(ID, 'fail', args({ kind: 'unreachable', side: e.side, code: said.code, message, ...(address ? { address } : {}) }), ev, 'sync-unreachable');
        }
        case 'peer-missing':
          return result(ID, 'info', args({ kind: 'peer-missing', side: e.side }), ev);
        case 'waiting':
          waiting = true;
          break;
        case 'other':
          return result(ID, 'warn', args({ kind: 'error', side: e.side, message }), ev);
      }
    }
    const skew = versionSkew(local.facts, peer?.facts);
    if (skew) return result(ID, 'warn', args(skew), [...refs(local.refs.cr), ...refs(peer?.refs.cr)], 'peer-version-skew');

    const syncing = phase === PHASE_SYNCHRONIZING || phase === PHASE_WAITING_FOR_SYNC || phase === '';
    if (syncing) {
      for (const e of ends) {
        if (e.facts.cr && e.facts.addresses.length === 0) return result(ID, 'warn', args({ kind: 'no-address', side: e.side }), refs(e.refs.cr));
      }
      if (connectURL && peer?.facts.cr && !peer.facts.addresses.includes(connectURL)) {
        return result(ID, 'warn', args({ kind: 'address-mismatch', connectURL, advertised: peer.facts.addresses }), [
          migrationRefOf(m, ctx.namespace, 'spec.sendTo.connectURL', connectURL),
          ...refs(peer.refs.cr),
        ]);
      }
      if (!peer) return { ...result(ID, 'unknown', args({ kind: 'peer-not-read' })), missing: PEER_FLAG_MISSING };
      const silent = silentSync(ctx, m, local.facts, peer.facts);
      if (silent) return result(ID, 'warn', args(silent), [migrationRefOf(m, ctx.namespace, 'status.phase', phase)]);
    }
    if (waiting) return result(ID, 'info', args({ kind: 'waiting' }), refs(local.refs.condition ?? peer?.refs.condition));
    return result(ID, peer ? 'pass' : 'info', args(peer ? { kind: 'ok' } : { kind: 'peer-not-read' }));
  },
};

function endOf(side: Side, name: string | undefined, cr: KubeVirt | undefined, vmi: VirtualMachineInstance | undefined, m: VirtualMachineInstanceMigration | undefined, namespace: string): End {
  const facts = clusterSyncFacts(cr);
  const cluster = name ? { cluster: name } : {};
  const end: ChannelEnd = { ...(name ? { name } : {}), addresses: facts.addresses };
  if (facts.version) end.version = facts.version.raw;
  if (facts.gate !== undefined) end.gate = facts.gate;
  const out: End = { side, end, facts, refs: {} };
  if (facts.cr) out.refs.cr = { kind: 'KubeVirt', namespace: facts.cr.namespace, name: facts.cr.name, field: 'spec.configuration.developerConfiguration.featureGates', ...cluster };
  const vmiCond = syncFailureCondition(vmi);
  const vmimCond = vmiCond ? undefined : syncFailureCondition(m);
  const c = vmiCond ?? vmimCond;
  if (c?.message) {
    const kind = vmiCond ? 'VirtualMachineInstance' : 'VirtualMachineInstanceMigration';
    const objName = (vmiCond ? vmi?.metadata.name : m?.metadata.name) ?? '';
    end.condition = { kind, name: objName, message: c.message };
    out.refs.condition = { kind, namespace, name: objName, field: 'status.conditions', message: c.message, ...cluster };
  }
  return out;
}

function refs(...r: (EvidenceRef | undefined)[]): EvidenceRef[] {
  return r.filter((x): x is EvidenceRef => x !== undefined);
}

function migrationRefOf(m: VirtualMachineInstanceMigration, namespace: string, field: string, message: string): EvidenceRef {
  return { kind: 'VirtualMachineInstanceMigration', namespace: m.metadata.namespace ?? namespace, name: m.metadata.name ?? '', field, message };
}

/** The address the side that wrote the error dials: the source its connectURL, the target the source's syncAddress. */
function dialedBy(side: Side, localHalf: string, ctx: WhyContext, peerCtx: WhyContext | undefined): string | undefined {
  const sourceIsLocal = localHalf === 'decentralized-source';
  const writerIsSource = (side === 'local') === sourceIsLocal;
  const sourceCtx = sourceIsLocal ? ctx : peerCtx;
  const targetCtx = sourceIsLocal ? peerCtx : ctx;
  if (writerIsSource) {
    const h = decentralizedHalf(sourceCtx?.migration);
    return h?.kind === 'decentralized-source' && h.connectURL ? h.connectURL : undefined;
  }
  return syncAddressOf(targetCtx?.vmi, 'sourceState');
}

function syncAddressOf(vmi: VirtualMachineInstance | undefined, key: 'sourceState' | 'targetState'): string | undefined {
  const state = (vmi?.status?.migrationState as Record<string, unknown> | undefined)?.[key];
  const a = state && typeof state === 'object' ? (state as { syncAddress?: unknown }).syncAddress : undefined;
  return typeof a === 'string' && a !== '' ? a : undefined;
}

function versionSkew(local: ClusterSyncFacts, peer: ClusterSyncFacts | undefined): ChannelFinding | undefined {
  if (!peer?.version || !local.version) return undefined;
  const older = cancelSkew(local.version, peer.version);
  return older ? { kind: 'version-skew', older, versions: [local.version.raw, peer.version.raw] } : undefined;
}

/** Both sides before v1.8 write no condition: a sync that is stuck shows only in the controller's log. */
function silentSync(ctx: WhyContext, m: VirtualMachineInstanceMigration, local: ClusterSyncFacts, peer: ClusterSyncFacts): ChannelFinding | undefined {
  const { major, minor } = SINCE.decentralizedFailureCondition;
  if (atLeast(local.version, major, minor) !== false || atLeast(peer.version, major, minor) !== false) return undefined;
  const seconds = secondsInCurrentPhase(m, ctx.now);
  if (seconds === undefined || seconds < SILENT_SYNC_SECONDS) return undefined;
  return { kind: 'silent', version: local.version?.raw ?? '', seconds };
}

