// Prose of the sync-channel check (src/analyze/why/checks/sync-channel.ts).
import type { ChannelEnd, Side, SyncChannelArgs } from '../../analyze/why/check-args/sync-channel.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { PEER_FLAGS_HINT } from './peer-words.js';

type Channel = Extract<SyncChannelArgs, { kind: 'channel' }>;

function sideName(a: Channel, side: Side): string {
  return side === 'local' ? 'this cluster' : (a.peer?.name ?? 'the other cluster');
}

function endText(e: ChannelEnd | undefined): string {
  if (!e) return 'not read';
  const gate = e.gate === undefined ? 'gate unknown' : e.gate ? 'gate on' : 'gate off';
  return `KubeVirt ${e.version ?? '?'}, ${gate}, advertises ${e.addresses.length > 0 ? e.addresses.join(', ') : 'no address'}`;
}

function ends(a: Channel): string {
  return `this cluster: ${endText(a.local)}; ${a.peer?.name ?? 'other cluster'}: ${endText(a.peer)}`;
}

export const syncChannelText: CheckText<'sync-channel'> = {
  title: 'Synchronization channel between the clusters',
  summary(r) {
    const a = r.args;
    if (a.kind === 'not-decentralized') return 'Not a cross-cluster migration.';
    if (a.kind === 'as-peer') return 'Judged from the other cluster.';
    const f = a.finding;
    switch (f.kind) {
      case 'ok':
        return `The sync controllers exchange state (${ends(a)}).`;
      case 'waiting':
        return `The target half waits for the source's state ("waiting for incoming synchronization, unable to proceed"): nothing has failed (${ends(a)}).`;
      case 'gate-off':
        return `The DecentralizedLiveMigration feature gate is not enabled in ${sideName(a, f.side)}'s KubeVirt CR: it runs no virt-synchronization-controller.`;
      case 'unsupported':
        return `${sideName(a, f.side)} runs KubeVirt ${f.version}: cross-cluster migration needs v1.6 or later on both sides.`;
      case 'unreachable':
        return `${sideName(a, f.side)}'s sync controller cannot reach ${f.address ?? 'the other side'}: "${f.message}".`;
      case 'tls':
        return `The TLS handshake between the sync controllers fails (written in ${sideName(a, f.side)}): "${f.message}".`;
      case 'peer-missing':
        return `The channel works: the other side answered that it has no matching migration (see the other-half check).`;
      case 'error':
        return `${sideName(a, f.side)}'s sync controller reports an error no cause here names: "${f.message}".`;
      case 'version-skew':
        return `KubeVirt ${f.versions[0]} here and ${f.versions[1]} in ${a.peer?.name ?? 'the other cluster'}: ${sideName(a, f.older)} predates v1.7 and has no CancelMigration call, so deleting one VMIM does not cancel the other half.`;
      case 'no-address':
        return `${sideName(a, f.side)}'s KubeVirt CR advertises no synchronizationAddresses: its virt-synchronization-controller has no leader or no pod.`;
      case 'address-mismatch':
        return `spec.sendTo.connectURL is ${f.connectURL}, but the receiving KubeVirt advertises ${f.advertised.length > 0 ? f.advertised.join(', ') : 'no address'}.`;
      case 'silent':
        return `Synchronizing for ${f.seconds}s; KubeVirt ${f.version} writes no condition for a failing sync (v1.8+ does): only virt-synchronization-controller's log says why.`;
      case 'peer-not-read':
        return `Sync address ${a.connectURL ?? a.local.addresses.join(', ') ?? ''}; whether the other cluster's sync controller answers is known only there (${ends(a)}).`;
      default:
        return assertNever(f);
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind !== 'channel') return undefined;
    const f = a.finding;
    switch (f.kind) {
      case 'gate-off':
        return `add DecentralizedLiveMigration to spec.configuration.developerConfiguration.featureGates of the KubeVirt CR in ${sideName(a, f.side)}`;
      case 'unsupported':
        return `upgrade ${sideName(a, f.side)} to KubeVirt v1.6 or later`;
      case 'unreachable':
        return `make ${f.address ?? 'the sync address'} reachable from ${sideName(a, f.side)} (routing, NetworkPolicy, port ${'9185 by default'}); both sync controllers dial each other. Its log: kubectl logs -n <kubevirt namespace> deploy/virt-synchronization-controller`;
      case 'tls':
        return "put each cluster's kubevirt-ca bundle into the other's ConfigMap kubevirt-external-ca (key ca-bundle), in the KubeVirt namespace";
      case 'error':
      case 'silent':
        return 'read the sync controller logs on both sides: kubectl logs -n <kubevirt namespace> deploy/virt-synchronization-controller';
      case 'version-skew':
        return 'upgrade the older cluster, or cancel by deleting the VMIM in both clusters';
      case 'no-address':
        return 'check the virt-synchronization-controller Deployment and Lease in the KubeVirt namespace';
      case 'address-mismatch':
        return 'point spec.sendTo.connectURL at an address of the receiving sync controller (its KubeVirt CR status.synchronizationAddresses), unless a route such as a Submariner ServiceExport forwards it';
      case 'peer-not-read':
        return PEER_FLAGS_HINT;
      case 'ok':
      case 'waiting':
      case 'peer-missing':
        return undefined;
      default:
        return assertNever(f);
    }
  },
};
