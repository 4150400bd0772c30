// The pod-network interface must use a migratable binding (facts §2, check 1,
// `InterfaceNotLiveMigratable`): masquerade; passt from v1.8; bridge only with the VMI
// annotation `kubevirt.io/allow-pod-bridge-network-live-migration` (v1.0+); a binding plugin
// only if the KubeVirt CR sets `network.binding.<name>.migration`. sriov, slirp, macvtap on the
// pod network are refused. No pod network ⇒ nothing to check. An interface without a binding
// takes the CR's `network.defaultNetworkInterface`; if that is unknown we do not guess.
import type { VmiInterface } from '../../../kube/types.js';
import { ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION } from '../../../kubevirt/constants.js';
import { atLeast } from '../../../kubevirt/version.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { InterfaceNotMigratableArgs } from '../rule-args/interface-not-migratable.js';
import { specPath, subjectRef } from '../subject.js';
import { kubevirtCR } from './_facts.js';
import { listOf, nameText } from '../../shape.js';

const CORE_BINDINGS = ['masquerade', 'bridge', 'sriov', 'slirp', 'passt', 'macvtap'] as const;

/** The binding of an interface: a core binding name, `plugin`, or undefined when none is set. */
export function bindingOf(iface: VmiInterface): string | undefined {
  const core = CORE_BINDINGS.find((b) => iface[b] != null);
  if (core) return core;
  return iface.binding?.name ? 'plugin' : undefined;
}

export const interfaceNotMigratable: MigratabilityRule<'interface-not-migratable'> = {
  id: 'interface-not-migratable',
  severity: 'blocker',
  description: 'pod network bound with bridge (without the allow annotation), sriov, slirp, macvtap, or a binding plugin without migration support',
  needs: [],
  evaluate(subject, facts) {
    const podNetwork = listOf(subject.spec.networks).find((n) => n.pod != null);
    if (!podNetwork) return { findings: [] };
    const interfaces = listOf(subject.spec.domain?.devices?.interfaces);
    const i = interfaces.findIndex((x) => x.name === podNetwork.name);
    const cr = kubevirtCR(facts);
    const version = facts.kubevirtVersion;
    const fire = (args: Omit<InterfaceNotMigratableArgs, 'network'>, path: string): { findings: RuleFinding<'interface-not-migratable'>[] } => ({
      findings: [{ rule: 'interface-not-migratable', severity: 'blocker', args: { network: nameText(podNetwork.name), ...args }, path, evidence: [subjectRef(subject, path)] }],
    });
    const iface = interfaces[i];
    if (!iface) return fire({ interface: '', binding: 'missing' }, specPath(subject, 'domain.devices.interfaces'));

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
      case 'passt':
        // passt on the pod network is accepted from v1.8; an unknown version is not held against it.
        return atLeast(version, 1, 8) === false ? fire(args, path) : { findings: [] };
      case 'bridge': {
        const annotated = subject.meta.annotations?.[ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION] !== undefined;
        if (annotated && atLeast(version, 1, 0) !== false) return { findings: [] };
        return fire({ ...args, annotation: annotated }, path);
      }
      case 'plugin': {
        const plugin = iface.binding?.name ?? '';
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
