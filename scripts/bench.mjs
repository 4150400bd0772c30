// `npm run bench`: how fast and how big `kubectl vmigrate check-migratable -A` is on a large
// cluster, next to kubectl reading the same objects and a bare-HTTP floor. A report, not a test:
// it always exits 0 (unless it cannot run at all) and marks each target PASS or FAIL.
//
//   npm run bench                     10,000 VMs + 10,000 running VMIs, 2,000 nodes, median of 3
//   npm run bench -- --quick          1,000 VMs, 200 nodes
//   npm run bench -- --runs 5         median of 5 (every measurement)
//   npm run bench -- --vms N --nodes M
//   npm run bench -- --serve          only serve the cluster (prints a kubeconfig) until Ctrl-C:
//                                     for profiling, e.g. node --cpu-prof bin/kubectl-vmigrate …
//
// What is measured, each as the median of N runs after one warm-up (start-up: of 5·N):
//   check-migratable  kubectl vmigrate check-migratable -A -o json --kubeconfig K, found by kubectl's
//                     plugin discovery (PATH=<copy of bin/>:$PATH); output to a file
//   kubectl baseline  kubectl get vm,vmi,pvc -A -o json, then kubectl get nodes,pv,storageclasses
//                     -o json (sequential, times summed; kubectl's default --chunk-size 500)
//   floor             scripts/bench/floor.mjs in a child node: the nine lists check-migratable
//                     reads (DataVolumes, StorageProfiles and the KubeVirt CR too), node:http with
//                     keep-alive, pages of 500 with continue tokens, resources in parallel as the
//                     plugin does, JSON.parse of each page and its items kept; no analysis
//   start-up          node bin/kubectl-vmigrate --version|--help, and the same through kubectl;
//                     plus a no-op shell plugin, which is what kubectl's own dispatch costs
// Wall time is spawn to exit as seen from here; peak RSS as below. The fake server answers from
// this process, so its work is in every measurement alike.
//
// Needs a build (`npm run build`: it measures dist/ as shipped), kubectl on PATH, and
// /usr/bin/time for peak RSS (else the RSS of the child tree is sampled from /proc).
// The fake API server (test/fake-apiserver) is bundled with esbuild and runs in this process on
// 127.0.0.1; every client runs as an asynchronous child (a synchronous one would deadlock it).
// Results: a table on stdout and .bench/results.json.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { syntheticCluster } from './bench/cluster.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TIME = '/usr/bin/time';
/** The temporary directory, removed on the way out unless --keep. */
let workDir;

const TARGETS = {
  vsKubectl: 0.5, // check-migratable -A ≤ 0.5 × kubectl baseline
  vsFloor: 2, // ≤ 2 × floor
  rssMB: 400, // peak RSS < 400 MB
  startupMs: 150, // --version / --help < 150 ms
};

const { values: opt } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    vms: { type: 'string' },
    nodes: { type: 'string' },
    keep: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(opt.runs));
const vmCount = Number(opt.vms ?? (opt.quick ? 1000 : 10000));
const nodeCount = Number(opt.nodes ?? (opt.quick ? 200 : 2000));
if (!Number.isInteger(runs) || !Number.isInteger(vmCount) || !Number.isInteger(nodeCount) || vmCount < 1 || nodeCount < 4) {
  fail('usage: node scripts/bench.mjs [--quick] [--runs N] [--vms N --nodes N (≥ 4)] [--keep] [--serve]');
}

const dist = join(REPO, 'dist/cli.mjs');
if (!existsSync(dist)) fail('dist/cli.mjs is missing: run `npm run build` first (the bench measures the built plugin)');
const kubectl = await which('kubectl');
if (!kubectl) fail('kubectl is not on PATH');

const work = mkdtempSync(join(tmpdir(), 'vmigrate-bench-'));
workDir = work;
const home = join(work, 'home');
mkdirSync(home);
// The plugin as built when the bench started: a rebuild of dist/ during the run (which deletes it
// first) must not change or break what is measured. The bundle needs nothing from node_modules.
const plugin = join(work, 'plugin');
cpSync(join(REPO, 'dist'), join(plugin, 'dist'), { recursive: true });
cpSync(join(REPO, 'bin'), join(plugin, 'bin'), { recursive: true });
const pluginBin = join(plugin, 'bin/kubectl-vmigrate');
// A plugin that does nothing: what kubectl's own plugin dispatch costs, whatever the plugin.
writeFileSync(join(plugin, 'bin/kubectl-benchnoop'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
const startupRuns = 5 * runs;
const rssMethod = existsSync(TIME) ? 'time' : 'proc';

log(`kubectl-vmigrate bench: ${vmCount} VMs / ${vmCount} VMIs, ${nodeCount} nodes, median of ${runs} run(s) (start-up: of ${5 * runs})`);
const loadBefore = loadavg()[0];
log(`node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadBefore.toFixed(1)}`);
log(`dist built ${new Date(statSync(dist).mtimeMs).toISOString()}; peak RSS via ${rssMethod === 'time' ? '/usr/bin/time -f %M (max RSS of the largest process in the tree)' : 'polling /proc/<pid>/status VmRSS of the child tree every 10 ms'}`);

// ---- the fake API server, bundled from its TypeScript sources ----
const bundle = join(work, 'fake-apiserver.mjs');
await build({
  entryPoints: [join(REPO, 'test/fake-apiserver/index.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
});
const { startFakeApiServer, readObjectFiles } = await import(pathToFileURL(bundle).href);

let t0 = performance.now();
const { objects, counts } = syntheticCluster({
  vms: vmCount,
  nodes: nodeCount,
  examplesDir: join(REPO, 'examples/cluster-snapshot'),
  readObjectFiles,
});
const genMs = performance.now() - t0;
t0 = performance.now();
const server = await startFakeApiServer();
server.load(objects);
objects.length = 0;
const loadMs = performance.now() - t0;
const kubeconfig = server.writeKubeconfig(work, {});
const clusterBytes = {};
for (const r of ['vm', 'vmi', 'pvc', 'pv', 'datavolume', 'node']) {
  clusterBytes[r] = server.objects(r).reduce((n, o) => n + JSON.stringify(o).length, 0);
}
const totalMB = Object.values(clusterBytes).reduce((a, b) => a + b, 0) / 1e6;
log(
  `cluster: ${counts.vm} VMs, ${counts.vmi} VMIs, ${counts.pvc} PVCs, ${counts.pv} PVs, ${counts.datavolume} DataVolumes, ${counts.node} nodes ` +
    `(${totalMB.toFixed(0)} MB of JSON; generated in ${sec(genMs)} s, loaded in ${sec(loadMs)} s), server ${server.url}`,
);

if (opt.serve) {
  log(`serving; kubeconfig: ${kubeconfig}\n  e.g. node --cpu-prof bin/kubectl-vmigrate check-migratable -A -o json --kubeconfig ${kubeconfig} > /dev/null`);
  await new Promise((done) => process.once('SIGINT', done));
  await server.close();
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const baseEnv = {
  PATH: `${join(plugin, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
  HOME: home,
  KUBECONFIG: join(work, 'no-kubeconfig'),
  LANG: 'C.UTF-8',
};
const PLUGIN_ARGS = ['vmigrate', 'check-migratable', '-A', '-o', 'json', '--kubeconfig', kubeconfig];
const KUBECTL_1 = ['get', 'vm,vmi,pvc', '-A', '-o', 'json', '--kubeconfig', kubeconfig];
const KUBECTL_2 = ['get', 'nodes,pv,storageclasses', '-o', 'json', '--kubeconfig', kubeconfig];
const out = (name) => join(work, `${name}.out`);

// ---- warm-up: fills kubectl's discovery cache and the page cache; checks the outputs ----
log('warm-up and output checks…');
const loadLog = join(work, 'plugin-modules.log');
const warm = await timed(kubectl, PLUGIN_ARGS, { env: { ...baseEnv, ...hookEnv(loadLog) }, stdout: out('plugin-warm') });
if (warm.code !== 0 && warm.code !== 1) fail(`check-migratable exited ${warm.code}: ${warm.stderr.trim()}`);
const report = JSON.parse(readFileSync(out('plugin-warm'), 'utf8'));
if (report.summary.total !== vmCount) fail(`check-migratable reported ${report.summary.total} items, expected ${vmCount}`);
const byRule = {};
for (const item of report.items) for (const f of item.findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
const pluginLists = server.requests.filter((r) => r.method === 'GET' && r.path !== '/version' && !/^\/apis?$/.test(r.path)).length;
log(`  check-migratable: ${JSON.stringify(report.summary)}; exit ${warm.code}; ${(statSync(out('plugin-warm')).size / 1e6).toFixed(1)} MB of JSON; ${pluginLists} GET requests`);
log(`  findings by rule: ${Object.entries(byRule).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ')}`);
const pluginPackages = packagesLoaded(loadLog);
log(`  packages loaded by check-migratable: ${pluginPackages.join(', ') || '(none)'}`);
for (const args of [KUBECTL_1, KUBECTL_2]) {
  const r = await timed(kubectl, args, { env: baseEnv, stdout: out('kubectl-warm') });
  if (r.code !== 0) fail(`kubectl ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
}
const floorWarm = await timed(process.execPath, [join(REPO, 'scripts/bench/floor.mjs'), server.url], { env: baseEnv, stdout: out('floor') });
if (floorWarm.code !== 0) fail(`floor exited ${floorWarm.code}: ${floorWarm.stderr.trim()}`);
log(`  floor read: ${readFileSync(out('floor'), 'utf8').trim()}`);

// ---- --version / --help: which packages they load ----
const startupLoads = {};
for (const flag of ['--version', '--help']) {
  const logFile = join(work, `modules${flag}.log`);
  const r = await timed(process.execPath, [pluginBin, flag], { env: { ...baseEnv, ...hookEnv(logFile) }, stdout: out('startup') });
  if (r.code !== 0) fail(`kubectl-vmigrate ${flag} exited ${r.code}`);
  startupLoads[flag] = packagesLoaded(logFile);
  log(`  ${flag} loads: ${startupLoads[flag].join(', ') || '(no npm package besides the bundle runtime)'}`);
}

// ---- measurements ----
const samples = { plugin: [], kubectl: [], floor: [], 'node --version': [], 'node --help': [], 'kubectl --version': [], 'kubectl --help': [], 'kubectl noop': [] };
for (let i = 0; i < runs; i++) {
  log(`run ${i + 1}/${runs}…`);
  samples.plugin.push(await timed(kubectl, PLUGIN_ARGS, { env: baseEnv, stdout: out('plugin') }));
  const a = await timed(kubectl, KUBECTL_1, { env: baseEnv, stdout: out('kubectl') });
  const b = await timed(kubectl, KUBECTL_2, { env: baseEnv, stdout: out('kubectl') });
  samples.kubectl.push({ ms: a.ms + b.ms, rssKB: Math.max(a.rssKB ?? 0, b.rssKB ?? 0) || undefined, code: a.code || b.code });
  samples.floor.push(await timed(process.execPath, [join(REPO, 'scripts/bench/floor.mjs'), server.url], { env: baseEnv, stdout: out('floor') }));
}
await server.close();
log(`start-up, ${startupRuns} runs…`);
for (let i = 0; i < startupRuns; i++) {
  for (const flag of ['--version', '--help']) {
    samples[`node ${flag}`].push(await timed(process.execPath, [pluginBin, flag], { env: baseEnv, stdout: out('startup') }));
    samples[`kubectl ${flag}`].push(await timed(kubectl, ['vmigrate', flag], { env: baseEnv, stdout: out('startup') }));
  }
  samples['kubectl noop'].push(await timed(kubectl, ['benchnoop'], { env: baseEnv, stdout: out('startup') }));
}

const med = Object.fromEntries(
  Object.entries(samples).map(([k, list]) => {
    const rss = list.map((s) => s.rssKB).filter((x) => x !== undefined);
    return [k, { ms: median(list.map((s) => s.ms)), rssKB: median(rss), all: list.map((s) => Math.round(s.ms)), allRssMB: rss.map((kb) => Math.round(kb / 1024)) }];
  }),
);
const base = med.kubectl.ms;
const floor = med.floor.ms;
const rows = [
  {
    id: 'check-migratable',
    heavy: true,
    label: 'kubectl vmigrate check-migratable -A -o json',
    ...med.plugin,
    targets: [
      { name: `≤ ${TARGETS.vsKubectl}× kubectl`, pass: med.plugin.ms <= TARGETS.vsKubectl * base },
      { name: `≤ ${TARGETS.vsFloor}× floor`, pass: med.plugin.ms <= TARGETS.vsFloor * floor },
      { name: `RSS < ${TARGETS.rssMB} MB`, pass: med.plugin.rssKB / 1024 < TARGETS.rssMB },
    ],
  },
  { id: 'kubectl', heavy: true, label: 'kubectl get vm,vmi,pvc -A + get nodes,pv,sc (baseline)', ...med.kubectl, targets: [] },
  { id: 'floor', heavy: true, label: 'floor: node:http, 9 lists, pages of 500, JSON.parse', ...med.floor, targets: [] },
  ...['--version', '--help'].flatMap((flag) => [
    {
      id: `node ${flag}`,
      label: `node bin/kubectl-vmigrate ${flag}`,
      ...med[`node ${flag}`],
      targets: [
        { name: `< ${TARGETS.startupMs} ms`, pass: med[`node ${flag}`].ms < TARGETS.startupMs },
        { name: 'no client-node', pass: !startupLoads[flag].includes('@kubernetes/client-node') },
      ],
    },
    {
      id: `kubectl ${flag}`,
      label: `kubectl vmigrate ${flag}`,
      ...med[`kubectl ${flag}`],
      targets: [{ name: `< ${TARGETS.startupMs} ms`, pass: med[`kubectl ${flag}`].ms < TARGETS.startupMs }],
    },
  ]),
  { id: 'kubectl noop', label: "kubectl benchnoop (a no-op sh plugin: kubectl's own dispatch)", ...med['kubectl noop'], targets: [] },
];

printTable(rows, base, floor);
const results = {
  date: new Date().toISOString(),
  command: `npm run bench --${opt.quick ? ' --quick' : ''}${opt.runs !== '3' ? ` --runs ${runs}` : ''}${opt.vms ? ` --vms ${vmCount}` : ''}${opt.nodes ? ` --nodes ${nodeCount}` : ''}`.replace(/ --$/, ''),
  environment: {
    node: process.version,
    kubectl: await kubectlVersion(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30),
    // 1-minute load average before and after: other work on the machine skews every timing.
    loadAverage: [+loadBefore.toFixed(2), +loadavg()[0].toFixed(2)],
    rssMethod,
  },
  cluster: { ...counts, jsonMB: Math.round(totalMB), bytes: clusterBytes },
  runs,
  startupRuns,
  report: { summary: report.summary, findingsByRule: byRule, outputMB: +(statSync(out('plugin-warm')).size / 1e6).toFixed(1), getRequests: pluginLists },
  modules: { checkMigratable: pluginPackages, ...Object.fromEntries(Object.entries(startupLoads).map(([k, v]) => [k, v])) },
  targets: TARGETS,
  measurements: rows.map((r) => ({
    id: r.id,
    label: r.label,
    seconds: +(r.ms / 1000).toFixed(3),
    samplesMs: r.all,
    samplesRssMB: r.allRssMB,
    vsKubectl: r.heavy ? +(r.ms / base).toFixed(3) : null,
    vsFloor: r.heavy ? +(r.ms / floor).toFixed(3) : null,
    peakRssMB: r.rssKB ? Math.round(r.rssKB / 1024) : null,
    targets: r.targets,
  })),
};
mkdirSync(join(REPO, '.bench'), { recursive: true });
writeFileSync(join(REPO, '.bench/results.json'), JSON.stringify(results, null, 2) + '\n');
log(`results written to ${relative(process.cwd(), join(REPO, '.bench/results.json')) || '.bench/results.json'}`);
if (opt.keep) log(`work files kept in ${work}`);
else rmSync(work, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------

/**
 * Runs a child asynchronously (the API server lives in this event loop); wall time from spawn to
 * exit; peak RSS from /usr/bin/time (the max RSS of the largest process it waited for: kubectl
 * execs its plugin, so that is the plugin's node process), else sampled from /proc.
 */
function timed(cmd, args, { env, stdout }) {
  return new Promise((done, reject) => {
    const rssFile = join(work, 'rss.txt');
    const [file, argv] = rssMethod === 'time' ? [TIME, ['-f', '%M', '-o', rssFile, cmd, ...args]] : [cmd, args];
    const fd = openSync(stdout, 'w');
    const start = performance.now();
    const child = spawn(file, argv, { env, stdio: ['ignore', fd, 'pipe'] });
    closeSync(fd);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let peakKB = 0;
    const poll = rssMethod === 'proc' ? setInterval(() => (peakKB = Math.max(peakKB, treeRssKB(child.pid))), 10) : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (poll) clearInterval(poll);
      let rssKB = peakKB || undefined;
      if (rssMethod === 'time') {
        const text = readFileSync(rssFile, 'utf8').trim().split('\n');
        rssKB = Number(text[text.length - 1]) || undefined;
        // GNU time adds "Command exited with non-zero status N" before the format line.
      }
      done({ ms, rssKB, code: code ?? 1, stderr });
    });
  });
}

/** VmRSS of a process and its descendants (summed: they run at the same time). */
function treeRssKB(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
      }
    } catch {
      // exited meanwhile
    }
  };
  visit(pid);
  return total;
}

function hookEnv(logFile) {
  writeFileSync(logFile, '');
  return { NODE_OPTIONS: `--import=${pathToFileURL(join(REPO, 'scripts/bench/load-hook.mjs')).href}`, VMIGRATE_BENCH_LOAD_LOG: logFile };
}

/** npm packages inside the dist files a process loaded, from the files' source maps. */
function packagesLoaded(logFile) {
  const packages = new Set();
  for (const url of readFileSync(logFile, 'utf8').split('\n')) {
    if (!url.startsWith('file:')) continue;
    const path = fileURLToPath(url);
    if (!path.startsWith(join(plugin, 'dist') + '/')) continue;
    const map = `${path}.map`;
    if (!existsSync(map)) continue;
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
      if (m) packages.add(m[1]);
    }
  }
  return [...packages].sort();
}

function printTable(rows, base, floor) {
  const header = ['measurement', 'seconds', '× kubectl', '× floor', 'peak RSS MB', 'targets'];
  const body = rows.map((r) => [
    r.label,
    (r.ms / 1000).toFixed(3),
    r.heavy ? (r.ms / base).toFixed(2) : '-',
    r.heavy ? (r.ms / floor).toFixed(2) : '-',
    r.rssKB ? String(Math.round(r.rssKB / 1024)) : '-',
    r.targets.map((t) => `${t.name}: ${t.pass ? 'PASS' : 'FAIL'}`).join('; ') || '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log('');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of body) console.log(line(row));
  console.log('');
  const samplesOf = rows.map((r) => `${r.id}: ${r.all.join(', ')} ms${r.heavy ? ` (${r.allRssMB.join(', ')} MB)` : ''}`).join('; ');
  console.log(`samples: ${samplesOf}`);
}

function median(xs) {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

async function kubectlVersion() {
  return new Promise((done) => {
    const c = spawn(kubectl, ['version', '--client', '-o', 'json'], { env: baseEnv });
    let s = '';
    c.stdout.on('data', (d) => (s += d));
    c.on('close', () => {
      try {
        done(JSON.parse(s).clientVersion.gitVersion);
      } catch {
        done('unknown');
      }
    });
  });
}

function sec(ms) {
  return (ms / 1000).toFixed(1);
}

function log(s) {
  process.stderr.write(s + '\n');
}

function fail(s) {
  process.stderr.write(`bench: ${s}\n`);
  if (workDir && !opt.keep) rmSync(workDir, { recursive: true, force: true });
  process.exit(2);
}
