// The pod-network interface must use a migratable binding (InterfaceNotLiveMigratable;
// docs/kubevirt/live-migratable-by-version.md §4.2): masquerade; the core `passtBinding` from
// v1.8; bridge only with the VMI annotation `kubevirt.io/allow-pod-bridge-network-live-migration`
// (v1.0+); a binding plugin (v1.2+) only if the KubeVirt CR sets `network.binding.<name>.migration`.
// The old core `passt: {}`, sriov, slirp, macvtap on the pod network are refused. No pod network
// (or no interface at all) ⇒ nothing to check; a pod network without its interface is refused
// from v1.8 only. An interface
// without a binding takes the CR's `network.defaultNetworkInterface`; if that is unknown we do
// not guess.
import type { VmiInterface } from '../../../kube/types.js';
import { ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION } from '../../../kubevirt/constants.js';
import {
  BINDING_PLUGIN_MIGRATION_SINCE,
  BRIDGE_ANNOTATION_SINCE,
  CR_BINDING_MIGRATION_FIELD,
  INTERFACE_PASST_BINDING_KEY,
  KV_REASON,
  PASST_BINDING_MIGRATABLE_SINCE,
} from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { InterfaceNotMigratableArgs } from '../rule-args/interface-not-migratable.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { kubevirtCR } from './_facts.js';
import { listOf, nameText } from '../../shape.js';

const CORE_BINDINGS = ['masquerade', 'bridge', 'sriov', 'slirp', 'passt', INTERFACE_PASST_BINDING_KEY, 'macvtap'] as const;

/** The binding of an interface: a core binding name, `plugin`, or undefined when none is set. */
export function bindingOf(iface: VmiInterface): string | undefined {
  const core = CORE_BINDINGS.find((b) => iface[b] != null);
  if (core) return core;
  return iface.binding?.name ? 'plugin' : undefined;
}

export const interfaceNotMigratable: MigratabilityRule<'interface-not-migratable'> = {
  id: 'interface-not-migratable',
  severity: 'blocker',
  description: 'pod network bound with bridge (without the allow annotation), sriov, slirp, macvtap, core passt, or a binding plugin without migration support',
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.interface],
    changesAt: [BRIDGE_ANNOTATION_SINCE, BINDING_PLUGIN_MIGRATION_SINCE, PASST_BINDING_MIGRATABLE_SINCE],
    reads: [
      `VMI annotation ${ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION} (v1.0+)`,
      `KubeVirt ${CR_BINDING_MIGRATION_FIELD.replace('%s', '<plugin>')} (v1.2+)`,
      'KubeVirt spec.configuration.network.defaultNetworkInterface',
    ],
  },
  evaluate(subject, facts) {
    const podNetwork = listOf(subject.spec.networks).find((n) => n.pod != null);
    if (!podNetwork) return { findings: [] };
    const interfaces = listOf(subject.spec.domain?.devices?.interfaces);
    // No interfaces at all: nothing to judge in any release (VerifyVMIMigratable).
    if (interfaces.length === 0) return { findings: [] };
    const i = interfaces.findIndex((x) => x.name === podNetwork.name);
    const cr = kubevirtCR(facts);
    const release = releaseOf(facts);
    const since = (m: typeof BRIDGE_ANNOTATION_SINCE) => inRelease(release, { since: m });
    const fire = (args: Omit<InterfaceNotMigratableArgs, 'network'>, path: string): { findings: RuleFinding<'interface-not-migratable'>[] } => ({
      findings: [
        {
          rule: 'interface-not-migratable',
          severity: 'blocker',
          kubevirtReason: KV_REASON.interface,
          args: { network: nameText(podNetwork.name), ...args },
          path,
          evidence: [subjectRef(subject, path)],
        },
      ],
    });
    const iface = interfaces[i];
    if (!iface) {
      // v1.8+: `no primary interface found for network`; before, a pod network without an interface passed.
      return since(PASST_BINDING_MIGRATABLE_SINCE) ? fire({ interface: '', binding: 'missing' }, specPath(subject, 'domain.devices.interfaces')) : { findings: [] };
    }

    const path = specPath(subject, `domain.devices.interfaces[${i}]`);
    let binding = bindingOf(iface);
    if (binding === undefined) {
      const dflt = cr?.spec?.configuration?.network?.defaultNetworkInterface;
      if (!dflt) return { findings: [], unresolved: facts.kubevirt.ok ? [] : [facts.kubevirt.reason] };
      binding = dflt;
    }
    const args = { interface: nameText(iface.name), binding };
    switch (binding) {
      case 'masquerade':
        return { findings: [] };
      case INTERFACE_PASST_BINDING_KEY:
        // The core passt binding of v1.8+ (an older release does not know the field).
        return since(PASST_BINDING_MIGRATABLE_SINCE) ? { findings: [] } : fire(args, path);
      case 'bridge': {
        const annotated = subject.meta.annotations?.[ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION] !== undefined;
        if (annotated && since(BRIDGE_ANNOTATION_SINCE)) return { findings: [] };
        return fire({ ...args, annotation: annotated }, path);
      }
      case 'plugin': {
        const plugin = iface.binding?.name ?? '';
        if (!since(BINDING_PLUGIN_MIGRATION_SINCE)) return fire({ ...args, plugin }, path);
        if (!cr) return { findings: [], unresolved: [facts.kubevirt.ok ? 'KubeVirt CR' : facts.kubevirt.reason] };
        const conf = cr.spec?.configuration?.network?.binding?.[plugin];
        if (conf?.migration != null) return { findings: [] };
        const out = fire({ ...args, plugin }, path);
        out.findings[0]?.evidence.push({
          kind: 'KubeVirt',
          namespace: cr.metadata.namespace ?? '',
          name: cr.metadata.name ?? '',
          field: `spec.configuration.network.binding.${plugin}`,
        });
        return out;
      }
      default:
        return fire(args, path);
    }
  },
};
