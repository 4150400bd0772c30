// check-migratable keeps only part of each VM, VMI, node, PVC, PV and DataVolume it lists
// (src/commands/check-migratable/views): a dropped field that a rule or renderer reads would turn
// into a silently different verdict. Snapshots ignore `select` (their objects are in memory), so
// here a source that applies it as the live source does runs next to the plain one, over the
// example snapshot, every fixture snapshot and every KubeVirt case, with and without --node (each listed node running a VMI): the
// documents and the tables must be identical.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { openSnapshotSource, snapshotFromObjects } from '../../../src/collect/snapshot/index.js';
import type { ClusterSource, ListOptions } from '../../../src/collect/source.js';
import { gatherForCheck } from '../../../src/commands/check-migratable/gather.js';
import { analyzeMigratability, pairSubjects } from '../../../src/analyze/migratability/report.js';
import { migratabilityDocument } from '../../../src/render/migratability-document.js';
import { renderMigratabilityTable } from '../../../src/render/migratability-table.js';
import { makeStyle } from '../../../src/render/style.js';
import type { KubeObject } from '../../../src/kube/types.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NOW = new Date('2025-11-20T12:00:00Z');

/** The snapshot, applying each list's `select` to every item as the live source does. */
function selecting(source: ClusterSource, extra: (o: KubeObject) => KubeObject = (o) => o): ClusterSource {
  return new Proxy(source, {
    get(target, prop) {
      if (prop === 'list') {
        return async (resource: Parameters<ClusterSource['list']>[0], opts: ListOptions = {}) => {
          const items = await target.list(resource, opts);
          const select = opts.select;
          return select ? items.map((o) => select(o)).filter((o): o is KubeObject => o !== undefined).map(extra) : items;
        };
      }
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** The JSON document and the wide table with details, for all VMs and with --node for each node running one. */
async function outputs(source: ClusterSource): Promise<string[]> {
  const out: string[] = [];
  const all = await gatherForCheck(source, { names: [] });
  const listed = new Set(all.facts.nodes.ok ? all.facts.nodes.items.map((n) => n.metadata.name) : []);
  const nodes = [...new Set(all.vmis.map((v) => v.status?.nodeName).filter((n): n is string => !!n && listed.has(n)))].sort();
  for (const node of [undefined, ...nodes]) {
    const g = node === undefined ? all : await gatherForCheck(source, { names: [], node });
    const a = analyzeMigratability(pairSubjects(g.vms, g.vmis), g.facts, node, g.drain);
    out.push(JSON.stringify(migratabilityDocument(a, g.errors), null, 1), renderMigratabilityTable(a, makeStyle(false), true, false, true));
  }
  return out;
}

/** Every snapshot the tests read: the dump directories, and each file of kinds/ (one scenario each). */
function snapshotPaths(): string[] {
  const paths = ['examples/cluster-snapshot', 'test/fixtures/objects/real', 'test/fixtures/objects/drain/v1.4', 'test/fixtures/objects/drain/v1.9'];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(ROOT, dir)).sort()) {
      const p = `${dir}/${e}`;
      if (statSync(join(ROOT, p)).isDirectory()) walk(p);
      else if (e.endsWith('.yaml')) paths.push(p);
    }
  };
  walk('test/fixtures/objects/kinds');
  return paths;
}

function kubevirtCases(): { id: string; objects: KubeObject[] }[] {
  const dir = join(ROOT, 'test/kubevirt-cases/migratability');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => parse(readFileSync(join(dir, f), 'utf8')) as { id: string; objects: KubeObject[] });
}

describe('check-migratable views keep every field read', () => {
  it.each(snapshotPaths().map((p) => [p]))('%s', async (rel) => {
    const source = await openSnapshotSource(join(ROOT, rel), { now: NOW });
    const plain = await outputs(source);
    expect(plain.length).toBeGreaterThanOrEqual(2);
    expect(await outputs(selecting(source))).toEqual(plain);
  });

  it.each(kubevirtCases().map((c) => [c.id, c.objects] as const))('kubevirt case %s', async (_id, objects) => {
    const source = snapshotFromObjects(objects, { now: NOW, namespace: 'default' });
    expect(await outputs(selecting(source))).toEqual(await outputs(source));
  });

  it('would see a dropped field: without the VMIs conditions the example report changes', async () => {
    const source = await openSnapshotSource(join(ROOT, 'examples/cluster-snapshot'), { now: NOW });
    const noConditions = (o: KubeObject) => (o.kind === 'VirtualMachineInstance' ? { ...o, status: { ...(o.status as object), conditions: [] } } : o);
    expect(await outputs(selecting(source, noConditions))).not.toEqual(await outputs(source));
  });
});
