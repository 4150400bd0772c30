// Eight VirtualMachineInstanceMigrations whose status carries values of every JSON type. The
// outputs the tests expect for them were printed by kubectl 1.32 (`kubectl get vmim -o
// custom-columns=…` and `--sort-by=…`) against the same objects on a local API server.

const migration = (name: string, x: Record<string, unknown>) => ({
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstanceMigration',
  metadata: { name, namespace: 'ns1', creationTimestamp: '2025-11-20T10:00:00Z' },
  spec: { vmiName: `vm-${name}` },
  status: { phase: 'Running', x },
});

/** In the order the API server lists them (by name). */
export const migrations = {
  apiVersion: 'v1',
  kind: 'List',
  items: [
    migration('a-very-long-migration-name', { n: 1000000, f: 1234567.5, s: 'node-2a', q: 'abc', tie: 'a', z: 'zz' }),
    migration('m1', { n: 1, s: 'Node-1', q: '2', t: '2025-11-21T10:02:11Z', tie: 'a', z: null }),
    migration('m10', { n: 10, f: 2.5, s: 'node-10', q: '1Gi', t: '2025-11-20T10:02:11Z', b: true, m: { k: 'v', a: 1 }, l: [1, 'x', null], z: null, esc: 'a\x1bb\rc', tie: 'p' }),
    migration('m2', { n: 2, f: 0.5, s: 'node-2', q: '512Mi', t: '2025-11-20T09:02:11Z', b: false, l: [], tie: 'p' }),
    migration('m3', { s: 'node-02', q: '1500m', tie: 'p', u: 'ünï' }),
    migration('mnl', { nl: 'line1\nline2', tie: 'p' }),
    migration('my', { q: '1k', tie: 'a' }),
    migration('mz', { n: -3, q: '1e3', s: '', tie: 'p' }),
  ],
};
