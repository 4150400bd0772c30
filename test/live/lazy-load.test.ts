// client-node costs ~0.5 s to load; --help, --version and --from must never pay it. Two checks:
// at run time (the module is evaluated only once openLiveSource runs), and in the bundle the
// build produces (every path from the entry to client-node is a dynamic import). A third keeps
// what every start loads small: flag parsing needs commander only.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('@kubernetes/client-node', async (importOriginal) => {
  loaded.count++;
  return await importOriginal();
});

const entry = fileURLToPath(new URL('../../src/collect/live/index.ts', import.meta.url));

describe('client-node is loaded lazily', () => {
  it('importing the live source does not evaluate client-node; opening it does', async () => {
    const live = await import('../../src/collect/live/index.js');
    expect(loaded.count).toBe(0);
    // Any call will do: a missing --kubeconfig fails after the import, before any I/O.
    await expect(live.openLiveSource({ kubeconfig: '/nonexistent/kubeconfig', requestTimeoutMs: 0, insecureSkipTlsVerify: false, verbose: false, stderr: () => undefined })).rejects.toThrow(
      'stat /nonexistent/kubeconfig',
    );
    expect(loaded.count).toBe(1);
  });

  it('in the bundle, every import of client-node from our code is dynamic', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      metafile: true,
      external: ['@kubernetes/client-node'],
      logLevel: 'silent',
    });
    const imports = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => i.path === '@kubernetes/client-node').map((i) => ({ file, kind: i.kind })),
    );
    expect(imports).toEqual([{ file: 'src/collect/live/index.ts', kind: 'dynamic-import' }]);
    // The bundle's own code holds no static import of it either.
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('import("@kubernetes/client-node")');
    expect(code).not.toMatch(/from\s*["']@kubernetes\/client-node["']/);
  });

  it('what the program loads before a command runs: commander, no other package', async () => {
    const result = await build({
      entryPoints: { cli: fileURLToPath(new URL('../../src/main.ts', import.meta.url)) },
      bundle: true,
      splitting: true,
      write: false,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      metafile: true,
      packages: 'external',
      logLevel: 'silent',
    });
    // The statically imported closure of main.ts (dynamic imports are what a command loads).
    const inputs = result.metafile.inputs;
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of inputs[file]?.imports ?? []) {
        if (i.kind !== 'import-statement') continue;
        if (i.external) packages.add(i.path);
        else visit(i.path);
      }
    };
    visit('src/main.ts');
    expect([...packages].filter((p) => !p.startsWith('node:')).sort()).toEqual(['commander']);
  });
});
