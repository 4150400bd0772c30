// Reads the project's imports of a TypeScript file with the TypeScript parser: static imports and
// re-exports, dynamic import() calls and import('…') types. Type-only imports are arrows too, and
// are marked as such (the project compiles with verbatimModuleSyntax, so they are written so).
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Both repository-relative, with `/`: `src/render/table.ts`. */
  from: string;
  to: string;
  typeOnly: boolean;
  line: number;
}

/** Every `.ts` file below `dir` (repository-relative), sorted. */
export function sourceFiles(root: string, dir = 'src'): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out.sort();
}

/** The relative imports of `file` (packages and `node:` modules are not the project's). */
export function importsOf(file: string, text: string): ImportEdge[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean, node: ts.Node): void => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = posix.normalize(posix.join(posix.dirname(file), specifier.text)).replace(/\.js$/, '.ts');
    edges.push({ from: file, to, typeOnly, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      // `import { type A, type B }` imports types only, like `import type { A, B }`.
      const onlyTypes = clause !== undefined && !clause.name && named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, Boolean(clause?.isTypeOnly) || onlyTypes, node);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

/** The imports of every `src/**\/*.ts` file of the repository at `root`. */
export function projectImports(root: string): ImportEdge[] {
  return sourceFiles(root).flatMap((f) => importsOf(f, readFileSync(join(root, f), 'utf8')));
}

/** Each import cycle among files, as a path that ends where it starts (`a → b → a`). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  // Tarjan's strongly connected components; a component of two or more files holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) components.push(component);
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => cyclePath(c.sort(), next));
}

/** A shortest path from the component's first file back to itself, inside the component. */
function cyclePath(component: string[], next: Map<string, string[]>): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const chain: string[] = [];
        for (let x = v; x !== start; x = from.get(x)!) chain.unshift(x);
        return [start, ...chain, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component, start];
}
