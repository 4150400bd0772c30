// The kind classifier (docs/kubevirt/migration-kinds.md §1) on the kind fixtures and on the edges
// the rules' order decides: sendTo/receive before migratedVolumes, both set = local, the label
// on a finished VMIM, an unlabelled VMIM of a VMI whose volumes move.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSnapshotSource } from '../../../src/collect/snapshot/index.js';
import type { VirtualMachine, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../../src/kube/types.js';
import { changedClaims, migrationKind, volumeUpdateRequested } from '../../../src/analyze/migration/kind.js';

const KINDS_DIR = fileURLToPath(new URL('../../fixtures/objects/kinds/', import.meta.url));
const fixtures = readdirSync(KINDS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(KINDS_DIR, d.name)).filter((f) => f.endsWith('.yaml')).map((f) => ({ kind: d.name, stage: f, path: join(KINDS_DIR, d.name, f) })));

describe('migrationKind on the kind fixtures', () => {
  it.each(fixtures)('$kind/$stage', async ({ kind, path }) => {
    const s = await openSnapshotSource(path);
    const [vms, vmis, vmims] = await Promise.all([s.list<VirtualMachine>('vm'), s.list<VirtualMachineInstance>('vmi'), s.list<VirtualMachineInstanceMigration>('vmim')]);
    const vm = vms[0];
    const vmi = vmis[0];
    const m = vmims.at(-1);
    expect(migrationKind(m, vmi, vm)).toBe(kind);
  });
});

const vmim = (over: Partial<VirtualMachineInstanceMigration> = {}): VirtualMachineInstanceMigration => ({
  metadata: { name: 'm1', namespace: 'ns', uid: 'u1' },
  spec: { vmiName: 'vm1' },
  status: { phase: 'Running' },
  ...over,
});
const moving: VirtualMachineInstance = {
  metadata: { name: 'vm1', namespace: 'ns' },
  status: { migratedVolumes: [{ volumeName: 'rootdisk', sourcePVCInfo: { claimName: 'src' }, destinationPVCInfo: { claimName: 'dst' } }] },
};

describe('migrationKind edges', () => {
  it('takes sendTo / receive before the migrated volumes every decentralized VMI has', () => {
    expect(migrationKind(vmim({ spec: { vmiName: 'vm1', sendTo: { migrationID: 'x', connectURL: 'h:9185' } } }), moving)).toBe('decentralized-source');
    expect(migrationKind(vmim({ spec: { vmiName: 'vm1', receive: { migrationID: 'x' } } }), moving)).toBe('decentralized-target');
  });
  it('treats a VMIM with both sendTo and receive as local (IsDecentralized needs exactly one)', () => {
    expect(migrationKind(vmim({ spec: { vmiName: 'vm1', sendTo: { migrationID: 'x', connectURL: 'h:9185' }, receive: { migrationID: 'x' } } }))).toBe('live');
  });
  it('reads a YAML null sendTo as unset', () => {
    expect(migrationKind(vmim({ spec: { vmiName: 'vm1', sendTo: null as never } }))).toBe('live');
  });
  it('calls a labelled VMIM volume even once finished and the VMI list cleared', () => {
    const m = vmim({ metadata: { name: 'm1', uid: 'u1', labels: { 'kubevirt.io/volume-update-migration': 'vm1' } }, status: { phase: 'Succeeded' } });
    expect(migrationKind(m, { metadata: { name: 'vm1' } })).toBe('volume');
  });
  it('calls an unlabelled unfinished VMIM of a VMI with migratedVolumes volume, a finished older one live', () => {
    expect(migrationKind(vmim(), moving)).toBe('volume');
    expect(migrationKind(vmim({ status: { phase: 'Failed' } }), moving)).toBe('live');
    const latest = { ...moving, status: { ...moving.status, migrationState: { migrationUid: 'u1', failed: true } } };
    expect(migrationKind(vmim({ status: { phase: 'Failed' } }), latest)).toBe('volume');
  });
  it('calls a plain VMIM live', () => {
    expect(migrationKind(vmim(), { metadata: { name: 'vm1' } })).toBe('live');
    expect(migrationKind(undefined)).toBe('live');
  });
  it('without a VMIM: volume only under the Migration strategy with a changed claim or a mark', () => {
    const vmi: VirtualMachineInstance = { metadata: { name: 'vm1' }, spec: { volumes: [{ name: 'rootdisk', persistentVolumeClaim: { claimName: 'src' } }] } };
    const vm = (strategy?: string): VirtualMachine => ({
      metadata: { name: 'vm1' },
      spec: { ...(strategy ? { updateVolumesStrategy: strategy } : {}), template: { spec: { volumes: [{ name: 'rootdisk', dataVolume: { name: 'dst' } }] } } },
    });
    expect(changedClaims(vm(), vmi)).toEqual([{ volumeName: 'rootdisk', vmiClaim: 'src', vmClaim: 'dst' }]);
    expect(volumeUpdateRequested(vm('Migration'), vmi)).toBe(true);
    expect(migrationKind(undefined, vmi, vm('Migration'))).toBe('volume');
    expect(migrationKind(undefined, vmi, vm('Replacement'))).toBe('live');
    expect(migrationKind(undefined, vmi, vm())).toBe('live');
  });
});
