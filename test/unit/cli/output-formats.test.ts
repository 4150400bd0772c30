// kubectl's output formats on every command: -o name, -o jsonpath=…, -o custom-columns=…,
// --no-headers and --sort-by, on the example snapshot (start and abort, which refuse --from, on
// the fake API server serving it). What each prints is what kubectl prints for the same template
// over the command's JSON document (test/e2e/output-formats.e2e.test.ts runs kubectl itself on
// the same documents); template errors are usage errors (exit 2) in kubectl's words, before any
// request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../fake-apiserver/index.js';
import { tempDir } from '../../e2e/plugin.js';
import { runCli } from './run-cli.js';
import type { VirtualMachineInstanceMigration } from '../../../src/kube/types.js';

const SNAP = 'examples/cluster-snapshot';
const from = ['--from', SNAP];
const VMIM = 'virtualmachineinstancemigration.kubevirt.io';

/** The ten VMs of the example, in check-migratable's order (namespace, then name). */
const REPORT = [
  ['legacy-web', 'VirtualMachineInstance', 'not-migratable'],
  ['wiki', 'VirtualMachineInstance', 'risky'],
  ['ci-runner', 'VirtualMachineInstance', 'risky'],
  ['rhel9-golden', 'VirtualMachine', 'not-migratable'],
  ['scratch-builder', 'VirtualMachineInstance', 'not-migratable'],
  ['analytics-warehouse', 'VirtualMachineInstance', 'not-migratable'],
  ['db-primary', 'VirtualMachineInstance', 'migratable'],
  ['erp-app', 'VirtualMachineInstance', 'not-migratable'],
  ['license-server', 'VirtualMachineInstance', 'not-migratable'],
  ['ml-gpu-trainer', 'VirtualMachineInstance', 'not-migratable'],
] as const;
const NAMES = REPORT.map(([name]) => name);

/** The cells of an aligned table (no cell of these holds a space). */
const cells = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(/ {2,}/));

const BAD_TEMPLATE = 'jsonpath={.items[*].name';
const BAD_TEMPLATE_LINE = 'error: error parsing jsonpath {.items[*].name, unclosed action\n';

describe('check-migratable', () => {
  const cm = (...args: string[]) => runCli(['check-migratable', '-A', ...from, ...args]);

  it('-o name: one kind.group/name line per VM or VMI; the exit code stays the verdict\'s', async () => {
    const r = await cm('-o', 'name');
    expect(r.stdout).toBe(REPORT.map(([name, kind]) => `${kind.toLowerCase()}.kubevirt.io/${name}\n`).join(''));
    expect(r.code).toBe(1);
  });

  it("-o jsonpath='{.items[*].name}': the names, space-separated, no newline", async () => {
    const r = await cm('-o', 'jsonpath={.items[*].name}');
    expect(r.stdout).toBe(NAMES.join(' '));
    expect(r.code).toBe(1);
    expect((await cm('-o', 'jsonpath={range .items[?(@.verdict=="risky")]}{.namespace}/{.name}{"\\n"}{end}')).stdout).toBe('default/wiki\ndev/ci-runner\n');
    expect((await cm('-o', 'jsonpath={.summary.total} {.summary.migratable}')).stdout).toBe('10 1');
  });

  it('-o custom-columns=NAME:.name,VERDICT:.verdict: a row per item; --no-headers drops the header', async () => {
    const r = await cm('-o', 'custom-columns=NAME:.name,VERDICT:.verdict');
    expect(cells(r.stdout)).toEqual([['NAME', 'VERDICT'], ...REPORT.map(([name, , verdict]) => [name, verdict])]);
    expect(r.stdout.split('\n')[1]).toBe('legacy-web            not-migratable');
    const bare = await cm('-o', 'custom-columns=NAME:.name,VERDICT:.verdict', '--no-headers');
    expect(bare.stdout).toBe(r.stdout.slice(r.stdout.indexOf('\n') + 1));
    // What a path does not find is <none>; several values are joined by commas.
    const rules = cells((await cm('-o', 'custom-columns=NAME:.name,RULES:.findings[*].rule,NODE:.drain.outcome')).stdout);
    expect(rules[3]).toEqual(['ci-runner', 'volume-containerdisk,volume-containerdisk,volume-cdrom,volume-block-migration', '<none>']);
    expect(rules[7]).toEqual(['db-primary', '<none>', '<none>']);
  });

  it('--no-headers: the table without its header line (and as wide as its rows need)', async () => {
    const table = await cm();
    const bare = await cm('--no-headers');
    expect(table.stdout.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+VERDICT/);
    expect(cells(bare.stdout).slice(0, 10)).toEqual(cells(table.stdout).slice(1, 11));
    expect(bare.stdout.split('\n')[0]).toBe('default   legacy-web            not-migratable   1   0');
    expect(bare.stdout).not.toMatch(/NAMESPACE|BLOCKERS/);
  });

  it('--sort-by: kubectl\'s order over items[], in every format; -o json holds the sorted items', async () => {
    const sorted = [...NAMES].sort();
    expect((await cm('--sort-by', '.name', '-o', 'jsonpath={.items[*].name}')).stdout).toBe(sorted.join(' '));
    expect(cells((await cm('--sort-by=.name', '--no-headers')).stdout).slice(0, 10).map((row) => row[1])).toEqual(sorted);
    const byVerdict = JSON.parse((await cm('--sort-by', '{.verdict}', '-o', 'json')).stdout) as { items: { name: string; verdict: string }[] };
    // migratable < not-migratable < risky, equal verdicts in their order.
    expect(byVerdict.items.map((i) => i.name)).toEqual(['db-primary', ...REPORT.filter(([, , v]) => v === 'not-migratable').map(([n]) => n), 'wiki', 'ci-runner']);
    expect((await cm('--sort-by', '.name', '-o', 'name')).stdout.split('\n')[0]).toBe('virtualmachineinstance.kubevirt.io/analytics-warehouse');
    expect((await cm('--sort-by', '')).stdout).toBe((await cm()).stdout);
  });

  it('--list-rules: name, jsonpath, custom-columns and --no-headers', async () => {
    const rules = JSON.parse((await runCli(['check-migratable', '--list-rules', '-o', 'json'])).stdout) as { items: { id: string; severity: string }[] };
    const ids = rules.items.map((r) => r.id);
    expect((await runCli(['check-migratable', '--list-rules', '-o', 'name'])).stdout).toBe(ids.map((id) => `rule/${id}\n`).join(''));
    expect((await runCli(['check-migratable', '--list-rules', '-o', 'jsonpath={.items[*].id}'])).stdout).toBe(ids.join(' '));
    const cc = await runCli(['check-migratable', '--list-rules', '-o', 'custom-columns=ID:.id,SEVERITY:.severity', '--no-headers']);
    expect(cells(cc.stdout)).toEqual(rules.items.map((r) => [r.id, r.severity]));
    const table = await runCli(['check-migratable', '--list-rules', '--no-headers']);
    expect(table.stdout.split('\n')[0]).toMatch(/^volume-not-shared\s+blocker\s+v0\.59\+\s+PVC/);
    expect(table.stdout.split('\n').filter(Boolean)).toHaveLength(ids.length);
    const sorted = await runCli(['check-migratable', '--list-rules', '--sort-by', '.id', '-o', 'jsonpath={.items[*].id}']);
    expect(sorted.stdout).toBe([...ids].sort().join(' '));
  });
});

describe('why', () => {
  const why = (name: string, ns: string, ...args: string[]) => runCli(['why', name, '-n', ns, ...from, ...args]);

  it('-o name: the migration diagnosed, else the VMI', async () => {
    expect((await why('ci-runner', 'dev', '-o', 'name')).stdout).toBe(`${VMIM}/kubevirt-migrate-vm-vk7vt\n`);
    expect((await why('wiki', 'default', '-o', 'name')).stdout).toBe('virtualmachineinstance.kubevirt.io/wiki\n');
  });

  it('-o jsonpath: nothing for {.items[*].name} (no items), the fields of the diagnosis otherwise', async () => {
    const r = await why('ci-runner', 'dev', '-o', 'jsonpath={.items[*].name}');
    expect(r).toMatchObject({ stdout: '', code: 1 });
    expect((await why('ci-runner', 'dev', '-o', 'jsonpath={.verdict.status} {.verdict.cause}')).stdout).toBe('blocked quota-exceeded');
    expect((await why('ci-runner', 'dev', '-o', 'jsonpath={.checks[?(@.status=="fail")].id}')).stdout).toBe('resource-quota');
  });

  it('-o custom-columns: one row for the document; <none> for what it does not hold', async () => {
    const doc = await why('ci-runner', 'dev', '-o', 'custom-columns=NAME:.name,VERDICT:.verdict');
    // .verdict is a map: Go's %v of it, keys sorted.
    expect(doc.stdout).toMatch(/^NAME {5}VERDICT\n<none>   map\[cause:quota-exceeded check:resource-quota hint:raise requests\.memory .* status:blocked summary:ResourceQuota dev-quota refused .*\]\n$/);
    const r = await why('ci-runner', 'dev', '-o', 'custom-columns=VMI:.target.vmi,CAUSE:.verdict.cause', '--no-headers');
    expect(r.stdout).toBe('ci-runner   quota-exceeded\n');
  });

  it('--no-headers: the placement and timeline tables without their header line', async () => {
    const table = await why('ci-runner', 'dev');
    const bare = await why('ci-runner', 'dev', '--no-headers');
    expect(table.stdout).toMatch(/^ {2}PHASE\s+SINCE\s+FOR$/m);
    expect(bare.stdout).not.toMatch(/PHASE\s+SINCE/);
    expect(bare.stdout).toMatch(/Timeline:\n {2}Pending {3}2025-11-20T10:02:11Z {3}12m26s\n$/);
  });
});

describe('list', () => {
  const list = (...args: string[]) => runCli(['list', '-A', ...from, ...args]);

  it('-o name: each migration', async () => {
    expect((await list('-o', 'name')).stdout).toBe(`${VMIM}/kubevirt-migrate-vm-vk7vt\n${VMIM}/kubevirt-evacuation-fdhjr\n`);
  });

  it('-o jsonpath: {.items[*].name} is empty (items name their migration in .migration)', async () => {
    expect(await list('-o', 'jsonpath={.items[*].name}')).toMatchObject({ stdout: '', code: 0 });
    expect((await list('-o', 'jsonpath={.items[*].migration}')).stdout).toBe('kubevirt-migrate-vm-vk7vt kubevirt-evacuation-fdhjr');
  });

  it('-o custom-columns: a row per migration; a missing field is <none>', async () => {
    expect(cells((await list('-o', 'custom-columns=NAME:.name,VERDICT:.verdict')).stdout)).toEqual([
      ['NAME', 'VERDICT'],
      ['<none>', '<none>'],
      ['<none>', '<none>'],
    ]);
    expect((await list('-o', 'custom-columns=NAME:.migration,PHASE:.phase,PERCENT:.progressPercent,TARGET:.targetNode', '--no-headers')).stdout).toBe(
      'kubevirt-migrate-vm-vk7vt   Pending     <none>   <nil>\n' + 'kubevirt-evacuation-fdhjr   Succeeded   100      node-2\n',
    );
  });

  it('--no-headers and --sort-by on the table', async () => {
    const bare = await list('--no-headers');
    expect(bare.stdout.split('\n')[0]).toMatch(/^dev\s+kubevirt-migrate-vm-vk7vt\s+ci-runner\s+Pending/);
    expect(bare.stdout).not.toContain('NAMESPACE');
    const byAge = await list('--sort-by=.age', '--no-headers', '-o', 'custom-columns=N:.migration,AGE:.age');
    expect(byAge.stdout).toBe('kubevirt-migrate-vm-vk7vt   746\nkubevirt-evacuation-fdhjr   2005\n');
    const byNamespaceDesc = await list('--sort-by', '.vmi', '-o', 'name');
    expect(byNamespaceDesc.stdout).toBe(`${VMIM}/kubevirt-migrate-vm-vk7vt\n${VMIM}/kubevirt-evacuation-fdhjr\n`);
    // Items without the field come first; then by value (here: the Succeeded one has 100).
    const byPercent = await list('--sort-by', '.progressPercent', '-o', 'jsonpath={.items[*].migration}');
    expect(byPercent.stdout).toBe('kubevirt-migrate-vm-vk7vt kubevirt-evacuation-fdhjr');
    const byTarget = JSON.parse((await list('--sort-by', '.targetNode', '-o', 'json')).stdout) as { items: { migration: string }[] };
    // null before any value.
    expect(byTarget.items.map((i) => i.migration)).toEqual(['kubevirt-migrate-vm-vk7vt', 'kubevirt-evacuation-fdhjr']);
  });

  it('--sort-by errors in kubectl\'s words: a path no item has, values that cannot be ordered', async () => {
    expect(await list('--sort-by', '.nope')).toMatchObject({ code: 2, stdout: '', stderr: 'error: couldn\'t find any field with path "{.nope}" in the list of objects\n' });
    expect(await runCli(['check-migratable', '-A', ...from, '--sort-by', '.findings'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: Field {.findings} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: []interface {}\n',
    });
  });
});

describe('template, spec and path errors: exit 2 in kubectl\'s words, before any I/O', () => {
  // A snapshot that does not exist: any read would be exit 3.
  const missing = ['--from', 'examples/no-such-snapshot'];

  it.each([
    [['-o', BAD_TEMPLATE], BAD_TEMPLATE_LINE],
    [['-o', 'jsonpath'], 'error: template format specified but no template given\n'],
    [['-o', 'jsonpath='], 'error: template format specified but no template given\n'],
    [['-o', 'custom-columns'], 'error: custom-columns format specified but no custom columns given\n'],
    [['-o', 'custom-columns=NAME'], 'error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>\n'],
    [['-o', 'custom-columns=NAME:.items['], 'error: unterminated array\n'],
    [['-o', 'xml'], 'error: unable to match a printer suitable for the output format "xml", allowed formats are: custom-columns,json,jsonpath,name,table,wide,yaml\n'],
    [['-o', 'json=x'], 'error: unable to match a printer suitable for the output format "json=x", allowed formats are: custom-columns,json,jsonpath,name,table,wide,yaml\n'],
  ])('%j', async (flags, line) => {
    for (const args of [
      ['check-migratable', '-A'],
      ['check-migratable', '--list-rules'],
      ['why', 'ci-runner'],
      ['list'],
      ['start', 'db-primary'],
      ['abort', 'db-primary'],
    ]) {
      const r = await runCli([...args, ...flags, ...(args[0] === 'start' || args[0] === 'abort' || args[1] === '--list-rules' ? [] : missing)], { KUBECONFIG: 'no-such-kubeconfig' });
      expect(r, args.join(' ')).toEqual({ code: 2, stdout: '', stderr: line });
    }
  });

  it('--sort-by paths kubectl refuses', async () => {
    const relaxed = "error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'\n";
    for (const cmd of ['list', 'check-migratable']) {
      expect(await runCli([cmd, ...missing, '--sort-by', '{.a'])).toEqual({ code: 2, stdout: '', stderr: relaxed });
      expect(await runCli([cmd, ...missing, '--sort-by', '.a['])).toEqual({ code: 2, stdout: '', stderr: 'error: unterminated array\n' });
    }
  });

  it('an execution error (after the read) is kubectl\'s first sentence, exit 2', async () => {
    expect(await runCli(['check-migratable', '-A', ...from, '-o', 'jsonpath={.items[50]}'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: error executing jsonpath "{.items[50]}": Error executing template: array index out of bounds: index 50, length 10\n',
    });
  });

  it('never coloured, as -o json: not with --color always, not on a terminal', async () => {
    for (const o of ['name', 'jsonpath={.items[*].name}', 'custom-columns=N:.name,V:.verdict']) {
      for (const [flags, tty] of [[['--color', 'always'], false], [[], true]] as const) {
        const r = await runCli(['check-migratable', '-A', ...from, '-o', o, ...flags], {}, tty);
        expect(r.stdout).toMatch(/wiki/);
        expect(r.stdout, o).not.toContain('\u001b');
      }
    }
  });

  it('-o=FORMAT is read as kubectl reads it', async () => {
    expect((await runCli(['list', '-A', ...from, '-o=name'])).stdout).toBe(`${VMIM}/kubevirt-migrate-vm-vk7vt\n${VMIM}/kubevirt-evacuation-fdhjr\n`);
    expect((await runCli(['list', '-A', ...from, '--output=jsonpath={.items[0].vmi}'])).stdout).toBe('ci-runner');
  });
});

describe('start and abort (the example cluster on the fake API server)', () => {
  let server: FakeApiServer;
  let kubeconfig: string;
  beforeAll(async () => {
    server = await startFakeApiServer();
    kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'prod' });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    server.loadFiles([SNAP]);
    server.resetRequests();
  });
  const run = (...args: string[]) => runCli([...args, '--kubeconfig', kubeconfig]);
  const created = () => server.objects<{ metadata: { name: string } }>('vmim', 'prod').map((m) => m.metadata.name).filter((n) => n.startsWith('db-primary-migration-'));

  it('start -o name: the migration it created; nothing on a dry run or a refusal', async () => {
    const r = await run('start', 'db-primary', '-o', 'name');
    expect(r.code).toBe(0);
    expect(created()).toHaveLength(1);
    expect(r.stdout).toBe(`${VMIM}/${created()[0]}\n`);
    server.reset();
    server.loadFiles([SNAP]);
    expect(await run('start', 'db-primary', '--dry-run', '-o', 'name')).toMatchObject({ code: 0, stdout: '' });
    expect(await run('start', 'erp-app', '-o', 'name')).toMatchObject({ code: 1, stdout: '' });
  });

  it('start -o jsonpath and -o custom-columns: one rendering of the document', async () => {
    const r = await run('start', 'db-primary', '-o', 'jsonpath={.migration.name} {.dryRun} {.items[*].name}');
    expect(r.stdout).toBe(`${created()[0]} false `);
    server.reset();
    server.loadFiles([SNAP]);
    const cc = await run('start', 'erp-app', '-o', 'custom-columns=NAME:.name,VERDICT:.verdict,PREFLIGHT:.preflight.verdict,REFUSED:.refused.cause');
    expect(cells(cc.stdout)).toEqual([
      ['NAME', 'VERDICT', 'PREFLIGHT', 'REFUSED'],
      ['<none>', '<none>', 'not-migratable', 'not-live-migratable'],
    ]);
    expect(cc.code).toBe(1);
  });

  it('abort -o name, jsonpath, custom-columns', async () => {
    expect(await run('abort', 'ci-runner', '-n', 'dev', '--dry-run', '-o', 'jsonpath={.migration.phaseBefore}/{.action}')).toMatchObject({ code: 0, stdout: 'Pending/dry-run' });
    const cc = await run('abort', 'ci-runner', '-n', 'dev', '--dry-run', '-o', 'custom-columns=MIGRATION:.migration.name,STAGE:.stage', '--no-headers');
    expect(cc.stdout).toBe('kubevirt-migrate-vm-vk7vt   before-handoff\n');
    // A dry run aborted nothing: no line.
    expect(await run('abort', 'ci-runner', '-n', 'dev', '--dry-run', '-o', 'name')).toMatchObject({ code: 0, stdout: '' });
    expect(server.requests.filter((q) => q.method === 'DELETE').map((q) => q.query.dryRun)).toEqual(['All', 'All', 'All']);
    expect(await run('abort', 'ci-runner', '-n', 'dev', '-o', 'name')).toMatchObject({ code: 0, stdout: `${VMIM}/kubevirt-migrate-vm-vk7vt\n` });
    // Nothing in flight: no line.
    expect(await run('abort', 'wiki', '-n', 'default', '-o', 'name')).toMatchObject({ code: 1, stdout: '' });
  });

  it('a bad template reaches no server', async () => {
    expect(await run('start', 'db-primary', '-o', BAD_TEMPLATE)).toEqual({ code: 2, stdout: '', stderr: BAD_TEMPLATE_LINE });
    expect(await run('abort', 'ci-runner', '-o', 'custom-columns=X', '-n', 'dev')).toMatchObject({ code: 2, stdout: '' });
    expect(server.requests).toHaveLength(0);
  });

  it('why --watch: one rendering per refresh; custom-columns prints its header once', async () => {
    const watch = async (...args: string[]) => {
      server.reset();
      server.loadFiles([SNAP]);
      const lists = () => server.requests.filter((q) => q.method === 'GET' && q.path.endsWith('/virtualmachineinstancemigrations')).length;
      const before = lists();
      // The migration fails after the second refresh: the third is the last.
      const timer = setInterval(() => {
        if (lists() - before < 2) return;
        clearInterval(timer);
        server.modify<VirtualMachineInstanceMigration>('vmim', 'dev', 'kubevirt-migrate-vm-vk7vt', (m) => void (m.status = { ...m.status, phase: 'Failed' }));
      }, 10);
      try {
        return await run('why', 'ci-runner', '-n', 'dev', '--watch', '--interval', '200ms', ...args);
      } finally {
        clearInterval(timer);
      }
    };
    const name = await watch('-o', 'name');
    expect(name.stdout).toMatch(new RegExp(`^(${VMIM}/kubevirt-migrate-vm-vk7vt\\n){2,}$`));
    const phases = (await watch('-o', 'jsonpath={.target.migration.phase}{"\\n"}')).stdout.split('\n').filter(Boolean);
    expect(phases.length).toBeGreaterThanOrEqual(2);
    expect(phases.at(-1)).toBe('Failed');
    expect(new Set(phases.slice(0, -1))).toEqual(new Set(['Pending']));
    const cc = cells((await watch('-o', 'custom-columns=VMI:.target.vmi,PHASE:.target.migration.phase')).stdout);
    expect(cc[0]).toEqual(['VMI', 'PHASE']);
    expect(cc.slice(1).every((row) => row[0] === 'ci-runner')).toBe(true);
    expect(cc.filter((row) => row[0] === 'VMI')).toHaveLength(1);
    expect(cc.at(-1)).toEqual(['ci-runner', 'Failed']);
  }, 30_000);
});
