// why --node's outputs beyond the document's numbers: hostile text the cluster wrote (a VMI name,
// a LiveMigratable message, a pod and a PodDisruptionBudget name with control characters, ANSI and
// bidi overrides) is escaped in the text and kept exactly in JSON; `-o name` lists the VMIs;
// `--prometheus` is refused with a sentence that says why.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { readObjectFiles } from '../../fake-apiserver/index.js';
import { HOSTILE_NAME, PAYLOAD, rawControls } from '../../support/hostile-text.js';
import { escapeForTerminal } from '../../../src/render/terminal-text.js';
import type { NodeEvacuationDoc } from '../../../src/render/node-evacuation-document.js';
import type { KubeObject } from '../../../src/kube/types.js';

const DRAIN = fileURLToPath(new URL('../../fixtures/objects/drain/v1.9', import.meta.url));
const env = { KUBECONFIG: '/nonexistent' };
const NOW = '2026-03-10T09:06:20Z';
const HOSTILE_POD = `debug${PAYLOAD}`;
const HOSTILE_PDB = `keep-debug${PAYLOAD}`;

type Obj = KubeObject & { status?: { conditions?: { type?: string; message?: string }[] } };

/** The v1.9 drain with a hostile copy of legacy-erp (VMI and launcher pod), a hostile bare pod and a PDB that refuses it. */
function hostileDrain(): string {
  const objects = readObjectFiles(DRAIN) as Obj[];
  const find = (kind: string, pred: (o: Obj) => boolean) => structuredClone(objects.find((o) => o.kind === kind && pred(o))!);
  const vmi = find('VirtualMachineInstance', (o) => o.metadata.name === 'legacy-erp');
  vmi.metadata = { ...vmi.metadata, name: HOSTILE_NAME, uid: 'hostile-vmi-uid' };
  for (const c of vmi.status?.conditions ?? []) if (c.type === 'LiveMigratable') c.message = `${c.message ?? ''}${PAYLOAD}`;
  const launcher = find('Pod', (o) => o.metadata.annotations?.['kubevirt.io/domain'] === 'legacy-erp');
  launcher.metadata = {
    ...launcher.metadata,
    name: `virt-launcher-${PAYLOAD}`,
    uid: 'hostile-pod-uid',
    annotations: { ...launcher.metadata.annotations, 'kubevirt.io/domain': HOSTILE_NAME },
    labels: { ...launcher.metadata.labels, 'kubevirt.io/created-by': 'hostile-vmi-uid' },
    ownerReferences: (launcher.metadata.ownerReferences ?? []).map((r) => ({ ...r, name: HOSTILE_NAME, uid: 'hostile-vmi-uid' })),
  };
  const bare = find('Pod', (o) => o.metadata.name === 'netshoot-debug');
  bare.metadata = { ...bare.metadata, name: HOSTILE_POD, uid: 'hostile-bare-uid', labels: { run: 'debug' } };
  const pdb = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: HOSTILE_PDB, namespace: 'default', uid: 'hostile-pdb-uid', creationTimestamp: '2026-03-09T16:45:00Z' },
    spec: { minAvailable: 1, selector: { matchLabels: { run: 'debug' } } },
    status: {
      conditions: [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: `no disruption${PAYLOAD}`, lastTransitionTime: '2026-03-09T16:45:01Z', observedGeneration: 1 }],
      currentHealthy: 1,
      desiredHealthy: 1,
      disruptionsAllowed: 0,
      expectedPods: 1,
      observedGeneration: 1,
    },
  };
  const dir = mkdtempSync(join(tmpdir(), 'vmigrate-hostile-node-'));
  writeFileSync(join(dir, 'objects.json'), JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [...objects, vmi, launcher, bare, pdb] }));
  return dir;
}

describe('why --node with hostile text', () => {
  const dir = hostileDrain();

  it('text: nothing raw on either stream; the names are there, escaped', async () => {
    const r = await runCli(['why', '--node', 'node-2', '--from', dir, '--now', NOW], env);
    expect(r.code).toBe(1);
    expect(rawControls(r.stdout)).toEqual([]);
    expect(rawControls(r.stderr)).toEqual([]);
    expect(r.stdout).toContain(escapeForTerminal(HOSTILE_POD));
    expect(r.stdout).toContain(escapeForTerminal(HOSTILE_PDB));
    expect(r.stdout).toContain(escapeForTerminal(PAYLOAD));
  });

  it('-o wide and -o name: nothing raw', async () => {
    for (const o of ['wide', 'name']) {
      const r = await runCli(['why', '--node', 'node-2', '--from', dir, '--now', NOW, '-o', o], env);
      expect(rawControls(r.stdout), o).toEqual([]);
      expect(rawControls(r.stderr), o).toEqual([]);
    }
  });

  it('JSON keeps every value exactly', async () => {
    const r = await runCli(['why', '--node', 'node-2', '--from', dir, '--now', NOW, '-o', 'json'], env);
    const doc = JSON.parse(r.stdout) as NodeEvacuationDoc;
    const item = doc.items.find((i) => i.vmi === HOSTILE_NAME);
    expect(item).toMatchObject({ state: 'blocked', cause: 'not-live-migratable' });
    expect(item?.summary).toContain(PAYLOAD);
    expect(doc.blockers.map((b) => [b.reason, b.name, b.pod])).toEqual(
      expect.arrayContaining([
        ['not-live-migratable', HOSTILE_NAME, undefined],
        ['disruption-budget', HOSTILE_PDB, HOSTILE_POD],
        ['unmanaged-pod', HOSTILE_POD, undefined],
      ]),
    );
  });
});

describe('why --node -o name', () => {
  it("one virtualmachineinstance.kubevirt.io/NAME line per VMI of the node's evacuation, the document's order", async () => {
    const [names, json] = await Promise.all([
      runCli(['why', '--node', 'node-2', '--from', DRAIN, '--now', NOW, '-o', 'name'], env),
      runCli(['why', '--node', 'node-2', '--from', DRAIN, '--now', NOW, '-o', 'json'], env),
    ]);
    expect(names.code).toBe(json.code);
    const doc = JSON.parse(json.stdout) as NodeEvacuationDoc;
    expect(names.stdout).toBe(doc.items.map((i) => `virtualmachineinstance.kubevirt.io/${i.vmi}\n`).join(''));
    expect(names.stdout.split('\n')).toContain('virtualmachineinstance.kubevirt.io/cache-1');
  });

  it('a node with no VMI prints nothing, exit 0', async () => {
    const r = await runCli(['why', '--node', 'node-1', '--from', DRAIN, '--now', NOW, '-o', 'name'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
});

describe('why --node --prometheus', () => {
  it('a usage error (exit 2) that says why, before anything is read', async () => {
    const r = await runCli(['why', '--node', 'node-2', '--prometheus', 'http://127.0.0.1:9', '--from', DRAIN], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--prometheus cannot be used with --node');
    expect(r.stderr).toContain('launcher logs');
  });
});
