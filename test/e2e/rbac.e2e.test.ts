// deploy/rbac.yaml, enforced: the fake API server authorizes every request with the rules of
// that file (apiGroups, resources incl. subresources such as pods/log and pods/proxy, verbs,
// and a Role's namespace), and the commands run as users bound to those roles only:
// - the read-only commands (why, check-migratable, list) as a reader succeed with errors[] empty;
// - start and abort as a reader + migrator succeed; as a reader alone the create is refused;
// - every rule of every role is used by some command: the roles grant nothing the code does
//   not need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { startFakeApiServer, testTls, type FakeApiServer } from '../fake-apiserver/index.js';
import type { AuthorizeAttributes } from '../fake-apiserver/types.js';
import type { KubeObject } from '../../src/kube/types.js';
import { SOURCE_POD, VMI_NAME, runningMigration } from '../fixtures/objects/failed-migrations.js';
import { handlerMetricsText, handlerPod } from '../fixtures/objects/progress.js';
import { EXAMPLE_SNAPSHOT, REPO, runPlugin, tempDir } from './plugin.js';

interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
  resourceNames?: string[];
}
interface RbacRole {
  kind: 'ClusterRole' | 'Role';
  metadata: { name: string; namespace?: string };
  rules: PolicyRule[];
}

const ROLES: RbacRole[] = parseAllDocuments(readFileSync(join(REPO, 'deploy/rbac.yaml'), 'utf8')).map((d) => d.toJS() as RbacRole);
const role = (name: string) => {
  const r = ROLES.find((x) => x.metadata.name === name);
  if (!r) throw new Error(`deploy/rbac.yaml has no role ${name}`);
  return r;
};
const READER = ['vmigrate-reader', 'vmigrate-reader-metrics'];
const MIGRATOR = [...READER, 'vmigrate-migrator'];

/** Users and the roles bound to them (ClusterRoleBinding for ClusterRoles, RoleBinding in the Role's namespace). */
const BINDINGS: Record<string, string[]> = { alice: READER, bob: MIGRATOR, carol: [] };
const TOKENS = { 'token-alice': 'alice', 'token-bob': 'bob', 'token-carol': 'carol' };

const has = (list: string[] | undefined, v: string) => Boolean(list && (list.includes(v) || list.includes('*')));

/** Kubernetes RBAC for one request: some rule of some bound role allows it. */
function ruleAllows(r: RbacRole, rule: PolicyRule, verb: string, resource: string, namespace: string | undefined, attrs: AuthorizeAttributes): boolean {
  if (r.kind === 'Role' && r.metadata.namespace !== namespace) return false;
  if (!has(rule.apiGroups, attrs.group) || !has(rule.resources, resource) || !has(rule.verbs, verb)) return false;
  return !rule.resourceNames || (attrs.name !== undefined && rule.resourceNames.includes(attrs.name));
}

interface Decision {
  user: string;
  verb: string;
  group: string;
  resource: string;
  namespace?: string;
  allowed: boolean;
}
const decisions: Decision[] = [];

function authorize(user: string, verb: string, resource: string, namespace: string | undefined, attrs: AuthorizeAttributes): boolean {
  const roles = (BINDINGS[user] ?? []).map(role);
  const allowed = roles.some((r) => r.rules.some((rule) => ruleAllows(r, rule, verb, resource, namespace, attrs)));
  decisions.push({ user, verb, group: attrs.group, resource, ...(namespace ? { namespace } : {}), allowed });
  return allowed;
}

/** Every (apiGroup, resource, verb) a role grants. */
function grants(names: string[]): string[] {
  return names.flatMap((n) => role(n).rules.flatMap((rule) => (rule.apiGroups ?? []).flatMap((g) => (rule.resources ?? []).flatMap((res) => (rule.verbs ?? []).map((v) => `${v} ${g}/${res}`)))));
}
const used = (user: string) => new Set(decisions.filter((d) => d.user === user && d.allowed).map((d) => `${d.verb} ${d.group}/${d.resource}`));
const denied = (user: string) => decisions.filter((d) => d.user === user && !d.allowed);

let example: FakeApiServer;
let copying: FakeApiServer;
const kubeconfigs: Record<string, { example: string; copying: string }> = {};
const KUBEVIRT_NS = role('vmigrate-reader-metrics').metadata.namespace!;

beforeAll(async () => {
  const opts = { tls: testTls(), tokens: TOKENS, authorize };
  // 1. The example cluster (examples/README.md).
  example = await startFakeApiServer(opts);
  example.loadFiles([EXAMPLE_SNAPSHOT]);
  const logPod = 'virt-launcher-db-primary-blqtw';
  example.setLog('prod', logPod, 'compute', readFileSync(join(EXAMPLE_SNAPSHOT, 'logs', logPod, 'compute.log'), 'utf8'));
  // 2. A migration copying right now whose launcher log has no progress line yet, so `why`
  //    reads virt-handler's /metrics through the pod proxy — in the Role's KubeVirt namespace.
  const built = runningMigration({ era: 'v1.9', extraLog: [] });
  const inKubevirtNs = (o: KubeObject) => JSON.parse(JSON.stringify(o).replaceAll('"harvester-system"', JSON.stringify(KUBEVIRT_NS))) as KubeObject;
  copying = await startFakeApiServer(opts);
  copying.load([...built.objects, handlerPod('node-a', { name: 'virt-handler-8xk2p' }), handlerPod('node-b', { name: 'virt-handler-q7m4z' })].map(inKubevirtNs));
  copying.setLog('default', SOURCE_POD, 'compute', built.logs[SOURCE_POD] ?? '');
  const now = Date.now();
  const metrics = handlerMetricsText('v1.8', Array.from({ length: 5 }, (_, i) => ({ at: now - (4 - i) * 5000, remaining: 2e9 - i * 1e8, processed: 1e9 + i * 1e8, total: 3e9, dirty: 5e6, sent: 40e6 })), {
    namespace: 'default',
    name: VMI_NAME,
    node: 'node-a',
  });
  copying.route('GET', /\/pods\/https:virt-handler-[a-z0-9]+:8443\/proxy\/metrics$/, (ctx) => ctx.text(200, metrics, 'text/plain; version=0.0.4'));
  for (const [token, user] of Object.entries(TOKENS)) {
    kubeconfigs[user] = {
      example: example.writeKubeconfig(tempDir(), { namespace: 'dev', token, user }),
      copying: copying.writeKubeconfig(tempDir(), { namespace: 'default', token, user }),
    };
  }
});
afterAll(async () => {
  await example?.close();
  await copying?.close();
});

interface Doc {
  kind: string;
  errors?: { resource: string; message: string }[];
  progress?: { source: string };
  migration?: { name: string } | null;
  action?: string;
}

async function asUser(user: string, args: string[], cluster: 'example' | 'copying' = 'example'): Promise<{ code: number; doc: Doc; stderr: string }> {
  const r = await runPlugin([...args, '-o', 'json', '--kubeconfig', kubeconfigs[user]![cluster]], {}, 30_000);
  expect(r.code, `${user}: ${args.join(' ')}\n${r.stderr}`).toBeLessThan(3);
  return { code: r.code, doc: JSON.parse(r.stdout) as Doc, stderr: r.stderr };
}

describe('deploy/rbac.yaml', () => {
  it('holds the reader ClusterRole, the metrics Role in the KubeVirt namespace and the migrator ClusterRole', () => {
    expect(ROLES.map((r) => `${r.kind}/${r.metadata.name}`)).toEqual(['ClusterRole/vmigrate-reader', 'Role/vmigrate-reader-metrics', 'ClusterRole/vmigrate-migrator']);
    // Read-only means read-only.
    for (const g of grants(READER)) expect(g, g).toMatch(/^(get|list) /);
    expect(grants(['vmigrate-migrator']).filter((g) => !/^(get|list|watch) /.test(g))).toEqual([
      'create kubevirt.io/virtualmachineinstancemigrations',
      'delete kubevirt.io/virtualmachineinstancemigrations',
    ]);
  });
});

describe('read-only commands as a user bound to the reader roles only', () => {
  const runs: [string[], 'example' | 'copying'][] = [
    [['why', 'ci-runner'], 'example'],
    [['why', 'db-primary', '-n', 'prod'], 'example'],
    [['why', 'wiki', '-n', 'default'], 'example'],
    [['why', 'legacy-web', '-n', 'default'], 'example'],
    [['why', VMI_NAME], 'copying'],
    [['check-migratable', '-A'], 'example'],
    [['check-migratable', '--node', 'node-2'], 'example'],
    [['why', '--node', 'node-2'], 'example'],
    [['check-migratable', 'erp-app', '-n', 'prod'], 'example'],
    [['list'], 'example'],
    [['list', '-A'], 'example'],
  ];

  it('succeed with errors[] empty and nothing forbidden', async () => {
    for (const [args, cluster] of runs) {
      const { doc, stderr } = await asUser('alice', args, cluster);
      expect(doc.errors, `${args.join(' ')}: ${stderr}`).toEqual([]);
      expect(stderr, args.join(' ')).not.toMatch(/forbidden/i);
    }
    expect(denied('alice')).toEqual([]);
  }, 120_000);

  it('why read the migration progress through the pod proxy in the KubeVirt namespace', async () => {
    const { doc } = await asUser('alice', ['why', VMI_NAME], 'copying');
    expect(doc.progress?.source).toBe('metrics');
    expect(decisions.some((d) => d.user === 'alice' && d.resource === 'pods/proxy' && d.namespace === KUBEVIRT_NS && d.allowed)).toBe(true);
  });

  it('every permission of the reader roles is used by these commands (no rule grants more)', () => {
    const u = used('alice');
    expect(grants(READER).filter((g) => !u.has(g))).toEqual([]);
  });

  it('a user without the roles gets 403s: the enforcement is real', async () => {
    const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kubeconfigs.carol!.example]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/forbidden/i);
    expect(denied('carol').length).toBeGreaterThan(0);
  });
});

describe('start and abort', () => {
  it('as a reader alone: refused by the API server (403) on what only the migrator grants, nothing is created', async () => {
    const before = example.objects('vmim', 'prod').length;
    const r = await runPlugin(['start', 'db-primary', '-n', 'prod', '-o', 'json', '--kubeconfig', kubeconfigs.alice!.example]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/forbidden/i);
    const refused = denied('alice').map((d) => `${d.verb} ${d.group}/${d.resource}`);
    expect(refused.length).toBeGreaterThan(0);
    for (const d of refused) expect(grants(['vmigrate-migrator']), d).toContain(d);
    expect(example.objects('vmim', 'prod')).toHaveLength(before);
  });

  it('as reader + migrator: dry run, create, abort, and --wait all succeed with nothing forbidden', async () => {
    const dry = await asUser('bob', ['start', 'db-primary', '-n', 'prod', '--dry-run']);
    expect(dry.doc.errors).toEqual([]);
    const created = await asUser('bob', ['start', 'db-primary', '-n', 'prod']);
    expect(created.doc.migration?.name).toMatch(/^db-primary-migration-/);
    const aborted = await asUser('bob', ['abort', 'db-primary', '-n', 'prod']);
    expect(aborted.doc.action).toBe('deleted');
    // --wait watches the migration (it stays Pending here: nobody plays virt-controller).
    const r = await runPlugin(['start', 'db-primary', '-n', 'prod', '--wait', '--timeout', '2s', '-o', 'json', '--kubeconfig', kubeconfigs.bob!.example], {}, 30_000);
    expect(r.stderr).not.toMatch(/forbidden/i);
    await asUser('bob', ['abort', 'db-primary', '-n', 'prod', '--wait', '--timeout', '5s']);
    expect(denied('bob')).toEqual([]);
  }, 120_000);

  it('every permission of the migrator role is used by start and abort', () => {
    const u = used('bob');
    expect(grants(['vmigrate-migrator']).filter((g) => !u.has(g))).toEqual([]);
  });
});
