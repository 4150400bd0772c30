// `npm run bench`: how fast and how big `kubectl vmigrate` is on large clusters, next to kubectl
// reading the same objects and a bare-HTTP floor. A report, not a test: it always exits 0 (unless
// it cannot run at all) and marks each target PASS or FAIL.
//
//   npm run bench                     1,000 VMs on 200 nodes, then 10,000 VMs on 2,000 nodes;
//                                     median of 3 (~20 min on 2 cores)
//   npm run bench -- --size 100k      add 100,000 VMs on 20,000 nodes (on demand: ~1 h, ~12 GB
//                                     for the fake server; the bench re-runs itself with a larger heap)
//   npm run bench -- --size 1k,100k   exactly those sizes (1k, 10k, 100k)
//   npm run bench -- --quick          the 1,000-VM cluster only
//   npm run bench -- --runs 5         median of 5 (every measurement)
//   npm run bench -- --vms N --nodes M    one cluster of that size (--nodes defaults to N/5)
//   npm run bench -- --drain N        with --vms: N VMIs on a node being drained (10k and 100k
//                                     have 1,000; 1k none)
//   npm run bench -- --serve          only serve the (first) cluster (prints a kubeconfig and the
//                                     `why` targets) until Ctrl-C: for profiling, e.g.
//                                     node --cpu-prof bin/kubectl-vmigrate list -A …
//
// Each cluster (scripts/bench/cluster.mjs, migrations.mjs) is cloned from the example snapshot's
// objects: VMs, VMIs, PVCs, PVs, DataVolumes, virt-launcher pods, virt-handler pods, nodes, and for
// ~7 % of the VMs VirtualMachineInstanceMigrations in every phase with their target pods, VMI
// migrationState, Events, launcher logs and virt-handler metrics.
//
// What is measured at each size, each as the median of N runs after one warm-up (start-up: of 5·N):
//   check-migratable  kubectl vmigrate check-migratable -A -o json, found by kubectl's plugin
//                     discovery (PATH=<copy of bin/>:$PATH); output to a file; and once more with
//                     its output into a pipe this process reads (peak RSS "piped")
//   list              kubectl vmigrate list -A -o json
//   why (running)     kubectl vmigrate why NAME -n NS -o json on a VM whose migration is Running:
//                     the case whose reads must not grow with the cluster
//   why (unschedulable)  the same on a migration whose target pod waits for a node: it reads
//                     every node (the placement table)
//   why --node        kubectl vmigrate why --node NODE -o json on the drained node (sizes with a
//                     drain): its requests against docs/why-node.md's budget, P + 19 (P: the pages
//                     of its 12 lists at 500 per page, counted from the served objects)
//   kubectl baseline  kubectl get of the objects the command reads, -o json, one kubectl per label
//                     selector (times summed; kubectl's default --chunk-size 500); for list also
//                     `kubectl get vmim -A -o json` alone (its bytes are list's yardstick)
//   floor             scripts/bench/floor.mjs in a child node: the requests the plugin made in the
//                     warm-up, replayed over node:http with keep-alive, lists in pages of 500,
//                     JSON.parse only; no analysis
//   start-up          node bin/kubectl-vmigrate --version|--help, and the same through kubectl;
//                     plus a no-op shell plugin, which is what kubectl's own dispatch costs; the
//                     example snapshot (--from examples/cluster-snapshot)
// Per run, from the fake server: requests, response bytes and the peak of requests of one verb
// (list, get, …) in flight.
// Wall time is spawn to exit as seen from here; peak RSS as below. The fake server answers from
// this process, so its work is in every measurement alike. Growth: per measurement, the ratio of
// each size to the previous one and its exponent (log ratio / log size ratio: 1 is linear, 0 flat).
//
// Needs a build (`npm run build`: it measures dist/ as shipped), kubectl on PATH, and
// /usr/bin/time for peak RSS (else the RSS of the child tree is sampled from /proc).
// The fake API server (test/fake-apiserver) is bundled with esbuild and runs in this process on
// 127.0.0.1; every client runs as an asynchronous child (a synchronous one would deadlock it).
// Results: tables on stdout (per size, then growth), .bench/results.json, and the
// "Performance" table of docs/development.md as .bench/performance.md; progress on stderr.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { syntheticCluster } from './bench/cluster.mjs';
import { floorRequests } from './bench/floor.mjs';
import { bundleForNode } from './bundle-ts.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TIME = '/usr/bin/time';
/** The temporary directory, removed on the way out unless --keep. */
let workDir;

const TARGETS = {
  vsKubectl: 0.1, // check-migratable -A and list -A at 10k and above: ≤ 0.10 × kubectl baseline
  listVsKubectl: 0.25, // list -A at 10k and above with 200 migrations in flight: ≤ 0.25 × (issue #13)
  vsFloor: 1.3, // ≤ 1.3 × floor
  rssPer10kMB: 60, // peak RSS ≤ start-up RSS + 60 MB per 10,000 VMs (piped or not)
  whyRequests: 15, // why on a running migration: ≤ 15 API requests, the same at every size
  whyBytesMB: 1.2, // … and about 1 MB
  listBytesVsVmims: 1.2, // list -A: response bytes ≤ 1.2 × those of kubectl get vmim -A -o json
  exampleSnapshotMs: 300, // check-migratable -A on examples/cluster-snapshot (YAML) < 0.3 s
  whyNodeFixedRequests: 19, // why --node: ≤ P + 19 requests (docs/why-node.md)
  pageSize: 500, // … P counted in pages of 500
  startupMs: 150, // --version / --help < 150 ms
};
const PRESETS = {
  '1k': { vms: 1000, nodes: 200 },
  '10k': { vms: 10000, nodes: 2000, drainVmis: 1000 },
  '100k': { vms: 100000, nodes: 20000, drainVmis: 1000 },
};
/** The fake server holds every object and its JSON: 100,000 VMs take ~10 GB of heap. */
const HEAP_MB_PER_1K_VMS = 110;
const HEAVY = ['check-migratable', 'list'];

const { values: opt } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    size: { type: 'string' },
    runs: { type: 'string', default: '3' },
    vms: { type: 'string' },
    nodes: { type: 'string' },
    drain: { type: 'string' },
    keep: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
  },
});
const USAGE = 'usage: node scripts/bench.mjs [--quick] [--size 1k,10k,100k] [--runs N] [--vms N [--nodes N (≥ 4)] [--drain N]] [--keep] [--serve]';
const runs = Math.max(1, Number(opt.runs));
const custom = opt.vms !== undefined || opt.nodes !== undefined;
const customVms = Number(opt.vms ?? 1000);
let sizes;
if (custom) sizes = [{ vms: customVms, nodes: Number(opt.nodes ?? Math.max(4, Math.round(customVms / 5))), drainVmis: Number(opt.drain ?? 0) }];
else if (opt.size) {
  const tags = opt.size.split(',').map((s) => s.trim());
  // `--size 100k` adds the 100k case to the default ones; a list names them all.
  const wanted = tags.length === 1 && tags[0] === '100k' ? ['1k', '10k', '100k'] : tags;
  if (wanted.some((t) => !PRESETS[t])) fail(USAGE);
  sizes = wanted.map((t) => PRESETS[t]).sort((a, b) => a.vms - b.vms);
} else sizes = opt.quick ? [PRESETS['1k']] : [PRESETS['1k'], PRESETS['10k']];
if (!Number.isInteger(runs) || sizes.some((s) => !Number.isInteger(s.vms) || !Number.isInteger(s.nodes) || s.vms < 1 || s.nodes < 4)) fail(USAGE);

// The largest cluster must fit the fake server's heap: re-run with a larger one if needed.
const heapNeededMB = 1024 + HEAP_MB_PER_1K_VMS * (Math.max(...sizes.map((s) => s.vms)) / 1000);
if (getHeapStatistics().heap_size_limit / 2 ** 20 < heapNeededMB && !process.env.VMIGRATE_BENCH_REEXEC) {
  const child = spawn(process.execPath, [`--max-old-space-size=${Math.ceil(heapNeededMB)}`, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, VMIGRATE_BENCH_REEXEC: '1' },
  });
  child.on('exit', (code) => process.exit(code ?? 2));
  await new Promise(() => {});
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
const baseEnv = {
  PATH: `${join(plugin, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
  HOME: home,
  KUBECONFIG: join(work, 'no-kubeconfig'),
  LANG: 'C.UTF-8',
};
const floorScript = join(REPO, 'scripts/bench/floor.mjs');
const exampleSnapshot = join(REPO, 'examples/cluster-snapshot');

const benchStart = performance.now();
log(`kubectl-vmigrate bench: ${sizes.map((s) => `${s.vms} VMs / ${s.nodes} nodes`).join(', then ')}; median of ${runs} run(s) (start-up: of ${startupRuns})`);
const loadBefore = loadavg()[0];
log(`node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadBefore.toFixed(1)}`);
log(`dist built ${new Date(statSync(dist).mtimeMs).toISOString()}; peak RSS via ${rssMethod === 'time' ? '/usr/bin/time -f %M (max RSS of the largest process in the tree)' : 'polling /proc/<pid>/status VmRSS of the child tree every 10 ms'}`);

// ---- the fake API server, bundled from its TypeScript sources ----
const bundle = join(work, 'fake-apiserver.mjs');
await bundleForNode(join(REPO, 'test/fake-apiserver/index.ts'), bundle);
const { startFakeApiServer, readObjectFiles } = await import(pathToFileURL(bundle).href);

/** Packages loaded by check-migratable, --version and --help (checked once, at the first size). */
const modules = {};
const startup = await measureStartup();
const perSize = [];
for (const size of sizes) perSize.push(await benchSize(size, perSize.length === 0));

const growth = growthRows(perSize);
printTables(perSize, growth, startup);
const results = {
  date: new Date().toISOString(),
  command: `npm run bench --${opt.quick ? ' --quick' : ''}${opt.size ? ` --size ${opt.size}` : ''}${opt.runs !== '3' ? ` --runs ${runs}` : ''}${opt.vms ? ` --vms ${sizes[0].vms}` : ''}${opt.nodes ? ` --nodes ${sizes[0].nodes}` : ''}`.replace(/ --$/, ''),
  environment: {
    node: process.version,
    kubectl: await kubectlVersion(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30),
    // 1-minute load average before and after: other work on the machine skews every timing.
    loadAverage: [+loadBefore.toFixed(2), +loadavg()[0].toFixed(2)],
    rssMethod,
    minutes: +((performance.now() - benchStart) / 60e3).toFixed(1),
  },
  runs,
  startupRuns,
  targets: TARGETS,
  modules,
  startup: startup.rows.map(jsonRow),
  sizes: perSize.map((s) => ({ vms: s.vms, nodes: s.nodes, cluster: s.cluster, why: s.why, reports: s.reports, measurements: s.rows.map(jsonRow) })),
  growth,
};
mkdirSync(join(REPO, '.bench'), { recursive: true });
writeFileSync(join(REPO, '.bench/results.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(join(REPO, '.bench/performance.md'), readmeTable(perSize, growth, startup, results.environment));
log(`results written to ${relative(process.cwd(), join(REPO, '.bench/results.json')) || '.bench/results.json'} and .bench/performance.md (${results.environment.minutes} min)`);
if (opt.keep) log(`work files kept in ${work}`);
else rmSync(work, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------

/** Start-up and the example snapshot: no cluster needed. */
async function measureStartup() {
  const dir = join(work, 'startup');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'out');
  for (const flag of ['--version', '--help']) {
    const logFile = join(dir, `modules${flag}.log`);
    const r = await timed(process.execPath, [pluginBin, flag], { env: { ...baseEnv, ...hookEnv(logFile) }, stdout: out });
    if (r.code !== 0) fail(`kubectl-vmigrate ${flag} exited ${r.code}`);
    modules[flag] = packagesLoaded(logFile);
    log(`  ${flag} loads: ${modules[flag].join(', ') || '(no npm package besides the bundle runtime)'}`);
  }
  const example = ['check-migratable', '-A', '-o', 'json', '--from', exampleSnapshot];
  const samples = { 'node --version': [], 'kubectl --version': [], 'node --help': [], 'kubectl --help': [], 'kubectl noop': [], example: [] };
  log(`start-up and the example snapshot, ${startupRuns} runs…`);
  for (let i = 0; i < startupRuns; i++) {
    for (const flag of ['--version', '--help']) {
      samples[`node ${flag}`].push(await timed(process.execPath, [pluginBin, flag], { env: baseEnv, stdout: out }));
      samples[`kubectl ${flag}`].push(await timed(kubectl, ['vmigrate', flag], { env: baseEnv, stdout: out }));
    }
    samples['kubectl noop'].push(await timed(kubectl, ['benchnoop'], { env: baseEnv, stdout: out }));
    samples.example.push(await timed(process.execPath, [pluginBin, ...example], { env: baseEnv, stdout: out }));
  }
  const med = medians(samples);
  const rows = [];
  for (const flag of ['--version', '--help']) {
    rows.push({
      id: `node ${flag}`,
      label: `node bin/kubectl-vmigrate ${flag}`,
      ...med[`node ${flag}`],
      targets: [
        { name: `< ${TARGETS.startupMs} ms`, pass: med[`node ${flag}`].ms < TARGETS.startupMs },
        { name: 'no client-node', pass: !modules[flag].includes('@kubernetes/client-node') },
      ],
    });
    rows.push({ id: `kubectl ${flag}`, label: `kubectl vmigrate ${flag}`, ...med[`kubectl ${flag}`], targets: [] });
  }
  rows.push({ id: 'kubectl noop', label: "kubectl benchnoop (a no-op sh plugin: kubectl's own dispatch)", ...med['kubectl noop'], targets: [] });
  rows.push({
    id: 'example',
    label: 'node bin/kubectl-vmigrate check-migratable -A -o json --from examples/cluster-snapshot',
    ...med.example,
    targets: [{ name: `< ${TARGETS.exampleSnapshotMs / 1000} s`, pass: med.example.ms < TARGETS.exampleSnapshotMs }],
  });
  return { rows, rssKB: med['node --version'].rssKB };
}

/** Generates and serves one cluster, checks the outputs, measures every command on it. */
async function benchSize({ vms: vmCount, nodes: nodeCount, drainVmis = 0 }, first) {
  const tag = vmCount % 1000 === 0 ? `${vmCount / 1000}k` : String(vmCount);
  log(`\n== ${vmCount} VMs / ${nodeCount} nodes ==`);
  let t0 = performance.now();
  const { objects, counts, why, whyTargets, logs, handlerMetrics, drain } = syntheticCluster({
    vms: vmCount,
    nodes: nodeCount,
    drainVmis,
    now: Date.now(),
    examplesDir: exampleSnapshot,
    readObjectFiles,
  });
  const genMs = performance.now() - t0;
  t0 = performance.now();
  const server = await startFakeApiServer();
  server.load(objects);
  objects.length = 0;
  for (const l of logs) server.setLog(l.namespace, l.pod, l.container, l.text);
  // virt-handler's /metrics through the pod proxy (`list` reads it for copying migrations).
  server.route('GET', /^\/api\/v1\/namespaces\/kubevirt\/pods\/https:([^/:]+):8443\/proxy\/metrics$/, (ctx) => {
    const text = handlerMetrics(decodeURIComponent(ctx.match[1]));
    if (text === undefined) ctx.status(404, 'NotFound', `pods "${ctx.match[1]}" not found`);
    else ctx.text(200, text, 'text/plain; version=0.0.4; charset=utf-8');
  });
  const loadMs = performance.now() - t0;
  const dir = join(work, tag);
  mkdirSync(dir, { recursive: true });
  const kubeconfig = server.writeKubeconfig(dir, {});
  const bytes = {};
  for (const r of ['vm', 'vmi', 'vmim', 'pod', 'event', 'pvc', 'pv', 'datavolume', 'node']) {
    bytes[r] = server.objects(r).reduce((n, o) => n + JSON.stringify(o).length, 0);
  }
  const jsonMB = Object.values(bytes).reduce((a, b) => a + b, 0) / 1e6;
  const phases = Object.entries(counts.vmimByPhase).map(([p, n]) => `${p} ${n}`).join(', ');
  log(
    `cluster: ${counts.vm} VMs, ${counts.vmi} VMIs, ${counts.pvc} PVCs, ${counts.pv} PVs, ${counts.datavolume} DataVolumes, ${counts.node} nodes, ` +
      `${counts.pod} pods (${counts.handlerPod} virt-handler), ${counts.vmim} VMIMs of ${counts.migratingVms} VMs (${phases}), ${counts.event} events ` +
      `(${jsonMB.toFixed(0)} MB of JSON; generated in ${sec(genMs)} s, loaded in ${sec(loadMs)} s), server ${server.url}`,
  );
  if (drain) log(`drain: node ${drain.node} cordoned with ${drain.vmis} VMIs: ${drain.marked} marked for evacuation (${drain.migrating} migrating), ${drain.refused} refused (LiveMigrate, not migratable), ${drain.evicted} evicted (shutting down)`);
  const running = whyTargets.running;
  if (!why || !running) fail('the cluster has no migration with an unschedulable target pod, or none running, for `why`');

  if (opt.serve) {
    log(`serving; kubeconfig: ${kubeconfig}\n  e.g. node --cpu-prof bin/kubectl-vmigrate list -A -o json --kubeconfig ${kubeconfig} > /dev/null` + `\n  why targets: why ${running.name} -n ${running.namespace} (running), why ${why.name} -n ${why.namespace} (unschedulable)${drain ? `, why --node ${drain.node} (being drained)` : ''}`);
    await new Promise((done) => process.once('SIGINT', done));
    await server.close();
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  }

  const K = ['--kubeconfig', kubeconfig];
  const out = (name) => join(dir, `${name.replaceAll(' ', '-')}.out`);
  const whyArgs = (t) => ['vmigrate', 'why', t.name, '-n', t.namespace, '-o', 'json', ...K];
  const commands = {
    'check-migratable': {
      plugin: ['vmigrate', 'check-migratable', '-A', '-o', 'json', ...K],
      kubectl: [['get', 'vm,vmi,pvc,datavolumes,kubevirts,nodes,pv,storageclasses,storageprofiles', '-A', '-o', 'json', ...K]],
    },
    list: {
      plugin: ['vmigrate', 'list', '-A', '-o', 'json', ...K],
      // What a kubectl user reads to see the same: every migration, VMI, launcher pod, event, node…
      kubectl: [
        ['get', 'pods', '-A', '-l', 'kubevirt.io=virt-launcher', '-o', 'json', ...K],
        ['get', 'pods', '-A', '-l', 'kubevirt.io=virt-handler', '-o', 'json', ...K],
        ['get', 'vmim,vmi,events,resourcequotas,pvc,kubevirts,nodes,pv,migrationpolicies,namespaces', '-A', '-o', 'json', ...K],
      ],
    },
    'why running': { plugin: whyArgs(running) },
    'why unschedulable': { plugin: whyArgs(why) },
  };
  if (drain) {
    commands['why node'] = {
      plugin: ['vmigrate', 'why', '--node', drain.node, '-o', 'json', ...K],
      // The 12 lists why --node reads (docs/why-node.md), as a kubectl user reads them.
      kubectl: [
        ['get', 'nodes,vmi,vmim,poddisruptionbudgets,events,resourcequotas,pvc,pv,kubevirts,migrationpolicies', '-A', '-o', 'json', ...K],
        ['get', 'pods', '-A', '--field-selector', `spec.nodeName=${drain.node}`, '-o', 'json', ...K],
        ['get', 'pods', '-A', '-l', 'kubevirt.io/migrationJobUID', '-o', 'json', ...K],
      ],
    };
  }
  const VMIMS_KUBECTL = ['get', 'vmim', '-A', '-o', 'json', ...K];
  /** A run with the server's counts of what it asked: requests, response bytes, peak in flight. */
  const counted = async (cmd, args, o) => {
    server.resetRequests();
    const r = await timed(cmd, args, o);
    // A copy: the server's array is emptied by the next resetRequests(), and this log is read
    // after the later commands have run (the warm-up's summary, its floor, why's request list).
    const rs = [...server.requests];
    // The server keeps a peak per verb (list, get, …): the largest of them, read now.
    const peakInFlight = Math.max(0, ...Object.values(server.peakInFlight));
    return { ...r, requests: rs.length, bytes: rs.reduce((n, q) => n + (q.bytes ?? 0), 0), peakInFlight, log: rs };
  };

  // ---- warm-up: fills kubectl's discovery cache and the page cache; checks the outputs ----
  log('warm-up and output checks…');
  const reports = {};
  const floorFiles = {};
  const loadLog = join(dir, 'plugin-modules.log');
  const warm = {};
  for (const [id, c] of Object.entries(commands)) {
    const env = id === 'check-migratable' && first ? { ...baseEnv, ...hookEnv(loadLog) } : baseEnv;
    const r = await counted(kubectl, c.plugin, { env, stdout: out(id) });
    warm[id] = r;
    if (r.code !== 0 && !(r.code === 1 && id !== 'list')) fail(`${id} exited ${r.code}: ${r.stderr.trim()}`);
    floorFiles[id] = join(dir, `floor-${id.replaceAll(' ', '-')}.json`);
    writeFileSync(floorFiles[id], JSON.stringify(floorRequests(r.log)));
  }
  const report = JSON.parse(readFileSync(out('check-migratable'), 'utf8'));
  if (report.summary.total !== vmCount) fail(`check-migratable reported ${report.summary.total} items, expected ${vmCount}`);
  const byRule = {};
  for (const item of report.items) for (const f of item.findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
  reports['check-migratable'] = { summary: report.summary, findingsByRule: byRule, outputMB: mb(out('check-migratable')), requests: warm['check-migratable'].requests };
  log(`  check-migratable: ${JSON.stringify(report.summary)}; exit ${warm['check-migratable'].code}; ${mb(out('check-migratable'))} MB of JSON; ${warm['check-migratable'].requests} requests`);
  log(`  findings by rule: ${Object.entries(byRule).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ')}`);
  if (first) {
    modules.checkMigratable = packagesLoaded(loadLog);
    log(`  packages loaded by check-migratable: ${modules.checkMigratable.join(', ') || '(none)'}`);
  }
  const listed = JSON.parse(readFileSync(out('list'), 'utf8'));
  if (listed.items.length !== counts.vmim) fail(`list reported ${listed.items.length} migrations, expected ${counts.vmim}`);
  const byCause = {};
  for (const item of listed.items) byCause[`${item.phase}/${item.cause}`] = (byCause[`${item.phase}/${item.cause}`] ?? 0) + 1;
  const ls = warm.list;
  reports.list = { items: listed.items.length, byPhaseAndCause: byCause, errors: listed.errors, outputMB: mb(out('list')), requests: ls.requests, bytes: ls.bytes };
  log(`  list: ${listed.items.length} migrations; ${listed.errors.length} partial errors; ${ls.requests} requests (${ls.log.filter((r) => r.path.endsWith('/proxy/metrics')).length} virt-handler /metrics), ${(ls.bytes / 1e6).toFixed(2)} MB`);
  log(`  phase/cause: ${Object.entries(byCause).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  const whyInfo = {};
  for (const id of ['why running', 'why unschedulable']) {
    const d = JSON.parse(readFileSync(out(id), 'utf8'));
    const t = id === 'why running' ? running : why;
    const w = warm[id];
    whyInfo[id] = { ...t, migration: d.target?.migration, verdict: d.verdict, requests: w.log.map((r) => `${r.method} ${r.path}${r.query.labelSelector ? `?labelSelector=${r.query.labelSelector}` : ''}${r.query.fieldSelector ? `?fieldSelector=${r.query.fieldSelector}` : ''}`) };
    log(`  ${id} ${t.namespace}/${t.name}: ${d.target?.migration?.name} ${d.target?.migration?.phase} → ${d.verdict.status} ${d.verdict.cause}; exit ${w.code}; ${w.requests} requests, ${(w.bytes / 1e6).toFixed(3)} MB, peak ${w.peakInFlight} in flight`);
  }

  if (drain) {
    const d = JSON.parse(readFileSync(out('why node'), 'utf8'));
    const w = warm['why node'];
    const pages = whyNodePages(server, drain.node);
    const budget = pages.P + TARGETS.whyNodeFixedRequests;
    const listPages = w.log.filter((r) => r.method === 'GET' && r.query.limit !== undefined).length;
    const states = {};
    for (const item of d.items ?? []) states[item.state] = (states[item.state] ?? 0) + 1;
    whyInfo['why node'] = { node: drain.node, verdict: d.verdict, states, pages, budget, listPages, limits: [...new Set(w.log.map((r) => r.query.limit).filter(Boolean))], requests: w.log.map((r) => `${r.method} ${r.path}${r.query.limit ? `?limit=${r.query.limit}` : ''}`) };
    log(`  why --node ${drain.node}: ${d.verdict?.status} ${d.verdict?.cause}; ${JSON.stringify(states)}; exit ${w.code}; ${w.requests} requests (${listPages} list pages, limit ${whyInfo['why node'].limits.join('/')}) against P + ${TARGETS.whyNodeFixedRequests} = ${pages.P} + ${TARGETS.whyNodeFixedRequests} = ${budget}; ${(w.bytes / 1e6).toFixed(2)} MB`);
  }

  // kubectl: discovery cache for this server, binary in the page cache.
  const kw = await timed(kubectl, ['get', 'namespaces', '-o', 'name', ...K], { env: baseEnv, stdout: out('kubectl-warm') });
  if (kw.code !== 0) fail(`kubectl get namespaces exited ${kw.code}: ${kw.stderr.trim()}`);
  const kv = await counted(kubectl, VMIMS_KUBECTL, { env: baseEnv, stdout: out('kubectl-vmim') });
  reports.list.kubectlVmims = { bytes: kv.bytes, outputMB: mb(out('kubectl-vmim')) };
  for (const id of Object.keys(commands)) {
    const f = await timed(process.execPath, [floorScript, server.url, floorFiles[id]], { env: baseEnv, stdout: out(`floor-${id}`) });
    if (f.code !== 0) fail(`floor ${id} exited ${f.code}: ${f.stderr.trim()}`);
  }

  // ---- measurements ----
  const samples = { 'check-migratable piped': [], 'list kubectl vmim': [] };
  for (const id of Object.keys(commands)) Object.assign(samples, { [id]: [], [`${id} kubectl`]: [], [`${id} floor`]: [] });
  for (let i = 0; i < runs; i++) {
    for (const [id, c] of Object.entries(commands)) {
      log(`run ${i + 1}/${runs}: ${id}…`);
      samples[id].push(await counted(kubectl, c.plugin, { env: baseEnv, stdout: out(id) }));
      if (c.kubectl) {
        const parts = [];
        for (const args of c.kubectl) parts.push(await counted(kubectl, args, { env: baseEnv, stdout: out('kubectl') }));
        samples[`${id} kubectl`].push({ ms: sum(parts.map((p) => p.ms)), rssKB: Math.max(...parts.map((p) => p.rssKB ?? 0)) || undefined, code: parts.find((p) => p.code)?.code ?? 0, requests: sum(parts.map((p) => p.requests)), bytes: sum(parts.map((p) => p.bytes)), peakInFlight: Math.max(...parts.map((p) => p.peakInFlight)) });
      }
      samples[`${id} floor`].push(await counted(process.execPath, [floorScript, server.url, floorFiles[id]], { env: baseEnv, stdout: out(`floor-${id}`) }));
    }
    samples['check-migratable piped'].push(await counted(kubectl, commands['check-migratable'].plugin, { env: baseEnv, stdout: 'pipe' }));
    samples['list kubectl vmim'].push(await counted(kubectl, VMIMS_KUBECTL, { env: baseEnv, stdout: out('kubectl-vmim') }));
  }
  await server.close();
  for (const [k, list] of Object.entries(samples)) {
    const bad = list.find((s) => s.code !== 0 && !(s.code === 1 && !k.startsWith('list')));
    if (bad) log(`  warning: ${k} exited ${bad.code} in a measured run: ${bad.stderr?.trim().slice(0, 300) ?? ''}`);
  }

  const med = medians(samples);
  const atScale = vmCount >= 10000;
  const rssLimitMB = startupRssMB() + (TARGETS.rssPer10kMB * vmCount) / 10000;
  const rssTarget = (rssKB) => ({ name: `RSS ≤ ${Math.round(rssLimitMB)} MB`, pass: rssKB / 1024 <= rssLimitMB });
  const rows = [];
  const heavy = drain ? [...HEAVY, 'why node'] : HEAVY;
  for (const id of heavy) {
    const base = med[`${id} kubectl`].ms;
    const floor = med[`${id} floor`].ms;
    const p = med[id];
    const targets = atScale
      ? [{ name: `≤ ${TARGETS.vsKubectl}× kubectl`, pass: p.ms <= TARGETS.vsKubectl * base }, { name: `≤ ${TARGETS.vsFloor}× floor`, pass: p.ms <= TARGETS.vsFloor * floor }, rssTarget(p.rssKB)]
      : [];
    if (id === 'why node') {
      const { budget, pages } = whyInfo['why node'];
      targets.length = 0;
      targets.push({ name: `≤ P + ${TARGETS.whyNodeFixedRequests} = ${budget} requests (P = ${pages.P})`, pass: p.requests <= budget });
    }
    if (id === 'list' && atScale) targets.push({ name: `≤ ${TARGETS.listVsKubectl}× kubectl`, pass: p.ms <= TARGETS.listVsKubectl * base });
    if (id === 'list') {
      const vmimBytes = med['list kubectl vmim'].bytes;
      targets.push({ name: `bytes ≤ ${TARGETS.listBytesVsVmims}× kubectl get vmim (${(vmimBytes / 1e6).toFixed(2)} MB)`, pass: p.bytes <= TARGETS.listBytesVsVmims * vmimBytes });
    }
    const label = id === 'why node' ? `kubectl vmigrate why --node NODE -o json (${drain.vmis} VMIs on the node)` : `kubectl vmigrate ${id} -A -o json`;
    rows.push({ id, heavy: true, label, ...p, vsKubectl: p.ms / base, vsFloor: p.ms / floor, targets });
    if (id === 'check-migratable') {
      const piped = med['check-migratable piped'];
      rows.push({ id: 'check-migratable piped', heavy: true, label: '  the same, output into a pipe', ...piped, vsKubectl: piped.ms / base, vsFloor: piped.ms / floor, targets: atScale ? [rssTarget(piped.rssKB)] : [] });
    }
    const calls = commands[id].kubectl.length;
    rows.push({ id: `${id} kubectl`, heavy: true, label: `  kubectl get -o json of the same lists (${calls} call${calls > 1 ? 's' : ''})`, ...med[`${id} kubectl`], vsKubectl: 1, vsFloor: base / floor, targets: [] });
    if (id === 'list') rows.push({ id: 'list kubectl vmim', heavy: true, label: '  kubectl get vmim -A -o json', ...med['list kubectl vmim'], vsKubectl: med['list kubectl vmim'].ms / base, targets: [] });
    rows.push({ id: `${id} floor`, heavy: true, label: '  floor: the same requests, node:http, pages of 500, JSON.parse', ...med[`${id} floor`], vsKubectl: floor / base, vsFloor: 1, targets: [] });
  }
  for (const id of ['why running', 'why unschedulable']) {
    const p = med[id];
    const floor = med[`${id} floor`].ms;
    const phase = whyInfo[id].migration?.phase ?? '?';
    const targets =
      id === 'why running'
        ? [
            { name: `≤ ${TARGETS.whyRequests} requests`, pass: p.requests <= TARGETS.whyRequests },
            { name: `≤ ${TARGETS.whyBytesMB} MB`, pass: p.bytes / 1e6 <= TARGETS.whyBytesMB },
          ]
        : [];
    rows.push({ id, label: `kubectl vmigrate why NAME -o json (${phase}${id === 'why unschedulable' ? ', target pod unschedulable' : ''})`, ...p, vsFloor: p.ms / floor, targets });
    rows.push({ id: `${id} floor`, label: '  floor: the same requests', ...med[`${id} floor`], vsFloor: 1, targets: [] });
  }
  return { vms: vmCount, nodes: nodeCount, tag, cluster: { ...counts, jsonMB: Math.round(jsonMB), bytes }, why: whyInfo, reports, rows };
}

/**
 * P of why --node's budget: the pages, at 500 per page, of the 12 lists it reads (docs/why-node.md),
 * counted from the objects the fake server serves, not from what the plugin asked.
 */
function whyNodePages(server, node) {
  const all = (r) => server.objects(r);
  const lists = {
    nodes: all('node').length,
    vmis: all('vmi').length,
    vmims: all('vmim').length,
    podsOnNode: all('pod').filter((p) => p.spec?.nodeName === node).length,
    targetPods: all('pod').filter((p) => p.metadata.labels?.['kubevirt.io/migrationJobUID'] !== undefined).length,
    pdbs: all('pdb').length,
    events: all('event').length,
    quotas: all('resourcequota').length,
    pvcs: all('pvc').length,
    pvs: all('pv').length,
    kubevirts: all('kubevirt').length,
    policies: all('migrationpolicy').length,
  };
  const pages = Object.fromEntries(Object.entries(lists).map(([k, n]) => [k, Math.max(1, Math.ceil(n / TARGETS.pageSize))]));
  return { objects: lists, pages, P: sum(Object.values(pages)) };
}

/** The plugin's RSS at start-up (--version): the fixed part of every command's. */
function startupRssMB() {
  return (startup.rssKB ?? 0) / 1024;
}

/** Medians per sample list: time, RSS, requests, bytes, peak in flight; and every sample. */
function medians(samples) {
  return Object.fromEntries(
    Object.entries(samples).map(([k, list]) => {
      const rss = list.map((s) => s.rssKB).filter((x) => x !== undefined);
      const of = (f) => (list.some((s) => s[f] !== undefined) ? median(list.map((s) => s[f] ?? 0)) : undefined);
      return [k, { ms: median(list.map((s) => s.ms)), rssKB: median(rss), requests: of('requests'), bytes: of('bytes'), peakInFlight: of('peakInFlight'), all: list.map((s) => Math.round(s.ms)), allRssMB: rss.map((kb) => Math.round(kb / 1024)) }];
    }),
  );
}

/** From each size to the next, per measurement: ratios and the growth exponent per 10×. */
function growthRows(perSize) {
  const rows = [];
  for (let i = 1; i < perSize.length; i++) {
    const [small, large] = [perSize[i - 1], perSize[i]];
    const scale = Math.log(large.vms / small.vms);
    for (const r of small.rows) {
      const l = large.rows.find((x) => x.id === r.id);
      if (!l || r.id.endsWith('floor')) continue;
      const ratio = l.ms / r.ms;
      const exp = (a, b) => (a && b ? +(Math.log(b / a) / scale).toFixed(2) : null);
      const plugin = !r.id.includes('kubectl');
      const targets = [];
      if (plugin && HEAVY.includes(r.id)) targets.push({ name: 'time exponent ≤ 1.1', pass: exp(r.ms, l.ms) <= 1.1 });
      if (r.id === 'why running') {
        targets.push({ name: 'same requests', pass: l.requests === r.requests }, { name: 'bytes within 1.2×', pass: l.bytes <= 1.2 * r.bytes });
      }
      rows.push({
        id: r.id,
        from: small.tag,
        to: large.tag,
        small: +(r.ms / 1000).toFixed(3),
        large: +(l.ms / 1000).toFixed(3),
        ratio: +ratio.toFixed(2),
        timeExponent: exp(r.ms, l.ms),
        rssExponent: exp(r.rssKB, l.rssKB),
        bytesExponent: exp(r.bytes, l.bytes),
        requests: [r.requests ?? null, l.requests ?? null],
        targets,
      });
    }
  }
  return rows;
}

function jsonRow(r) {
  return {
    id: r.id,
    label: r.label,
    seconds: +(r.ms / 1000).toFixed(3),
    samplesMs: r.all,
    samplesRssMB: r.allRssMB,
    vsKubectl: r.vsKubectl === undefined ? null : +r.vsKubectl.toFixed(3),
    vsFloor: r.vsFloor === undefined ? null : +r.vsFloor.toFixed(3),
    peakRssMB: r.rssKB ? Math.round(r.rssKB / 1024) : null,
    requests: r.requests ?? null,
    bytes: r.bytes ?? null,
    peakInFlight: r.peakInFlight ?? null,
    targets: r.targets,
  };
}

function verdicts(targets) {
  return targets.map((t) => `${t.name}: ${t.pass ? 'PASS' : 'FAIL'}`).join('; ') || '-';
}

function fmtBytes(b) {
  if (b === undefined) return '-';
  return b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${Math.round(b / 1e3)} kB`;
}

function printTables(perSize, growth, startup) {
  const header = ['size', 'measurement', 'seconds', '× kubectl', '× floor', 'peak RSS MB', 'requests', 'bytes', 'in flight', 'targets'];
  const cells = (tag, r) => [
    tag,
    r.label,
    (r.ms / 1000).toFixed(3),
    r.vsKubectl === undefined ? '-' : r.vsKubectl.toFixed(2),
    r.vsFloor === undefined ? '-' : r.vsFloor.toFixed(2),
    r.rssKB ? String(Math.round(r.rssKB / 1024)) : '-',
    r.requests === undefined ? '-' : String(r.requests),
    fmtBytes(r.bytes),
    r.peakInFlight === undefined ? '-' : String(r.peakInFlight),
    verdicts(r.targets),
  ];
  const body = [...startup.rows.map((r) => cells('', r)), ...perSize.flatMap((s) => s.rows.map((r) => cells(s.tag, r)))];
  console.log('');
  printTable(header, body, [2, 3, 4, 5, 6, 7, 8]);
  if (growth.length > 0) {
    console.log('');
    printTable(
      ['measurement', 'sizes', 'seconds', 'ratio', 'time exp.', 'RSS exp.', 'bytes exp.', 'requests', 'targets'],
      growth.map((g) => [g.id, `${g.from} → ${g.to}`, `${g.small.toFixed(3)} → ${g.large.toFixed(3)}`, g.ratio.toFixed(2), String(g.timeExponent ?? '-'), String(g.rssExponent ?? '-'), String(g.bytesExponent ?? '-'), g.requests.join(' → '), verdicts(g.targets)]),
      [3, 4, 5, 6],
    );
  }
  console.log('');
  for (const s of perSize) {
    const samplesOf = s.rows.map((r) => `${r.id}: ${r.all.join(', ')} ms (${r.allRssMB.join(', ')} MB)`).join('; ');
    console.log(`samples ${s.tag}: ${samplesOf}`);
  }
}

/** The "Performance" table of docs/development.md: the largest size first, then the growth and start-up. */
function readmeTable(perSize, growth, startup, env) {
  const lines = [
    `Measured on ${env.cpus} cores, Node ${env.node.replace(/^v/, '')}, kubectl ${String(env.kubectl).replace(/^v/, '')} (median of ${runs}; load average ${env.loadAverage.join(' → ')}; timings move with machine load):`,
    '',
    '| size | measurement | seconds | × kubectl | × floor | peak RSS | requests | bytes | in flight | targets |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const row = (tag, r) =>
    `| ${tag} | ${r.label.trim()} | ${(r.ms / 1000).toFixed(2)} | ${r.vsKubectl === undefined ? '' : r.vsKubectl.toFixed(2)} | ${r.vsFloor === undefined ? '' : r.vsFloor.toFixed(2)} | ${r.rssKB ? `${Math.round(r.rssKB / 1024)} MB` : ''} | ${r.requests ?? ''} | ${r.bytes === undefined ? '' : fmtBytes(r.bytes)} | ${r.peakInFlight ?? ''} | ${r.targets.map((t) => `${t.name} ${t.pass ? '✔' : '✘'}`).join(', ')} |`;
  for (const s of [...perSize].reverse()) for (const r of s.rows) lines.push(row(s.tag, r));
  for (const g of growth) {
    lines.push(`| ${g.from} → ${g.to} | ${g.id}: growth exponent per 10× (time / RSS / bytes) | ${g.small.toFixed(2)} → ${g.large.toFixed(2)} | | | ${g.rssExponent ?? ''} | ${g.requests.join(' → ')} | ${g.bytesExponent ?? ''} | | time ${g.timeExponent}${g.targets.length ? `; ${g.targets.map((t) => `${t.name} ${t.pass ? '✔' : '✘'}`).join(', ')}` : ''} |`);
  }
  for (const r of startup.rows) lines.push(row('', r));
  return lines.join('\n') + '\n';
}

function printTable(header, body, numeric) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (numeric.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of body) console.log(line(row));
}

/**
 * Runs a child asynchronously (the API server lives in this event loop); wall time from spawn to
 * exit; peak RSS from /usr/bin/time (the max RSS of the largest process it waited for: kubectl
 * execs its plugin, so that is the plugin's node process), else sampled from /proc.
 */
function timed(cmd, args, { env, stdout }) {
  return new Promise((done, reject) => {
    const rssFile = join(work, 'rss.txt');
    const [file, argv] = rssMethod === 'time' ? [TIME, ['-f', '%M', '-o', rssFile, cmd, ...args]] : [cmd, args];
    // 'pipe': the output goes into a pipe this process drains (and drops), as `| jq` would.
    const fd = stdout === 'pipe' ? 'pipe' : openSync(stdout, 'w');
    const start = performance.now();
    const child = spawn(file, argv, { env, stdio: ['ignore', fd, 'pipe'] });
    if (fd === 'pipe') child.stdout.resume();
    else closeSync(fd);
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

function median(xs) {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function sum(xs) {
  return xs.reduce((a, b) => a + b, 0);
}

function mb(file) {
  return +(statSync(file).size / 1e6).toFixed(1);
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
