// SR-IOV on secondary (Multus) networks migrates: KubeVirt unplugs the VF before and plugs a new
// one on the target, so the guest loses that link for a while and the target needs a free VF.
// (SR-IOV on the pod network is refused: see interface-not-migratable.)
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { InterfaceSriovArgs } from '../rule-args/interface-sriov.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const interfaceSriov: MigratabilityRule<'interface-sriov'> = {
  id: 'interface-sriov',
  severity: 'info',
  description: 'SR-IOV secondary interfaces: unplugged and re-plugged during migration; the target needs a free VF',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: [] },
  evaluate(subject) {
    const findings: RuleFinding<'interface-sriov'>[] = [];
    const networks = listOf(subject.spec.networks);
    listOf(subject.spec.domain?.devices?.interfaces).forEach((iface, i) => {
      if (iface.sriov == null) return;
      const net = networks.find((n) => n.name === iface.name);
      if (!net?.multus) return;
      const path = specPath(subject, `domain.devices.interfaces[${i}]`);
      const args: InterfaceSriovArgs = { interface: nameText(iface.name), network: nameText(net.name) };
      if (net.multus.networkName) args.networkName = net.multus.networkName;
      findings.push({ rule: 'interface-sriov', severity: 'info', args, path, evidence: [subjectRef(subject, path)] });
    });
    return { findings };
  },
};
