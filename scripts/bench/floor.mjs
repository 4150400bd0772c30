// The floor of `npm run bench`: what any client must at least do to read what a command reads.
// It replays the requests the plugin made for that command (taken from the fake server's log of
// the warm-up run: lists with their selectors, GETs, logs, metrics) over plain node:http with
// keep-alive; lists page by page (limit 500, continue tokens); REQUEST_CONCURRENCY at a time, all
// at once (a floor knows every request up front, the plugin learns some from earlier answers);
// each JSON answer is JSON.parse'd and its items kept in memory; no analysis, no output.
//   node scripts/bench/floor.mjs http://127.0.0.1:PORT REQUESTS.json
// REQUESTS.json: ["/api/v1/nodes", "/api/v1/namespaces/x/pods?labelSelector=…", …] (no limit/continue).
import http from 'node:http';
import { readFileSync } from 'node:fs';

const PAGE = 500;
const REQUEST_CONCURRENCY = 8;
const agent = new http.Agent({ keepAlive: true });

/** The requests of a plugin run as the floor replays them: first pages only, without `limit`. */
export function floorRequests(records) {
  const seen = new Set();
  for (const r of records) {
    if (r.method !== 'GET' || r.query.continue || r.query.watch) continue;
    // A list is paged by the floor (pages of 500) whatever page size the plugin used; a probe of
    // a few items (limit below a page) and a GET are fetched as they were.
    const probe = r.query.limit !== undefined && Number(r.query.limit) < PAGE;
    const q = new URLSearchParams(Object.entries(r.query).filter(([k]) => k !== 'limit' || probe));
    const url = q.size > 0 ? `${r.path}?${q}` : r.path;
    seen.add(r.query.limit !== undefined && !probe ? `list ${url}` : `get ${url}`);
  }
  return [...seen];
}

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { Accept: 'application/json' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), type: res.headers['content-type'] ?? '' }));
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
    const res = await get(url);
    if (res.status !== 200) return items;
    const page = JSON.parse(res.text);
    for (const item of page.items ?? []) items.push(item);
    token = page.metadata?.continue || undefined;
  } while (token);
  return items;
}

async function fetchOne(server, path) {
  const res = await get(new URL(path, server));
  return res.type.includes('json') ? JSON.parse(res.text) : res.text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [server, file] = process.argv.slice(2);
  if (!server || !file) {
    process.stderr.write('usage: node floor.mjs URL REQUESTS.json\n');
    process.exit(2);
  }
  const requests = JSON.parse(readFileSync(file, 'utf8'));
  const kept = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const [kind, path] = [requests[i].slice(0, 4), requests[i].slice(5)];
      kept[i] = kind === 'list' ? await listAll(server, path) : await fetchOne(server, path);
    }
  };
  await Promise.all(Array.from({ length: REQUEST_CONCURRENCY }, worker));
  process.stdout.write(JSON.stringify({ requests: requests.length, items: kept.reduce((n, k) => n + (Array.isArray(k) ? k.length : 1), 0) }) + '\n');
  agent.destroy();
}
