import { describe, expect, it } from 'vitest';
import { clusterFacts, kubevirtCR, vmi } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';

describe('virtiofs', () => {
  const v = vmi('vm1', { devices: { filesystems: [{ name: 'shared', virtiofs: {} }] } });

  it('fires before KubeVirt 1.5 and when the version is unknown', () => {
    expect(run('virtiofs', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.4.0' })] })).findings).toEqual([
      {
        rule: 'virtiofs',
        severity: 'warning',
        args: { filesystem: 'shared', kubevirtVersion: 'v1.4.0' },
        path: 'spec.domain.devices.filesystems[0]',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.filesystems[0]' }],
      },
    ]);
    expect(run('virtiofs', { vmi: v }, clusterFacts()).findings[0]?.args).toEqual({ filesystem: 'shared' });
  });

  it('is silent from KubeVirt 1.5 (vendor version strings too) and without filesystems', () => {
    expect(run('virtiofs', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR({ version: '1.6.3-150700.3.13.1' })] })).findings).toEqual([]);
    expect(run('virtiofs', { vmi: vmi('vm1') }).findings).toEqual([]);
  });
});

describe('persistent-reservation', () => {
  const v = vmi('vm1', { devices: { disks: [{ name: 'disk-0', disk: {} }, { name: 'shared-lun', lun: { bus: 'scsi', reservation: true } }] } });

  it('fires before KubeVirt 1.9', () => {
    expect(run('persistent-reservation', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.6.3' })] })).findings).toEqual([
      {
        rule: 'persistent-reservation',
        severity: 'warning',
        args: { disk: 'shared-lun', kubevirtVersion: 'v1.6.3' },
        path: 'spec.domain.devices.disks[1].lun.reservation',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.domain.devices.disks[1].lun.reservation' }],
      },
    ]);
  });

  it('is silent from KubeVirt 1.9 and for LUNs without reservation', () => {
    expect(run('persistent-reservation', { vmi: v }, clusterFacts({ kubevirt: [kubevirtCR({ version: 'v1.9.0' })] })).findings).toEqual([]);
    const plain = vmi('vm1', { devices: { disks: [{ name: 'l', lun: { bus: 'scsi' } }] } });
    expect(run('persistent-reservation', { vmi: plain }).findings).toEqual([]);
  });
});
