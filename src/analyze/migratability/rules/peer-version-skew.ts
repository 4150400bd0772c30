// Cross-cluster pre-flight: one cluster on v1.6, the other on v1.7+. v1.6 has no CancelMigration
// RPC (SINCE.decentralizedCancel, pkg/synchronization-controller), so cancelling the migration
// from the newer side fails: at risk, not refused — a warning. The same judgement as why's
// sync-channel check (cancelSkew): other minor differences are not flagged.
import type { MigratabilityRule } from '../rule.js';
import { SINCE } from '../../../kubevirt/migration-kinds.js';
import { atLeast } from '../../../kubevirt/version.js';
import { kubevirtCR, kubevirtCRRef } from './_facts.js';
import { cancelSkew } from '../../decentralized/half.js';

const VERSION_FIELD = 'status.observedKubeVirtVersion';

export const peerVersionSkew: MigratabilityRule<'peer-version-skew'> = {
  id: 'peer-version-skew',
  severity: 'warning',
  description: 'with --peer-context: one cluster runs KubeVirt 1.6 and the other 1.7+ (no CancelMigration on 1.6)',
  needs: [],
  // Reads both versions as reported: with this cluster's unknown it has nothing to compare (no release spans).
  kubevirt: { reasons: [], changesAt: [], reads: [`KubeVirt CR ${VERSION_FIELD} (both clusters)`] },
  evaluate(_subject, facts) {
    const peer = facts.peer;
    const s = facts.kubevirtVersion;
    const t = peer?.kubevirtVersion;
    // Unknown versions are peer-version-unsupported's to report; below v1.6 too.
    if (!peer || !s || !t) return { findings: [] };
    const { major, minor } = SINCE.decentralized;
    if (!atLeast(s, major, minor) || !atLeast(t, major, minor)) return { findings: [] };
    if (!cancelSkew(s, t)) return { findings: [] };
    const cr = kubevirtCR(facts);
    const pcr = peer.kubevirt.ok ? peer.kubevirt.items[0] : undefined;
    return {
      findings: [
        {
          rule: 'peer-version-skew',
          severity: 'warning',
          args: { source: s.raw, target: t.raw, peer: peer.cluster },
          evidence: [
            kubevirtCRRef(cr, VERSION_FIELD, { message: s.raw }),
            kubevirtCRRef(pcr, VERSION_FIELD, { message: t.raw, cluster: peer.cluster }),
          ],
        },
      ],
    };
  },
};
