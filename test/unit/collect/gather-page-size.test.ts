// The page size of every list `why --node` and `start` read: a page of large objects must stay
// under the 64 MiB page cap. Pages of 10,000 launcher pods or VMIs (~12 KiB each, managedFields
// included: "a page of 500 virt-launcher pods is ~6 MiB") are ~130 MiB and the read fails.
import { describe, expect, it } from 'vitest';
import { snapshotFromObjects } from '../../../src/collect/snapshot/index.js';
import type { ClusterSource, ListOptions } from '../../../src/collect/source.js';
import type { ResourceId } from '../../../src/kube/resources.js';
import { DEFAULT_PAGE_SIZE, ITEM_OVERHEAD_BYTES, MAX_LIST_PAGE_BYTES } from '../../../src/collect/live/body-limits.js';
import { gatherForNode } from '../../../src/commands/why/node-gather.js';
import { gatherForStart } from '../../../src/commands/start/gather.js';
import { vmCluster } from '../../fixtures/objects/migrations.js';

/** A large VMI or virt-launcher pod as a list page holds it. */
const LARGE_OBJECT_BYTES = 12 * 1024;

/** The source, recording the page size each list asks for (undefined: the source's own); it has every kind, so every list is asked. */
function recording(source: ClusterSource): { source: ClusterSource; lists: { resource: ResourceId; pageSize: number | undefined }[] } {
  const lists: { resource: ResourceId; pageSize: number | undefined }[] = [];
  const wrapped = Object.create(source) as ClusterSource;
  wrapped.has = () => true;
  wrapped.list = (resource: ResourceId, opts?: ListOptions) => {
    lists.push({ resource, pageSize: opts?.pageSize });
    return source.list(resource, opts);
  };
  return { source: wrapped, lists };
}

const scene = () => snapshotFromObjects(vmCluster(), { now: new Date('2025-11-20T10:05:00Z'), namespace: 'default' });

describe('list page sizes of the gathers that read whole lists', () => {
  it('the source default fits large objects in a page, 10,000 would not', () => {
    expect(DEFAULT_PAGE_SIZE * (LARGE_OBJECT_BYTES + ITEM_OVERHEAD_BYTES)).toBeLessThan(MAX_LIST_PAGE_BYTES);
    expect(10_000 * (LARGE_OBJECT_BYTES + ITEM_OVERHEAD_BYTES)).toBeGreaterThan(MAX_LIST_PAGE_BYTES);
  });

  it.each([
    ['why --node', (s: ClusterSource) => gatherForNode(s, 'node-a')],
    ['start', (s: ClusterSource) => gatherForStart(s, 'default', 'vm1')],
  ])('%s lists in pages of at most the source default', async (_name, gather) => {
    const r = recording(scene());
    await gather(r.source);
    expect(r.lists.length).toBeGreaterThanOrEqual(10);
    const tooBig = r.lists.filter((l) => (l.pageSize ?? DEFAULT_PAGE_SIZE) > DEFAULT_PAGE_SIZE);
    expect(tooBig).toEqual([]);
  });
});
