// The floor of `npm run bench`: what any client must at least do to read what a command reads.
// The same lists the plugin requests for that command (checked against the fake server's request
// log by the bench), over plain node:http with keep-alive, page by page (limit 500, continue
// tokens), resources in parallel as the plugin does; each page is JSON.parse'd and its items kept
// in memory; no analysis, no output.
//   node scripts/bench/floor.mjs http://127.0.0.1:PORT check-migratable|list
import http from 'node:http';

export const FLOOR_LISTS = {
  // src/commands/check-migratable/gather.ts with -A
  'check-migratable': [
    '/apis/kubevirt.io/v1/virtualmachines',
    '/apis/kubevirt.io/v1/virtualmachineinstances',
    '/api/v1/persistentvolumeclaims',
    '/apis/cdi.kubevirt.io/v1beta1/datavolumes',
    '/api/v1/persistentvolumes',
    '/apis/storage.k8s.io/v1/storageclasses',
    '/apis/cdi.kubevirt.io/v1beta1/storageprofiles',
    '/api/v1/nodes',
    '/apis/kubevirt.io/v1/kubevirts',
  ],
  // src/commands/list/run.ts with -A: readWhyLists (src/commands/why/gather.ts) and the namespaces
  list: [
    '/apis/kubevirt.io/v1/virtualmachineinstances',
    '/apis/kubevirt.io/v1/virtualmachineinstancemigrations',
    '/api/v1/pods?labelSelector=kubevirt.io%3Dvirt-launcher',
    '/api/v1/pods?labelSelector=kubevirt.io%3Dvirt-handler',
    '/api/v1/events',
    '/api/v1/nodes',
    '/api/v1/resourcequotas',
    '/api/v1/persistentvolumeclaims',
    '/api/v1/persistentvolumes',
    '/apis/kubevirt.io/v1/kubevirts',
    '/apis/migrations.kubevirt.io/v1alpha1/migrationpolicies',
    '/api/v1/namespaces',
  ],
};
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
  const [server, command] = process.argv.slice(2);
  const paths = FLOOR_LISTS[command];
  if (!server || !paths) {
    process.stderr.write(`usage: node floor.mjs URL ${Object.keys(FLOOR_LISTS).join('|')}\n`);
    process.exit(2);
  }
  const lists = await Promise.all(paths.map((p) => listAll(server, p)));
  process.stdout.write(JSON.stringify(Object.fromEntries(paths.map((p, i) => [p, lists[i].length]))) + '\n');
  agent.destroy();
}
