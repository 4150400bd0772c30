// The floor of `npm run bench`: what any client must at least do to read what check-migratable
// reads. The same nine lists the plugin requests, over plain node:http with keep-alive, page by
// page (limit 500, continue tokens), resources in parallel as the plugin does; each page is
// JSON.parse'd and its items kept in memory; no analysis, no output.
//   node scripts/bench/floor.mjs http://127.0.0.1:PORT
import http from 'node:http';

export const FLOOR_PATHS = [
  '/apis/kubevirt.io/v1/virtualmachines',
  '/apis/kubevirt.io/v1/virtualmachineinstances',
  '/api/v1/persistentvolumeclaims',
  '/apis/cdi.kubevirt.io/v1beta1/datavolumes',
  '/api/v1/persistentvolumes',
  '/apis/storage.k8s.io/v1/storageclasses',
  '/apis/cdi.kubevirt.io/v1beta1/storageprofiles',
  '/api/v1/nodes',
  '/apis/kubevirt.io/v1/kubevirts',
];
const PAGE = 500;

const agent = new http.Agent({ keepAlive: true });

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { Accept: 'application/json' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          else resolve(Buffer.concat(chunks).toString('utf8'));
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function listAll(server, path) {
  const items = [];
  let token;
  do {
    const url = new URL(path, server);
    url.searchParams.set('limit', String(PAGE));
    if (token) url.searchParams.set('continue', token);
    const page = JSON.parse(await get(url));
    for (const item of page.items ?? []) items.push(item);
    token = page.metadata?.continue || undefined;
  } while (token);
  return items;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.argv[2];
  const lists = await Promise.all(FLOOR_PATHS.map((p) => listAll(server, p)));
  process.stdout.write(JSON.stringify(Object.fromEntries(FLOOR_PATHS.map((p, i) => [p, lists[i].length]))) + '\n');
  agent.destroy();
}
