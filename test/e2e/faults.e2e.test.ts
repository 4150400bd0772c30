// Fault suite (issue #7): every command, end to end through kubectl, against the fake API server
// serving the example cluster while it fails the way real API servers fail: 401, 403 on each
// request, 404, 409, 429 with Retry-After, 500/503, dropped connections, answers slower than
// --request-timeout, truncated and invalid JSON bodies, watches that close early. The matrix is
// in fault-cases.ts. Each case: the contract's exit code; exactly one error line on stderr that
// names the resource, without a stack trace; partial results as one JSON document whose errors[]
// names the resource; retries bounded and for reads only (counted per method and path in
// s.requests); no hang (every run has a deadline far below the test's).
import { describe, expect, it } from 'vitest';
import { readObjectFiles, startFakeApiServer, testTls, type FakeApiServer, type RequestRecord } from '../fake-apiserver/index.js';
import { parseResourcePath } from '../fake-apiserver/paths.js';
import { qualifiedName } from '../../src/kube/resources.js';
import type { VirtualMachineInstanceMigration } from '../../src/kube/types.js';
import { EXAMPLE_SNAPSHOT, limiter, runPlugin, tempDir, type PluginRun } from './plugin.js';
import { CASES, COMMANDS, PENDING_MIGRATION, T, at, on, type CommandSpec, type Expect, type FaultCase, type Target } from './fault-cases.js';

/** Per plugin run: a hang fails the run long before the test times out. */
const RUN_TIMEOUT_MS = 20_000;
/** Includes waiting for a free slot (see `limit`). */
const TEST_TIMEOUT_MS = 120_000;

/**
 * Plugin processes at once, across the file: on 2 cores, more would only starve each other and
 * could turn the --request-timeout of the timeout cases into false timeouts.
 */
const limit = limiter(4);

interface Run extends PluginRun {
  ms: number;
}

function plugin(args: string[], kubeconfig: string): Promise<Run> {
  return limit(async () => {
    const t0 = Date.now();
    const r = await runPlugin([...args, '-o', 'json', '--kubeconfig', kubeconfig], {}, RUN_TIMEOUT_MS);
    return { ...r, ms: Date.now() - t0 };
  });
}

/** Parsed once: YAML parsing per case would block the event loop all fake servers share. */
const EXAMPLE_OBJECTS = readObjectFiles([EXAMPLE_SNAPSHOT]);

/** A fresh example cluster per case (cases run concurrently, and start/abort change it). */
async function withCluster<R>(auth: FaultCase['auth'], fn: (s: FakeApiServer, kubeconfig: string) => Promise<R>): Promise<R> {
  // kubectl and the plugin send tokens only over TLS.
  const s = await startFakeApiServer({ honourFinalizers: true, ...(auth ? { tls: testTls(), tokens: { 'token-alice': 'alice' } } : {}) });
  try {
    s.load(structuredClone(EXAMPLE_OBJECTS));
    return await fn(s, s.writeKubeconfig(tempDir(), auth?.token ? { token: auth.token } : {}));
  } finally {
    await s.close();
  }
}

const matching = (s: FakeApiServer, t: Target) => s.requests.filter((q) => q.method === t.method && t.path.test(q.path));

const STACK_FRAME = /^\s+at /m;
/** A JavaScript error's own text (`TypeError: …`, `Error: …`); kubectl says `error:` or `Error from server`. */
const JS_ERROR = /^\w*Error: /m;

/** stderr lines that report an error: not the warnings of a partial result, not --wait progress. */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('Warning: ') && !/^(migration|cancelling) \S+\/\S+: /.test(l));
}

interface Doc {
  errors?: { resource: string; message: string }[];
  checks?: { id: string; status: string }[];
  items?: { unknown?: unknown[] }[];
  preflight?: { capacity: { status: string }[] };
}

function expectNames(line: string | undefined, names: string | RegExp | undefined, why: string): void {
  if (typeof names === 'string') expect(line, why).toContain(names);
  else if (names) expect(line, why).toMatch(names);
}

/** The assertions every case makes, per outcome. */
function expectOutcome(r: Run, x: Expect, spec: CommandSpec, s: FakeApiServer, label: string): void {
  const why = `${label}\nexit ${r.code} after ${r.ms} ms\nstderr:\n${r.stderr}`;
  expect(r.ms, why).toBeLessThan(RUN_TIMEOUT_MS - 1000);
  expect(r.stderr, why).not.toMatch(STACK_FRAME);
  expect(r.stderr, why).not.toMatch(JS_ERROR);
  const errors = errorLines(r.stderr);
  if (x.outcome === 'fatal') {
    expect(r.code, why).toBe(3);
    expect(errors, why).toHaveLength(1);
    expectNames(errors[0], x.names, why);
    expect(r.stdout, why).toBe('');
  } else {
    expect(r.code, why).toBe(spec.exitCode);
    expect(errors, why).toEqual([]);
    const doc = JSON.parse(r.stdout) as Doc;
    if (x.outcome === 'ok') expect(doc.errors ?? [], why).toEqual([]);
    else expect(doc.errors?.map((e) => e.resource), why).toContain(x.names);
  }
  for (const [t, n] of x.requests ?? []) expect(matching(s, t).length, `${label}: ${t.method} ${t.path.source}`).toBe(n);
  if (x.waitedMs !== undefined) {
    const [first, second] = matching(s, x.requests![0]![0]);
    expect(second!.time - first!.time, `${label}: Retry-After honoured`).toBeGreaterThanOrEqual(x.waitedMs - 5);
  }
  if (x.withinMs !== undefined) expect(r.ms, why).toBeLessThan(x.withinMs);
}

const title = (c: FaultCase) => `${c.command}: ${c.fault} on ${c.on} → ${c.expect.outcome === 'fatal' ? 'exit 3' : c.expect.outcome}`;

describe.concurrent('faults × commands', () => {
  for (const c of CASES) {
    it(
      title(c),
      () =>
        withCluster(c.auth, async (s, kubeconfig) => {
          for (const f of c.faults) s.fault(f);
          const spec = COMMANDS[c.command];
          const r = await plugin(c.args ?? spec.args, kubeconfig);
          expectOutcome(r, c.expect, spec, s, title(c));
        }),
      TEST_TIMEOUT_MS,
    );
  }
});

// ---- 403 on each request the command makes ----

/** One entry per method and path; `resource` as errors[] and Forbidden messages name it (`pods/log`). */
interface RequestKey extends Target {
  pathname: string;
  /** `GET /api/v1/nodes`, for messages. */
  url: string;
}

function requestKeys(requests: RequestRecord[]): RequestKey[] {
  const seen = new Map<string, RequestKey>();
  for (const q of requests) {
    const p = parseResourcePath(q.path);
    if (p.kind !== 'resource') throw new Error(`not a resource request: ${q.method} ${q.path}`);
    const resource = qualifiedName(p.target.resource) + (p.target.subresource ? `/${p.target.subresource}` : '');
    seen.set(`${q.method} ${q.path}`, { ...at(q.method as Target['method'], q.path, resource), pathname: q.path, url: `${q.method} ${q.path}` });
  }
  return [...seen.values()];
}

/** Run with 403 on `keys`; the faulted requests it made. */
async function forbidden(spec: CommandSpec, keys: RequestKey[]): Promise<{ r: Run; hit: RequestKey[]; doc?: Doc }> {
  return withCluster(undefined, async (s, kubeconfig) => {
    for (const k of keys) s.fault(on(k, { status: 403 }));
    const r = await plugin(spec.args, kubeconfig);
    const hit = keys.filter((k) => matching(s, k).some((q) => q.faulted));
    return { r, hit, ...(r.code !== 3 && r.stdout ? { doc: JSON.parse(r.stdout) as Doc } : {}) };
  });
}

/** Where the contract asks for `unknown`: the checks (why, start's pre-flight) or rules (check-migratable) that needed the lists. */
function expectUnknowns(spec: CommandSpec, doc: Doc, why: string): void {
  if (spec.name === 'why') expect(doc.checks?.some((c) => c.status === 'unknown'), why).toBe(true);
  if (spec.name === 'check-migratable') expect(doc.items?.some((i) => (i.unknown?.length ?? 0) > 0), why).toBe(true);
  if (spec.name === 'start') expect(doc.preflight?.capacity.some((c) => c.status === 'unknown'), why).toBe(true);
}

describe.concurrent('403 on each request of a clean run', () => {
  for (const spec of Object.values(COMMANDS)) {
    it(
      `${spec.name}: a forbidden primary read or write is exit 3, a forbidden secondary read a partial result`,
      async () => {
        // The requests to forbid come from the server's log of a clean run, so a request added
        // to a command later is covered (and must be classified) without editing this test.
        const keys = await withCluster(undefined, async (s, kubeconfig) => {
          const clean = await plugin(spec.args, kubeconfig);
          expect(clean.code, clean.stderr).toBe(spec.exitCode);
          return requestKeys(s.requests);
        });
        const primary = keys.filter((k) => spec.primary(k.method, k.pathname));
        const together = keys.filter((k) => spec.primaryTogether?.some((t) => t.method === k.method && t.path.test(k.pathname)));
        expect(together).toHaveLength(spec.primaryTogether?.length ?? 0);

        const runs: Promise<void>[] = primary.map(async (k) => {
          const { r } = await forbidden(spec, [k]);
          const why = `${spec.name}, 403 on ${k.url}: exit ${r.code}\n${r.stderr}`;
          expect(r.code, why).toBe(3);
          expect(errorLines(r.stderr), why).toHaveLength(1);
          expect(r.stderr, why).toContain(`${k.resource.split('/')[0]}`);
          expect(r.stderr, why).toMatch(/is forbidden/);
          expect(r.stderr, why).not.toMatch(STACK_FRAME);
          expect(r.stdout, why).toBe('');
        });
        if (together.length > 0) {
          runs.push(
            (async () => {
              const { r } = await forbidden(spec, together);
              const why = `${spec.name}, 403 on ${together.map((k) => k.url).join(' and ')}: exit ${r.code}\n${r.stderr}`;
              expect(r.code, why).toBe(3);
              expect(errorLines(r.stderr), why).toHaveLength(1);
              expect(together.some((k) => r.stderr.includes(k.resource)), why).toBe(true);
            })(),
          );
        }
        await Promise.all(runs);

        // Secondary reads: forbidden all at once, then again for those not reached (a read that
        // depends on another, e.g. the launcher log on the pod list), until every one was hit.
        // Reads that are primary only together are forbidden one at a time.
        const secondary = keys.filter((k) => !primary.includes(k));
        const batches = [
          { keys: secondary.filter((k) => !together.includes(k)), unknowns: true },
          // Alone, a VM list stands in for the VMI list and the other way round: nothing is unknown.
          ...together.map((k) => ({ keys: [k], unknowns: false })),
        ];
        for (const batch of batches) {
          let pending = batch.keys;
          while (pending.length > 0) {
            const { r, hit, doc } = await forbidden(spec, pending);
            const why = `${spec.name}, 403 on ${pending.map((k) => k.url).join(', ')}: exit ${r.code}\n${r.stderr}`;
            expect(hit.length, `${why}\nnone of them was requested`).toBeGreaterThan(0);
            expect(r.code, why).toBe(spec.exitCode);
            expect(errorLines(r.stderr), why).toEqual([]);
            for (const k of hit) expect(doc?.errors?.some((e) => e.resource === k.resource && /forbidden/.test(e.message)), `${why}\nerrors[] names ${k.resource}`).toBe(true);
            // Two lists of pods may fail (by label, in different scopes), but no failure twice.
            expect(new Set(doc?.errors?.map((e) => `${e.resource} ${e.message}`)).size, why).toBe(doc?.errors?.length);
            if (batch.unknowns) expectUnknowns(spec, doc!, why);
            pending = pending.filter((k) => !hit.includes(k));
          }
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});

// ---- watches that close early, and why --watch refreshes that fail ----

/** Resolves when `predicate` holds; fails at once if the run ends first. */
function until(s: FakeApiServer, run: Promise<Run>, predicate: () => boolean): Promise<void> {
  return Promise.race([
    s.waitFor(predicate, TEST_TIMEOUT_MS),
    run.then((r) => {
      throw new Error(`the plugin ended (exit ${r.code}) before the test could act:\n${r.stderr}`);
    }),
  ]);
}

const vmimWatches = (s: FakeApiServer, ns: string) =>
  s.requests.filter((q) => q.query.watch === 'true' && q.path.endsWith(`/namespaces/${ns}/virtualmachineinstancemigrations`)).length;

function setPhase(s: FakeApiServer, ns: string, name: string, phase: string): void {
  s.modify<VirtualMachineInstanceMigration>('vmim', ns, name, (m) => {
    m.status = { ...m.status, phase };
  });
}

describe.concurrent('watches that close early', () => {
  it(
    'start --wait: re-opens watches the server closes, follows the migration to the end (exit 0)',
    () =>
      withCluster(undefined, async (s, kubeconfig) => {
        s.fault({ resource: 'vmim', verb: 'watch', closeWatchAfterMs: 200, times: 2 });
        const run = plugin([...COMMANDS.start.args, '--wait'], kubeconfig);
        await until(s, run, () => vmimWatches(s, 'prod') >= 3 && s.watchCount > 0);
        const created = s.objects<VirtualMachineInstanceMigration>('vmim', 'prod').find((m) => m.metadata.generateName === 'db-primary-migration-')!;
        setPhase(s, 'prod', created.metadata.name!, 'Succeeded');
        const r = await run;
        expect(r.code, r.stderr).toBe(0);
        expect(errorLines(r.stderr), r.stderr).toEqual([]);
        expect(JSON.parse(r.stdout)).toMatchObject({ migration: { name: created.metadata.name, phase: 'Succeeded' }, wait: { outcome: 'final' } });
        expect(vmimWatches(s, 'prod')).toBe(3);
        expect(matching(s, T.createVmim)).toHaveLength(1);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    'start --wait: a server that closes every watch at once is given up on, bounded (exit 3, one line naming the migration)',
    () =>
      withCluster(undefined, async (s, kubeconfig) => {
        s.fault({ resource: 'vmim', verb: 'watch', closeWatchAfterMs: 100 });
        const r = await plugin([...COMMANDS.start.args, '--wait'], kubeconfig);
        expect(r.code, r.stderr).toBe(3);
        const errors = errorLines(r.stderr);
        expect(errors, r.stderr).toHaveLength(1);
        // Six watches failed (the first and five retries), and the line says six (it said five).
        expect(errors[0]).toMatch(/^error: gave up following migration prod\/db-primary-migration-\w{5} after 6 failed watches in a row/);
        expect(r.stderr).not.toMatch(STACK_FRAME);
        // The first watch and five re-watches; the migration stays.
        expect(vmimWatches(s, 'prod')).toBe(6);
        expect(s.objects('vmim', 'prod').filter((m) => m.metadata.generateName === 'db-primary-migration-')).toHaveLength(1);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    'abort --wait: a watch reset mid-stream is re-established; the cancel is followed to the end (exit 0)',
    () =>
      withCluster(undefined, async (s, kubeconfig) => {
        s.fault({ resource: 'vmim', verb: 'watch', closeWatchAfterMs: 200, drop: true, times: 1 });
        const run = plugin([...COMMANDS.abort.args, '--wait'], kubeconfig);
        await until(s, run, () => vmimWatches(s, 'dev') >= 2 && s.watchCount > 0);
        expect(s.get<VirtualMachineInstanceMigration>('vmim', 'dev', PENDING_MIGRATION)?.metadata.deletionTimestamp).toBeDefined();
        // virt-controller: fail the migration, drop the finalizer.
        setPhase(s, 'dev', PENDING_MIGRATION, 'Failed');
        s.remove('vmim', 'dev', PENDING_MIGRATION);
        const r = await run;
        expect(r.code, r.stderr).toBe(0);
        expect(errorLines(r.stderr), r.stderr).toEqual([]);
        expect(JSON.parse(r.stdout)).toMatchObject({ action: 'deleted', result: { kind: 'aborted' } });
        expect(matching(s, T.deleteVmim)).toHaveLength(1);
      }),
    TEST_TIMEOUT_MS,
  );

  // why --watch polls (a full `why` per refresh) rather than watching: its equivalent of a
  // stream that breaks is a refresh whose connection drops.
  it(
    'why --watch: a refresh whose connection drops is reported in one line and retried; the final state ends it with its exit code',
    () =>
      withCluster(undefined, async (s, kubeconfig) => {
        const run = plugin(['why', 'ci-runner', '-n', 'dev', '--watch', '--interval', '300ms'], kubeconfig);
        await until(s, run, () => matching(s, T.ciRunnerLog).length >= 1);
        const drop = s.fault(on(T.vmiCiRunner, { drop: true }));
        await until(s, run, () => drop.hits >= 3);
        drop.remove();
        setPhase(s, 'dev', PENDING_MIGRATION, 'Failed');
        const r = await run;
        expect(r.code, r.stderr).toBe(1);
        const frames = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { target: { migration?: { phase: string } } });
        expect(frames.at(-1)?.target.migration?.phase).toBe('Failed');
        const errors = errorLines(r.stderr);
        expect(errors.length, r.stderr).toBeGreaterThanOrEqual(1);
        for (const line of errors) expect(line).toMatch(/^Unable to connect to the server: .*\(get virtualmachineinstances\.kubevirt\.io ci-runner\) \(retrying in 300ms\)$/);
        expect(r.stderr).not.toMatch(STACK_FRAME);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    'why --watch: a refresh that is forbidden ends the watch cleanly (exit 3, one line)',
    () =>
      withCluster(undefined, async (s, kubeconfig) => {
        const run = plugin(['why', 'ci-runner', '-n', 'dev', '--watch', '--interval', '300ms'], kubeconfig);
        await until(s, run, () => matching(s, T.ciRunnerLog).length >= 1);
        s.fault(on(T.vmiCiRunner, { status: 403 }));
        const r = await run;
        expect(r.code, r.stderr).toBe(3);
        const errors = errorLines(r.stderr);
        expect(errors, r.stderr).toHaveLength(1);
        expect(errors[0]).toMatch(/^Error from server \(Forbidden\): virtualmachineinstances\.kubevirt\.io "ci-runner" is forbidden/);
        // The frames before the 403 were printed, each one document.
        const frames = r.stdout.trim().split('\n').filter((l) => l !== '');
        expect(frames.length).toBeGreaterThanOrEqual(1);
        for (const f of frames) expect((JSON.parse(f) as { kind: string }).kind).toBe('MigrationDiagnosis');
      }),
    TEST_TIMEOUT_MS,
  );
});
