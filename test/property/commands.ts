// Runs the real command functions (why, check-migratable, list, start, abort) on a generated
// Scene, through the source that source-mock.ts injects: gather → analyze → render, exactly as
// the CLI does, with captured streams. Also the fast-check parameters every property uses.
import fc from 'fast-check';
import type { GlobalOptions } from '../../src/cmdutil/global-options.js';
import type { OutputFormat } from '../../src/cmdutil/output-format.js';
import type { Io } from '../../src/cmdutil/io.js';
import type { ExitCode, FailOn } from '../../src/cmdutil/exit-codes.js';
import { FailureError } from '../../src/cmdutil/errors.js';
import { SourceError } from '../../src/collect/source.js';
import type { ControlSource } from '../../src/commands/follow/control-source.js';
import type { KubeObject } from '../../src/kube/types.js';
import { runWhy } from '../../src/commands/why/run.js';
import { runCheckMigratable } from '../../src/commands/check-migratable/run.js';
import { runList } from '../../src/commands/list/run.js';
import { runStart } from '../../src/commands/start/run.js';
import { runAbort } from '../../src/commands/abort/run.js';
import { MSG_CANNOT_MIGRATE_VMI, MSG_IN_FLIGHT_MIGRATION, WEBHOOK_MIGRATION_CREATE } from '../../src/kubevirt/constants.js';
import { scenarioSource } from '../unit/why/scenarios/harness.js';
import { NODE_NAMES, namesIn, type Scene } from './arbitraries.js';
import { injected } from './source-mock.js';

/** The seed when FC_SEED is not set: every run of the suite sees the same cases. */
export const DEFAULT_SEED = 20251120;

/**
 * fast-check settings: FC_SEED (default DEFAULT_SEED; `random` for a new one each run) and FC_PATH
 * replay a reported failure, FC_NUM_RUNS overrides every property's number of runs. On failure
 * fast-check prints the seed, the path and the shrunk counterexample.
 */
export function params<T>(numRuns: number): fc.Parameters<T> {
  const env = process.env;
  return {
    ...(env.FC_SEED === 'random' ? {} : { seed: env.FC_SEED ? Number(env.FC_SEED) : DEFAULT_SEED }),
    numRuns: env.FC_NUM_RUNS ? Number(env.FC_NUM_RUNS) : numRuns,
    ...(env.FC_PATH ? { path: env.FC_PATH } : {}),
  };
}

/** How the API server answers start's create and abort's delete. */
export type ServerAnswer = 'ok' | 'denied-in-flight' | 'denied-not-migratable' | 'server-error' | 'conflict' | 'not-found';

/**
 * NAME and node arguments are `pick`s: integers resolved against the scene when the command runs
 * (see `pickName`), so that scene and command shrink independently.
 */
export type Command =
  | { cmd: 'why'; name: number; failOn: FailOn }
  | { cmd: 'check-migratable'; names: number[]; allNamespaces: boolean; selector?: string; node?: number; failOn: FailOn }
  | { cmd: 'list'; allNamespaces: boolean }
  | { cmd: 'start'; name: number; dryRun: boolean; force: boolean; nodeSelector: Record<string, string>; server: ServerAnswer }
  | { cmd: 'abort'; name: number; dryRun: boolean; force: boolean; server: ServerAnswer };

const failOn = fc.constantFrom<FailOn>('blocker', 'warning', 'never');
const server = fc.constantFrom<ServerAnswer>('ok', 'ok', 'ok', 'denied-in-flight', 'denied-not-migratable', 'server-error', 'conflict', 'not-found');
const pick = fc.nat({ max: 99 });

export const whyCommand: fc.Arbitrary<Command> = fc.record({ cmd: fc.constant('why' as const), name: pick, failOn });
export const checkCommand: fc.Arbitrary<Command> = fc.record(
  {
    cmd: fc.constant('check-migratable' as const),
    names: fc.array(pick, { maxLength: 1 }),
    allNamespaces: fc.boolean(),
    selector: fc.constantFrom('app=db', 'tier!=web', 'app'),
    node: fc.option(pick, { nil: undefined, freq: 2 }),
    failOn,
  },
  { requiredKeys: ['cmd', 'names', 'allNamespaces', 'node', 'failOn'] },
);
export const listCommand: fc.Arbitrary<Command> = fc.record({ cmd: fc.constant('list' as const), allNamespaces: fc.boolean() });
export const startCommand: fc.Arbitrary<Command> = fc.record({
  cmd: fc.constant('start' as const),
  name: pick,
  dryRun: fc.boolean(),
  force: fc.boolean(),
  nodeSelector: fc.dictionary(fc.constantFrom('kubernetes.io/hostname', 'topology.kubernetes.io/zone'), fc.constantFrom(...NODE_NAMES, 'zone-a'), { maxKeys: 1 }),
  server,
});
export const abortCommand: fc.Arbitrary<Command> = fc.record({ cmd: fc.constant('abort' as const), name: pick, dryRun: fc.boolean(), force: fc.boolean(), server });
export const anyCommand = fc.oneof(whyCommand, checkCommand, listCommand, startCommand, abortCommand);

/** Picks resolve to names of the scene's objects; one in ten (or an empty pool) to a name nothing has. */
function pickName(pool: string[], n: number, missing: string): string {
  return pool.length === 0 || n % 10 === 9 ? missing : pool[n % pool.length]!;
}
const NAMED = ['VirtualMachineInstance', 'VirtualMachine', 'VirtualMachineInstanceMigration'];

/** A finished command: its exit code and streams, or the error main() turns into exit 3. */
export type CommandRun = { code: ExitCode; stdout: string; stderr: string } | { code: 3; error: SourceError | FailureError };

function denial(message: string): SourceError {
  return new SourceError('Forbidden', `Error from server (Forbidden): admission webhook "${WEBHOOK_MIGRATION_CREATE}" denied the request: ${message}`, 'virtualmachineinstancemigrations.kubevirt.io', 403);
}

function answer(a: ServerAnswer, ns: string): SourceError | undefined {
  switch (a) {
    case 'ok':
      return undefined;
    case 'denied-in-flight':
      return denial(MSG_IN_FLIGHT_MIGRATION.replace('%s', 'uid-mig-1').replace('%s', 'vm1'));
    case 'denied-not-migratable':
      return denial(MSG_CANNOT_MIGRATE_VMI.replace('%s', 'DisksNotLiveMigratable').replace('%s', 'PVC vm1-disk-0 is not shared'));
    case 'server-error':
      return new SourceError('ServerError', 'Error from server (InternalError): etcdserver: request timed out', 'virtualmachineinstancemigrations.kubevirt.io', 500);
    case 'conflict':
      return new SourceError('Conflict', `Operation cannot be fulfilled on virtualmachineinstancemigrations.kubevirt.io in ${ns}: Precondition failed: UID in precondition`, 'virtualmachineinstancemigrations.kubevirt.io', 409);
    case 'not-found':
      return new SourceError('NotFound', 'Error from server (NotFound): virtualmachineinstancemigrations.kubevirt.io not found', 'virtualmachineinstancemigrations.kubevirt.io', 404);
  }
}

/** The scene as a cluster: reads from a snapshot of copies of its objects, create/delete answering as told. */
function sourceOf(s: Scene, a: ServerAnswer): ControlSource {
  const read = scenarioSource(structuredClone(s.objects), { now: s.now, namespace: s.namespace, logs: s.logs, metrics: s.metrics, forbidden: s.forbidden });
  const notFollowed = () => {
    throw new Error('property tests never --wait');
  };
  return {
    ...read,
    create: async <T extends KubeObject>(_r: unknown, ns: string, body: T): Promise<T> => {
      const err = answer(a, ns);
      if (err) throw err;
      return { ...body, metadata: { ...body.metadata, namespace: ns, name: `${body.metadata.generateName ?? ''}x1`, uid: 'uid-created' }, status: {} };
    },
    delete: async (_r, ns) => {
      const err = answer(a, ns);
      if (err) throw err;
    },
    watch: notFollowed as ControlSource['watch'],
    listWithResourceVersion: notFollowed as ControlSource['listWithResourceVersion'],
  };
}

export async function runCommand(s: Scene, c: Command, output: OutputFormat = 'json', color = false, outputValue?: string): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stdoutIsTTY: false, stderrIsTTY: false, env: {} };
  const g: GlobalOptions = { namespace: s.namespace, requestTimeoutMs: 0, insecureSkipTlsVerify: false, output, ...(outputValue === undefined ? {} : { outputValue }), color, verbose: false };
  injected.source = sourceOf(s, 'server' in c ? c.server : 'ok');
  try {
    let code: ExitCode;
    switch (c.cmd) {
      case 'why':
        code = await runWhy(g, { name: pickName(namesIn(s, NAMED), c.name, 'missing'), failOn: c.failOn, watch: false, intervalMs: 5000 }, io);
        break;
      case 'check-migratable':
        code = await runCheckMigratable(
          g,
          {
            names: c.names.map((n) => pickName(namesIn(s, NAMED.slice(0, 2), c.allNamespaces), n, 'missing')),
            allNamespaces: c.allNamespaces,
            selector: c.selector,
            node: c.node === undefined ? undefined : pickName(namesIn(s, ['Node'], true), c.node, 'node-z'),
            files: [],
            failOn: c.failOn,
            listRules: false,
            details: true,
          },
          io,
        );
        break;
      case 'list':
        code = await runList(g, { allNamespaces: c.allNamespaces }, io);
        break;
      case 'start':
        code = await runStart(g, { name: pickName(namesIn(s, NAMED), c.name, 'missing'), dryRun: c.dryRun, wait: false, timeoutMs: 0, nodeSelector: c.nodeSelector, force: c.force }, io);
        break;
      case 'abort':
        code = await runAbort(g, { name: pickName(namesIn(s, NAMED), c.name, 'missing'), dryRun: c.dryRun, wait: false, timeoutMs: 0, force: c.force }, io);
        break;
    }
    return { code, stdout, stderr };
  } catch (err) {
    // What main() reports as "could not complete" (exit 3): anything else is a crash.
    if (err instanceof SourceError || err instanceof FailureError) return { code: 3, error: err };
    throw err;
  } finally {
    injected.source = undefined;
  }
}
