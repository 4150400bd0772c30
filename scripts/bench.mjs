// `npm run bench`: how fast and how big `kubectl vmigrate` is on large clusters, next to kubectl
// reading the same objects and a bare-HTTP floor. A report, not a test: it always exits 0 (unless
// it cannot run at all) and marks each target PASS or FAIL.
//
//   npm run bench                     two clusters, one after the other: 1,000 VMs on 200 nodes and
//                                     10,000 VMs on 2,000 nodes; median of 3 (~15 min on 2 cores)
//   npm run bench -- --quick          the 1,000-VM cluster only
//   npm run bench -- --runs 5         median of 5 (every measurement)
//   npm run bench -- --vms N --nodes M    one cluster of that size (--nodes defaults to N/5)
//   npm run bench -- --serve          only serve the (first) cluster (prints a kubeconfig and the
//                                     `why` target) until Ctrl-C: for profiling, e.g.
//                                     node --cpu-prof bin/kubectl-vmigrate list -A …
//
// Each cluster (scripts/bench/cluster.mjs, migrations.mjs) is cloned from the example snapshot's
// objects: VMs, VMIs, PVCs, PVs, DataVolumes, virt-launcher pods, virt-handler pods, nodes, and for
// ~7 % of the VMs VirtualMachineInstanceMigrations in every phase with their target pods, VMI
// migrationState, Events, launcher logs and virt-handler metrics.
//
// What is measured at each size, each as the median of N runs after one warm-up (start-up: of 5·N):
//   check-migratable  kubectl vmigrate check-migratable -A -o json, found by kubectl's plugin
//                     discovery (PATH=<copy of bin/>:$PATH); output to a file
//   list              kubectl vmigrate list -A -o json
//   why               kubectl vmigrate why NAME -n NS -o json on a VM whose migration is Scheduling
//                     with an unschedulable target pod; plus the number of requests the fake
//                     server received during the run (its request log; discovery included)
//   kubectl baseline  kubectl get of the objects the command reads, -o json, one kubectl per label
//                     selector (times summed; kubectl's default --chunk-size 500)
//   floor             scripts/bench/floor.mjs in a child node: the same lists (checked against the
//                     server's request log in the warm-up), node:http with keep-alive, pages of 500,
//                     resources in parallel as the plugin does, JSON.parse only; no analysis
//   start-up          node bin/kubectl-vmigrate --version|--help, and the same through kubectl;
//                     plus a no-op shell plugin, which is what kubectl's own dispatch costs
// Wall time is spawn to exit as seen from here; peak RSS as below. The fake server answers from
// this process, so its work is in every measurement alike.
//
// Needs a build (`npm run build`: it measures dist/ as shipped), kubectl on PATH, and
// /usr/bin/time for peak RSS (else the RSS of the child tree is sampled from /proc).
// The fake API server (test/fake-apiserver) is bundled with esbuild and runs in this process on
// 127.0.0.1; every client runs as an asynchronous child (a synchronous one would deadlock it).
// Results: tables on stdout (per size, then growth from the smallest to the largest size) and
// .bench/results.json; progress on stderr.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { syntheticCluster } from './bench/cluster.mjs';
import { FLOOR_LISTS } from './bench/floor.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TIME = '/usr/bin/time';
/** The temporary directory, removed on the way out unless --keep. */
let workDir;

const TARGETS = {
  vsKubectl: 0.5, // check-migratable -A and list -A at the largest size: ≤ 0.5 × kubectl baseline
  vsFloor: 2, // ≤ 2 × floor
  rssMB: 400, // peak RSS ≤ 400 MB
  whyRequests: 15, // why NAME: ≤ 15 API requests
  growth: 12, // largest size ≤ 12 × the smallest (10× the objects: near-linear)
  startupMs: 150, // --version / --help < 150 ms
};
const SIZES = [
  { vms: 1000, nodes: 200 },
  { vms: 10000, nodes: 2000 },
];
const HEAVY = ['check-migratable', 'list'];

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
const custom = opt.vms !== undefined || opt.nodes !== undefined;
const customVms = Number(opt.vms ?? 1000);
const sizes = custom ? [{ vms: customVms, nodes: Number(opt.nodes ?? Math.max(4, Math.round(customVms / 5))) }] : opt.quick ? SIZES.slice(0, 1) : SIZES;
if (!Number.isInteger(runs) || sizes.some((s) => !Number.isInteger(s.vms) || !Number.isInteger(s.nodes) || s.vms < 1 || s.nodes < 4)) {
  fail('usage: node scripts/bench.mjs [--quick] [--runs N] [--vms N [--nodes N (≥ 4)]] [--keep] [--serve]');
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

const benchStart = performance.now();
log(`kubectl-vmigrate bench: ${sizes.map((s) => `${s.vms} VMs / ${s.nodes} nodes`).join(', then ')}; median of ${runs} run(s) (start-up: of ${startupRuns})`);
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

/** Packages loaded by check-migratable, --version and --help (checked once, at the first size). */
const modules = {};
const perSize = [];
for (const [i, size] of sizes.entries()) perSize.push(await benchSize(size, i === 0));

const growth = growthRows(perSize);
printTables(perSize, growth);
const results = {
  date: new Date().toISOString(),
  command: `npm run bench --${opt.quick ? ' --quick' : ''}${opt.runs !== '3' ? ` --runs ${runs}` : ''}${opt.vms ? ` --vms ${sizes[0].vms}` : ''}${opt.nodes ? ` --nodes ${sizes[0].nodes}` : ''}`.replace(/ --$/, ''),
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
  sizes: perSize.map((s) => ({
    vms: s.vms,
    nodes: s.nodes,
    cluster: s.cluster,
    why: s.why,
    reports: s.reports,
    measurements: s.rows.map((r) => ({
      id: r.id,
      label: r.label,
      seconds: +(r.ms / 1000).toFixed(3),
      samplesMs: r.all,
      samplesRssMB: r.allRssMB,
      vsKubectl: r.vsKubectl === undefined ? null : +r.vsKubectl.toFixed(3),
      vsFloor: r.vsFloor === undefined ? null : +r.vsFloor.toFixed(3),
      peakRssMB: r.rssKB ? Math.round(r.rssKB / 1024) : null,
      requests: r.requests ?? null,
      targets: r.targets,
    })),
  })),
  growth,
};
mkdirSync(join(REPO, '.bench'), { recursive: true });
writeFileSync(join(REPO, '.bench/results.json'), JSON.stringify(results, null, 2) + '\n');
log(`results written to ${relative(process.cwd(), join(REPO, '.bench/results.json')) || '.bench/results.json'} (${results.environment.minutes} min)`);
if (opt.keep) log(`work files kept in ${work}`);
else rmSync(work, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------

/** Generates and serves one cluster, checks the outputs, measures every command on it. */
async function benchSize({ vms: vmCount, nodes: nodeCount }, first) {
  const tag = `${vmCount / 1000}k`;
  log(`\n== ${vmCount} VMs / ${nodeCount} nodes ==`);
  let t0 = performance.now();
  const { objects, counts, why, logs, handlerMetrics } = syntheticCluster({
    vms: vmCount,
    nodes: nodeCount,
    now: Date.now(),
    examplesDir: join(REPO, 'examples/cluster-snapshot'),
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
  if (!why) fail('the cluster has no migration with an unschedulable target pod for `why`');

  if (opt.serve) {
    log(`serving; kubeconfig: ${kubeconfig}\n  e.g. node --cpu-prof bin/kubectl-vmigrate list -A -o json --kubeconfig ${kubeconfig} > /dev/null` + `\n  why target: why ${why.name} -n ${why.namespace}`);
    await new Promise((done) => process.once('SIGINT', done));
    await server.close();
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  }

  const K = ['--kubeconfig', kubeconfig];
  const out = (name) => join(dir, `${name}.out`);
  const commands = {
    'check-migratable': {
      plugin: ['vmigrate', 'check-migratable', '-A', '-o', 'json', ...K],
      kubectl: [['get', 'vm,vmi,pvc,datavolumes,kubevirts,nodes,pv,storageclasses,storageprofiles', '-A', '-o', 'json', ...K]],
    },
    list: {
      plugin: ['vmigrate', 'list', '-A', '-o', 'json', ...K],
      kubectl: [
        ['get', 'pods', '-A', '-l', 'kubevirt.io=virt-launcher', '-o', 'json', ...K],
        ['get', 'pods', '-A', '-l', 'kubevirt.io=virt-handler', '-o', 'json', ...K],
        ['get', 'vmim,vmi,events,resourcequotas,pvc,kubevirts,nodes,pv,migrationpolicies,namespaces', '-A', '-o', 'json', ...K],
      ],
    },
  };
  const WHY = ['vmigrate', 'why', why.name, '-n', why.namespace, '-o', 'json', ...K];
  const requestsDuring = async (run) => {
    const before = server.requests.length;
    const r = await run();
    return { ...r, requests: server.requests.slice(before) };
  };

  // ---- warm-up: fills kubectl's discovery cache and the page cache; checks the outputs ----
  log('warm-up and output checks…');
  const reports = {};
  const loadLog = join(dir, 'plugin-modules.log');
  const cm = await requestsDuring(() => timed(kubectl, commands['check-migratable'].plugin, { env: { ...baseEnv, ...(first ? hookEnv(loadLog) : {}) }, stdout: out('check-migratable') }));
  if (cm.code !== 0 && cm.code !== 1) fail(`check-migratable exited ${cm.code}: ${cm.stderr.trim()}`);
  const report = JSON.parse(readFileSync(out('check-migratable'), 'utf8'));
  if (report.summary.total !== vmCount) fail(`check-migratable reported ${report.summary.total} items, expected ${vmCount}`);
  const byRule = {};
  for (const item of report.items) for (const f of item.findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
  reports['check-migratable'] = { summary: report.summary, findingsByRule: byRule, outputMB: mb(out('check-migratable')), requests: cm.requests.length };
  log(`  check-migratable: ${JSON.stringify(report.summary)}; exit ${cm.code}; ${mb(out('check-migratable'))} MB of JSON; ${cm.requests.length} requests`);
  log(`  findings by rule: ${Object.entries(byRule).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ')}`);
  checkFloorLists('check-migratable', cm.requests);
  if (first) {
    modules.checkMigratable = packagesLoaded(loadLog);
    log(`  packages loaded by check-migratable: ${modules.checkMigratable.join(', ') || '(none)'}`);
  }

  const ls = await requestsDuring(() => timed(kubectl, commands.list.plugin, { env: baseEnv, stdout: out('list') }));
  if (ls.code !== 0) fail(`list exited ${ls.code}: ${ls.stderr.trim()}`);
  const listed = JSON.parse(readFileSync(out('list'), 'utf8'));
  if (listed.items.length !== counts.vmim) fail(`list reported ${listed.items.length} migrations, expected ${counts.vmim}`);
  const byCause = {};
  for (const item of listed.items) byCause[`${item.phase}/${item.cause}`] = (byCause[`${item.phase}/${item.cause}`] ?? 0) + 1;
  reports.list = { items: listed.items.length, byPhaseAndCause: byCause, errors: listed.errors, outputMB: mb(out('list')), requests: ls.requests.length };
  log(`  list: ${listed.items.length} migrations; ${listed.errors.length} partial errors; ${ls.requests.length} requests (${ls.requests.filter((r) => r.path.endsWith('/proxy/metrics')).length} virt-handler /metrics)`);
  log(`  phase/cause: ${Object.entries(byCause).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  checkFloorLists('list', ls.requests);

  const wy = await requestsDuring(() => timed(kubectl, WHY, { env: baseEnv, stdout: out('why') }));
  if (wy.code !== 0 && wy.code !== 1) fail(`why exited ${wy.code}: ${wy.stderr.trim()}`);
  const diagnosis = JSON.parse(readFileSync(out('why'), 'utf8'));
  const whyInfo = { ...why, migration: diagnosis.target?.migration, verdict: diagnosis.verdict, requests: wy.requests.map((r) => `${r.method} ${r.path}${r.query.labelSelector ? `?labelSelector=${r.query.labelSelector}` : ''}`) };
  const perPath = {};
  for (const r of wy.requests) perPath[r.path] = (perPath[r.path] ?? 0) + 1;
  const paged = Object.entries(perPath).filter(([, n]) => n > 1).map(([p, n]) => `${n} × ${p}`);
  log(`  why ${why.namespace}/${why.name}: ${diagnosis.target?.migration?.name} ${diagnosis.target?.migration?.phase} → ${diagnosis.verdict.status} ${diagnosis.verdict.cause}; exit ${wy.code}; ${wy.requests.length} requests${paged.length ? ` (pages: ${paged.join(', ')})` : ''}`);

  // kubectl: discovery cache for this server, binary in the page cache.
  const kw = await timed(kubectl, ['get', 'namespaces', '-o', 'name', ...K], { env: baseEnv, stdout: out('kubectl-warm') });
  if (kw.code !== 0) fail(`kubectl get namespaces exited ${kw.code}: ${kw.stderr.trim()}`);
  for (const cmd of HEAVY) {
    const f = await timed(process.execPath, [floorScript, server.url, cmd], { env: baseEnv, stdout: out(`floor-${cmd}`) });
    if (f.code !== 0) fail(`floor ${cmd} exited ${f.code}: ${f.stderr.trim()}`);
  }
  if (first) {
    for (const flag of ['--version', '--help']) {
      const logFile = join(dir, `modules${flag}.log`);
      const r = await timed(process.execPath, [pluginBin, flag], { env: { ...baseEnv, ...hookEnv(logFile) }, stdout: out('startup') });
      if (r.code !== 0) fail(`kubectl-vmigrate ${flag} exited ${r.code}`);
      modules[flag] = packagesLoaded(logFile);
      log(`  ${flag} loads: ${modules[flag].join(', ') || '(no npm package besides the bundle runtime)'}`);
    }
  }

  // ---- measurements ----
  const samples = { why: [], 'node --version': [], 'kubectl --version': [], 'node --help': [], 'kubectl --help': [], 'kubectl noop': [] };
  for (const cmd of HEAVY) Object.assign(samples, { [cmd]: [], [`${cmd} kubectl`]: [], [`${cmd} floor`]: [] });
  for (let i = 0; i < runs; i++) {
    for (const cmd of HEAVY) {
      log(`run ${i + 1}/${runs}: ${cmd}…`);
      samples[cmd].push(await timed(kubectl, commands[cmd].plugin, { env: baseEnv, stdout: out(cmd) }));
      const parts = [];
      for (const args of commands[cmd].kubectl) parts.push(await timed(kubectl, args, { env: baseEnv, stdout: out('kubectl') }));
      samples[`${cmd} kubectl`].push({ ms: sum(parts.map((p) => p.ms)), rssKB: Math.max(...parts.map((p) => p.rssKB ?? 0)) || undefined, code: parts.find((p) => p.code)?.code ?? 0 });
      samples[`${cmd} floor`].push(await timed(process.execPath, [floorScript, server.url, cmd], { env: baseEnv, stdout: out(`floor-${cmd}`) }));
    }
    const w = await requestsDuring(() => timed(kubectl, WHY, { env: baseEnv, stdout: out('why') }));
    samples.why.push({ ...w, requests: w.requests.length });
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
  for (const [k, list] of Object.entries(samples)) {
    const bad = list.find((s) => s.code !== 0 && !(s.code === 1 && ['check-migratable', 'why'].includes(k)));
    if (bad) log(`  warning: ${k} exited ${bad.code} in a measured run: ${bad.stderr?.trim().slice(0, 300) ?? ''}`);
  }

  const med = Object.fromEntries(
    Object.entries(samples).map(([k, list]) => {
      const rss = list.map((s) => s.rssKB).filter((x) => x !== undefined);
      return [k, { ms: median(list.map((s) => s.ms)), rssKB: median(rss), all: list.map((s) => Math.round(s.ms)), allRssMB: rss.map((kb) => Math.round(kb / 1024)) }];
    }),
  );
  const largest = vmCount === Math.max(...sizes.map((s) => s.vms));
  const rows = [];
  for (const cmd of HEAVY) {
    const base = med[`${cmd} kubectl`].ms;
    const floor = med[`${cmd} floor`].ms;
    const p = med[cmd];
    rows.push({
      id: cmd,
      heavy: true,
      label: `kubectl vmigrate ${cmd} -A -o json`,
      ...p,
      vsKubectl: p.ms / base,
      vsFloor: p.ms / floor,
      // The throughput and memory targets are for the largest cluster (10k VMs by default).
      targets: largest
        ? [
            { name: `≤ ${TARGETS.vsKubectl}× kubectl`, pass: p.ms <= TARGETS.vsKubectl * base },
            { name: `≤ ${TARGETS.vsFloor}× floor`, pass: p.ms <= TARGETS.vsFloor * floor },
            { name: `RSS ≤ ${TARGETS.rssMB} MB`, pass: p.rssKB / 1024 <= TARGETS.rssMB },
          ]
        : [],
    });
    const calls = commands[cmd].kubectl.length;
    rows.push({ id: `${cmd} kubectl`, heavy: true, label: `  kubectl get -o json of the same lists (${calls} call${calls > 1 ? 's' : ''})`, ...med[`${cmd} kubectl`], vsKubectl: 1, vsFloor: base / floor, targets: [] });
    rows.push({ id: `${cmd} floor`, heavy: true, label: `  floor: node:http, ${FLOOR_LISTS[cmd].length} lists, pages of 500, JSON.parse`, ...med[`${cmd} floor`], vsKubectl: floor / base, vsFloor: 1, targets: [] });
  }
  const whyRequests = samples.why.map((s) => s.requests);
  rows.push({
    id: 'why',
    label: `kubectl vmigrate why ${why.name} -o json (${diagnosis.target?.migration?.phase ?? '?'})`,
    ...med.why,
    requests: Math.max(...whyRequests),
    targets: [{ name: `≤ ${TARGETS.whyRequests} requests`, pass: Math.max(...whyRequests) <= TARGETS.whyRequests }],
  });
  for (const flag of ['--version', '--help']) {
    rows.push({
      id: `node ${flag}`,
      label: `node bin/kubectl-vmigrate ${flag}`,
      ...med[`node ${flag}`],
      targets: [
        { name: `< ${TARGETS.startupMs} ms`, pass: med[`node ${flag}`].ms < TARGETS.startupMs },
        ...(modules[flag] ? [{ name: 'no client-node', pass: !modules[flag].includes('@kubernetes/client-node') }] : []),
      ],
    });
    rows.push({ id: `kubectl ${flag}`, label: `kubectl vmigrate ${flag}`, ...med[`kubectl ${flag}`], targets: [{ name: `< ${TARGETS.startupMs} ms`, pass: med[`kubectl ${flag}`].ms < TARGETS.startupMs }] });
  }
  rows.push({ id: 'kubectl noop', label: "kubectl benchnoop (a no-op sh plugin: kubectl's own dispatch)", ...med['kubectl noop'], targets: [] });
  return { vms: vmCount, nodes: nodeCount, tag, cluster: { ...counts, jsonMB: Math.round(jsonMB), bytes }, why: whyInfo, reports, rows };
}

/** Warns when the floor does not read exactly the lists the plugin read (path + label selector). */
function checkFloorLists(cmd, requests) {
  const read = new Set(
    requests
      .filter((r) => r.method === 'GET' && r.query.limit !== undefined && !r.query.continue)
      .map((r) => (r.query.labelSelector ? `${r.path}?labelSelector=${encodeURIComponent(r.query.labelSelector)}` : r.path)),
  );
  const floor = new Set(FLOOR_LISTS[cmd]);
  const missing = [...read].filter((p) => !floor.has(p));
  const extra = [...floor].filter((p) => !read.has(p));
  if (missing.length || extra.length) log(`  warning: floor lists for ${cmd} differ from the plugin's: plugin only ${missing.join(' ') || '-'}; floor only ${extra.join(' ') || '-'}`);
}

/** 10k/1k (largest/smallest) per measurement with a sample at both ends. */
function growthRows(perSize) {
  if (perSize.length < 2) return [];
  const small = perSize[0];
  const large = perSize.at(-1);
  return small.rows
    .filter((r) => r.heavy || r.id === 'why')
    .map((r) => {
      const l = large.rows.find((x) => x.id === r.id);
      const ratio = l.ms / r.ms;
      const plugin = HEAVY.includes(r.id) || r.id === 'why';
      return {
        id: r.id,
        small: +(r.ms / 1000).toFixed(3),
        large: +(l.ms / 1000).toFixed(3),
        ratio: +ratio.toFixed(2),
        rssRatio: r.rssKB && l.rssKB ? +(l.rssKB / r.rssKB).toFixed(2) : null,
        targets: plugin ? [{ name: `≤ ${TARGETS.growth}×`, pass: ratio <= TARGETS.growth }] : [],
      };
    });
}

function printTables(perSize, growth) {
  const verdicts = (targets) => targets.map((t) => `${t.name}: ${t.pass ? 'PASS' : 'FAIL'}`).join('; ') || '-';
  const header = ['size', 'measurement', 'seconds', '× kubectl', '× floor', 'peak RSS MB', 'requests', 'targets'];
  const body = perSize.flatMap((s) =>
    s.rows.map((r) => [
      s.tag,
      r.label,
      (r.ms / 1000).toFixed(3),
      r.vsKubectl === undefined ? '-' : r.vsKubectl.toFixed(2),
      r.vsFloor === undefined ? '-' : r.vsFloor.toFixed(2),
      r.rssKB ? String(Math.round(r.rssKB / 1024)) : '-',
      r.requests === undefined ? '-' : String(r.requests),
      verdicts(r.targets),
    ]),
  );
  console.log('');
  printTable(header, body, [2, 3, 4, 5, 6]);
  if (growth.length > 0) {
    const [small, large] = [perSize[0].tag, perSize.at(-1).tag];
    console.log('');
    printTable(
      ['measurement', `${small} s`, `${large} s`, `${large}/${small}`, 'RSS ratio', 'targets'],
      growth.map((g) => [g.id, g.small.toFixed(3), g.large.toFixed(3), g.ratio.toFixed(2), g.rssRatio?.toFixed(2) ?? '-', verdicts(g.targets)]),
      [1, 2, 3, 4],
    );
  }
  console.log('');
  for (const s of perSize) {
    const samplesOf = s.rows.map((r) => `${r.id}: ${r.all.join(', ')} ms${r.heavy || r.id === 'why' ? ` (${r.allRssMB.join(', ')} MB)` : ''}`).join('; ');
    console.log(`samples ${s.tag}: ${samplesOf}`);
  }
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
