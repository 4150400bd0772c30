// The layers of src/ (docs/architecture.md) and what each may import, checked on the imports
// themselves so that no arrow back up a layer and no import cycle can come back unnoticed.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { importCycles, importsOf, projectImports, type ImportEdge } from './imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const LAYERS = ['main', 'commands', 'cmdutil', 'collect', 'analyze', 'render', 'kubevirt', 'kube'] as const;
type Layer = (typeof LAYERS)[number];

/** What each layer may import besides itself; `type` = type-only imports. */
const ALLOWED: Record<Layer, Partial<Record<Layer, 'any' | 'type'>>> = {
  main: { commands: 'any', cmdutil: 'any' },
  commands: { cmdutil: 'any', collect: 'any', analyze: 'any', render: 'any', kube: 'any', kubevirt: 'any' },
  cmdutil: { collect: 'any', render: 'any', kube: 'any', kubevirt: 'any' },
  collect: { kube: 'any', kubevirt: 'any' },
  analyze: { kube: 'any', kubevirt: 'any' },
  // Render reads analysis results, never runs analysis.
  render: { analyze: 'type', kube: 'any', kubevirt: 'any' },
  kubevirt: { kube: 'any' },
  kube: {},
};

/** `src/main.ts` → main, `src/render/why-text/x.ts` → render; undefined outside every layer. */
function layerOf(file: string): Layer | undefined {
  if (file === 'src/main.ts') return 'main';
  const top = /^src\/([^/]+)\//.exec(file)?.[1];
  return LAYERS.find((l) => l === top && l !== 'main');
}

/** One line per import that the layers forbid, or per file that is in no layer. */
function violations(edges: readonly ImportEdge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const from = layerOf(e.from);
    const to = layerOf(e.to);
    const where = `${e.from}:${e.line} → ${e.to}`;
    if (!from || !to) {
      out.push(`${where}: ${!from ? e.from : e.to} is in no layer (${LAYERS.join(', ')})`);
      continue;
    }
    if (from === to) continue;
    const allowed = ALLOWED[from][to];
    if (!allowed) out.push(`${where}: ${from} may not import ${to}`);
    else if (allowed === 'type' && !e.typeOnly) out.push(`${where}: ${from} may import only types from ${to}`);
  }
  return out;
}

describe('import graph of src/', () => {
  const edges = projectImports(ROOT);

  it('reads the imports', () => {
    // The entry point reaches every command, and the commands load their run.ts lazily.
    expect(edges.filter((e) => e.from === 'src/main.ts').length).toBeGreaterThanOrEqual(8);
    expect(edges).toContainEqual(expect.objectContaining({ from: 'src/commands/why/command.ts', to: 'src/commands/why/run.ts', typeOnly: false }));
  });

  it('no import runs back up a layer', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('no import cycle among files', () => {
    expect(importCycles(edges).map((c) => c.join(' → '))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('see static, type-only, dynamic, re-exported and import("…") type imports', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../analyze/b.js';",
      "import { type C, type D } from './c.js';",
      "import { e, type E } from './e.js';",
      "export { f } from './f.js';",
      "import { readFileSync } from 'node:fs';",
      "const g = await import('../collect/g.js');",
      "type H = import('./h.js').H;",
    ].join('\n');
    expect(importsOf('src/render/x.ts', text).map((e) => [e.to, e.typeOnly])).toEqual([
      ['src/render/a.ts', false],
      ['src/analyze/b.ts', true],
      ['src/render/c.ts', true],
      ['src/render/e.ts', false],
      ['src/render/f.ts', false],
      ['src/collect/g.ts', false],
      ['src/render/h.ts', true],
    ]);
  });

  it('name a forbidden arrow, a value import where only types may go, a file in no layer', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly, line: 1 });
    expect(
      violations([
        edge('src/collect/x.ts', 'src/render/y.ts'),
        edge('src/render/x.ts', 'src/analyze/y.ts'),
        edge('src/render/x.ts', 'src/analyze/y.ts', true),
        edge('src/kube/x.ts', 'src/cli/y.ts', true),
      ]),
    ).toEqual([
      'src/collect/x.ts:1 → src/render/y.ts: collect may not import render',
      'src/render/x.ts:1 → src/analyze/y.ts: render may import only types from analyze',
      `src/kube/x.ts:1 → src/cli/y.ts: src/cli/y.ts is in no layer (${LAYERS.join(', ')})`,
    ]);
  });

  it('find a cycle, also through a type-only import', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly, line: 1 });
    expect(importCycles([edge('a', 'b'), edge('b', 'c', true), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c', 'a']]);
    expect(importCycles([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });
});
