// The JSON Schemas in schema/: valid draft 2020-12, one per output kind, enums equal to the ids
// in the source (so they cannot drift), and REAL outputs of the plugin, offline on the example
// snapshot and live against the fake API server, valid against them — strictly: a field that a
// schema does not declare fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CAUSE_IDS, CHECK_STATUSES, VERDICT_STATUSES } from '../../src/analyze/why/cause.js';
import { WHY_CHECKS } from '../../src/analyze/why/registry.js';
import { RULES } from '../../src/analyze/migratability/registry.js';
import type { DrainOutcome } from '../../src/analyze/migratability/drain.js';
import type { MigratabilityVerdict } from '../../src/analyze/migratability/evaluate.js';
import type { Severity } from '../../src/analyze/migratability/rule.js';
import type { PreflightCheckId } from '../../src/analyze/start/preflight.js';
import type { AbortStage } from '../../src/analyze/abort/decide.js';
import type { AbortOutcomeKind, AbortRefusalId } from '../../src/analyze/abort/outcome.js';
import type { AbortAction, AbortWarningId } from '../../src/render/abort-doc-types.js';
import type { WaitOutcome } from '../../src/render/start-doc-types.js';
import { ITEM_STATES, NODE_ONLY_CAUSES } from '../../src/analyze/evacuation/item.js';
import { BLOCKER_REASONS } from '../../src/analyze/evacuation/blockers.js';
import { NODE_VERDICT_STATUSES, type UnknownPart } from '../../src/analyze/evacuation/verdict.js';
import type { MigrationOrigin } from '../../src/kubevirt/evacuation-facts.js';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, runPlugin, tempDir } from '../e2e/plugin.js';
import { runCli } from '../unit/cli/run-cli.js';
import { KINDS, SCHEMA_DIR, loadSchemas, validateDocument, validators, type JsonSchema, type Validators } from './validator.js';

// Type-checked exhaustive lists of the ids that exist only as TypeScript unions: adding a
// member to the union without adding it here fails `tsc`, and the test below compares the
// list with the schema's enum.
type Exhaustive<U extends string, A extends readonly U[]> = [U] extends [A[number]] ? A : never;
const exhaustive =
  <U extends string>() =>
  <const A extends readonly U[]>(a: Exhaustive<U, A>): readonly string[] =>
    a;
const SEVERITIES = exhaustive<Severity>()(['blocker', 'warning', 'info']);
const ITEM_VERDICTS = exhaustive<MigratabilityVerdict>()(['migratable', 'not-migratable', 'risky']);
const DRAIN_OUTCOMES = exhaustive<DrainOutcome>()(['migrate', 'wait', 'shutdown', 'block-drain', 'external']);
const PREFLIGHT_IDS = exhaustive<PreflightCheckId>()(['vmi-running', 'migration-conflict', 'node-selector', 'active-pods', 'migration-slots', 'resource-quota', 'target-placement']);
const ABORT_STAGES = exhaustive<AbortStage>()(['before-handoff', 'handed-off', 'running']);
const ABORT_RESULTS = exhaustive<AbortOutcomeKind>()(['aborted', 'completed', 'abort-failed', 'pending']);
const ABORT_ACTIONS = exhaustive<AbortAction>()(['deleted', 'dry-run', 'already-requested', 'none']);
const ABORT_REFUSALS = exhaustive<AbortRefusalId>()(['no-migration', 'post-copy', 'migration-changed']);
const WAIT_OUTCOMES = exhaustive<WaitOutcome>()(['final', 'gone', 'timeout', 'interrupted']);
const ABORT_WARNING_IDS = exhaustive<AbortWarningId>()(['evacuation-recreated', 'workload-update-recreated', 'post-copy-forced', 'other-in-flight']);
const ORIGINS = exhaustive<MigrationOrigin>()(['evacuation', 'descheduler', 'workload-update', 'user', 'unknown']);
const UNKNOWN_PARTS = exhaustive<UnknownPart['part']>()(['node', 'vmis', 'migrations', 'pods', 'disruption-budgets', 'kubevirt']);

const schemas = loadSchemas();
/** Follow a JSON pointer inside one of the schema files. */
function at(file: string, pointer: string): JsonSchema {
  let node: unknown = schemas[file];
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Record<string, unknown>)[part];
  expect(node, `${file}#${pointer}`).toBeDefined();
  return node as JsonSchema;
}
const enumOf = (file: string, pointer: string) => at(file, pointer).enum as string[];

describe('schema/ files', () => {
  it('hold one draft 2020-12 schema per output kind, each with its $id and kind', () => {
    expect(readdirSync(SCHEMA_DIR).sort()).toEqual([...KINDS].map((k) => `${k}.schema.json`).sort());
    for (const kind of KINDS) {
      const s = schemas[kind]!;
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(s.$id).toMatch(new RegExp(`/schema/${kind}\\.schema\\.json$`));
      expect(at(kind, '/properties/kind').const).toBe(kind);
      expect(at(kind, '/properties/apiVersion').const).toBe('vmigrate/v1');
    }
  });

  it('compile in strict ajv (unknown keywords, bad $refs and bad formats are errors)', () => {
    const v = validators();
    for (const kind of KINDS) {
      const id = schemas[kind]!.$id as string;
      expect(v.published.getSchema(id), kind).toBeTypeOf('function');
      expect(v.strict.getSchema(id), kind).toBeTypeOf('function');
    }
  });
});

describe('schema enums equal the ids in the source', () => {
  it('why: causes, verdict statuses, check statuses, check ids (in order)', () => {
    expect(enumOf('MigrationDiagnosis', '/$defs/causeId')).toEqual([...CAUSE_IDS]);
    expect(enumOf('MigrationDiagnosis', '/$defs/verdictStatus')).toEqual([...VERDICT_STATUSES]);
    expect(enumOf('MigrationDiagnosis', '/$defs/checkStatus')).toEqual([...CHECK_STATUSES]);
    expect(enumOf('MigrationDiagnosis', '/$defs/checkId')).toEqual(WHY_CHECKS.map((c) => c.id));
  });

  it('check-migratable: rule ids (registry order), severities, verdicts, drain outcomes', () => {
    expect(enumOf('MigratabilityReport', '/$defs/ruleId')).toEqual(RULES.map((r) => r.id));
    expect(enumOf('MigratabilityReport', '/$defs/severity')).toEqual([...SEVERITIES]);
    expect(new Set(RULES.map((r) => r.severity)).size).toBeGreaterThan(1);
    for (const r of RULES) expect(SEVERITIES).toContain(r.severity);
    expect(enumOf('MigratabilityReport', '/$defs/verdict')).toEqual([...ITEM_VERDICTS]);
    expect(enumOf('MigratabilityReport', '/$defs/drainOutcome')).toEqual([...DRAIN_OUTCOMES]);
    expect(Object.keys(at('MigratabilityReport', '/properties/summary/properties/drain/properties')).filter((k) => !['node', 'cordoned', 'draining', 'inFlight'].includes(k))).toEqual([...DRAIN_OUTCOMES]);
  });

  it('start and abort: pre-flight check ids, refusal causes, stages, results, actions, wait outcomes', () => {
    expect(enumOf('MigrationStart', '/$defs/preflightCheckId')).toEqual([...PREFLIGHT_IDS]);
    expect(enumOf('MigrationAbort', '/properties/stage')).toEqual([...ABORT_STAGES]);
    expect(enumOf('MigrationAbort', '/properties/result/properties/kind')).toEqual([...ABORT_RESULTS]);
    expect(enumOf('MigrationAbort', '/properties/action')).toEqual([...ABORT_ACTIONS]);
    expect(enumOf('MigrationAbort', '/properties/refused/properties/cause')).toEqual([...ABORT_REFUSALS]);
    expect(enumOf('MigrationAbort', '/properties/wait/properties/outcome')).toEqual([...WAIT_OUTCOMES]);
    expect(at('MigrationAbort', '/properties/warningIds/items').enum).toEqual([...ABORT_WARNING_IDS]);
    for (const kind of ['MigrationDiagnosis', 'MigrationAbort', 'MigrationStart']) expect(enumOf(kind, '/$defs/origin'), kind).toEqual([...ORIGINS]);
    expect(enumOf('MigrationList', '/properties/items/items/properties/origin')).toEqual([...ORIGINS]);
    expect(enumOf('MigrationStart', '/properties/wait/properties/outcome')).toEqual([...WAIT_OUTCOMES]);
  });

  it('why --node: verdict statuses, item states, node-only causes, blocker reasons, origins, unknown parts', () => {
    const node = 'NodeEvacuationDiagnosis';
    expect(enumOf(node, '/$defs/verdictStatus')).toEqual([...NODE_VERDICT_STATUSES]);
    for (const s of NODE_VERDICT_STATUSES) expect(VERDICT_STATUSES).toContain(s);
    expect(enumOf(node, '/$defs/itemState')).toEqual([...ITEM_STATES]);
    expect((at(node, '/$defs/causeId').anyOf as JsonSchema[])[1]!.enum).toEqual([...NODE_ONLY_CAUSES]);
    for (const c of NODE_ONLY_CAUSES) expect(CAUSE_IDS).not.toContain(c);
    expect(enumOf(node, '/$defs/blockerReason')).toEqual([...BLOCKER_REASONS]);
    expect(enumOf(node, '/$defs/origin')).toEqual([...ORIGINS]);
    expect(enumOf(node, '/$defs/unknownPart')).toEqual([...UNKNOWN_PARTS]);
  });

  it('the docs list every cause id and rule id (the stability promise covers what they show)', () => {
    const docs = ['docs/documents.md', 'docs/check-migratable.md'].map((f) => readFileSync(join(REPO, f), 'utf8')).join('\n');
    for (const id of [...CAUSE_IDS, ...RULES.map((r) => r.id)]) expect(docs, id).toContain(`\`${id}\``);
  });
});

// ---- real outputs ----

let v: Validators;
beforeAll(() => {
  v = validators();
});

/**
 * The document a command prints. In-process through the CLI's own entry point (main, with
 * captured streams) for speed; `viaKubectl` runs the built plugin through kubectl instead.
 */
async function documentOf(args: string[], viaKubectl = false): Promise<unknown> {
  const r = viaKubectl ? await runPlugin(args) : await runCli(args, { KUBECONFIG: join(tempDir(), 'none') });
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBeLessThan(2);
  const yaml = args.includes('yaml');
  return yaml ? parseYaml(r.stdout) : JSON.parse(r.stdout);
}

function expectValid(doc: unknown, what: string): void {
  expect(validateDocument(v, doc), what).toEqual([]);
}

/** Run up to `n` at a time (the machine has two cores). */
async function inBatches<T>(items: T[], n: number, f: (x: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += n) await Promise.all(items.slice(i, i + n).map(f));
}

const WHY_TARGETS: [string, string][] = [
  ['dev', 'ci-runner'],
  ['dev', 'kubevirt-migrate-vm-vk7vt'],
  ['prod', 'db-primary'],
  ['prod', 'erp-app'],
  ['default', 'wiki'],
  ['default', 'legacy-web'],
];

describe('real outputs offline (examples/cluster-snapshot) validate', () => {
  const from = ['--from', EXAMPLE_SNAPSHOT];
  it('check-migratable: -A (json and yaml), --node, NAME, -f manifests, --list-rules', async () => {
    const runs: [string, string[]][] = [
      ['-A json', ['check-migratable', '-A', ...from, '-o', 'json']],
      ['-A yaml', ['check-migratable', '-A', ...from, '-o', 'yaml']],
      ['--node', ['check-migratable', '--node', 'node-2', ...from, '-o', 'json']],
      ['why --node', ['why', '--node', 'node-2', ...from, '-o', 'json']],
      ['why --node yaml', ['why', '--node', 'node-2', ...from, '-o', 'yaml']],
      ['why --node drain', ['why', '--node', 'node-2', '--from', join(REPO, 'test/fixtures/objects/drain/v1.9'), '-o', 'json']],
      ['why --node idle', ['why', '--node', 'node-1', ...from, '-o', 'json']],
      ['NAME', ['check-migratable', 'erp-app', '-n', 'prod', ...from, '-o', 'json']],
      ['-f', ['check-migratable', '-f', join(REPO, 'examples/manifests'), '-o', 'json']],
      ['--list-rules', ['check-migratable', '--list-rules', '-o', 'json']],
    ];
    await inBatches(runs, 3, async ([what, args]) => expectValid(await documentOf(args), what));
    expectValid(await documentOf(['check-migratable', '-A', ...from, '-o', 'json'], true), 'through kubectl');
  }, 120_000);

  it('why on every kind of target, and list -A', async () => {
    await inBatches(WHY_TARGETS, 3, async ([ns, name]) => expectValid(await documentOf(['why', name, '-n', ns, ...from, '-o', 'json']), `why ${name}`));
    expectValid(await documentOf(['why', 'db-primary', '-n', 'prod', ...from, '-o', 'yaml']), 'why yaml');
    const list = await documentOf(['list', '-A', ...from, '-o', 'json']);
    expectValid(list, 'list');
    expect((list as { items: unknown[] }).items.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('real outputs live (fake API server) validate', () => {
  let server: FakeApiServer;
  let kubeconfig: string;
  beforeAll(async () => {
    server = await startFakeApiServer();
    server.loadFiles([EXAMPLE_SNAPSHOT]);
    const pod = 'virt-launcher-db-primary-blqtw';
    server.setLog('prod', pod, 'compute', readFileSync(join(EXAMPLE_SNAPSHOT, 'logs', pod, 'compute.log'), 'utf8'));
    kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'dev' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('check-migratable, why, list', async () => {
    const k = ['--kubeconfig', kubeconfig];
    const runs: [string, string[]][] = [
      ['check-migratable -A', ['check-migratable', '-A', ...k, '-o', 'json']],
      ['check-migratable --node', ['check-migratable', '--node', 'node-2', ...k, '-o', 'json']],
      ['why --node', ['why', '--node', 'node-2', ...k, '-o', 'json']],
      ['list -A', ['list', '-A', ...k, '-o', 'json']],
      ...WHY_TARGETS.map(([ns, name]): [string, string[]] => [`why ${name}`, ['why', name, '-n', ns, ...k, '-o', 'json']]),
    ];
    await inBatches(runs, 3, async ([what, args]) => expectValid(await documentOf(args), what));
    expectValid(await documentOf(['why', 'ci-runner', ...k, '-o', 'json'], true), 'through kubectl');
  }, 120_000);

  it('start (dry run, refused, created) and abort (dry run, nothing to abort, deleted)', async () => {
    const k = ['--kubeconfig', kubeconfig, '-o', 'json'];
    const runs: string[][] = [
      ['start', 'wiki', '-n', 'default', '--dry-run', ...k],
      ['start', 'legacy-web', '-n', 'default', ...k],
      ['abort', 'ci-runner', '-n', 'dev', '--dry-run', ...k],
      ['abort', 'wiki', '-n', 'default', ...k],
    ];
    await inBatches(runs, 2, async (args) => expectValid(await documentOf(args), args.slice(0, 2).join(' ')));
    // Mutations last, one at a time.
    const started = await documentOf(['start', 'db-primary', '-n', 'prod', ...k]);
    expectValid(started, 'start db-primary');
    expect((started as { migration: unknown }).migration).not.toBeNull();
    const aborted = await documentOf(['abort', 'kubevirt-migrate-vm-vk7vt', '-n', 'dev', ...k]);
    expectValid(aborted, 'abort kubevirt-migrate-vm-vk7vt');
    expect((aborted as { action: string }).action).toBe('deleted');
  }, 120_000);
});
