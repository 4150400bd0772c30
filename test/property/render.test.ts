// Property: whatever a command found on a partial, dump-shaped scene, every output format
// renders it. Tables and text (plain, wide, coloured) never throw; `-o json` prints exactly one
// JSON document and `-o yaml` exactly one YAML document, the same one (contract §1: stdout holds
// exactly one document and no colour); -o name, jsonpath and custom-columns print it, uncoloured.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { scene } from './arbitraries.js';
import { anyCommand, params, runCommand } from './commands.js';

vi.mock('../../src/cmdutil/open-source.js', async (importOriginal) => (await import('./source-mock.js')).mockOpenSource(await importOriginal()));

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[/;

describe('render (property)', () => {
  it('tables and text never throw; json and yaml are one and the same document', async () => {
    await fc.assert(
      fc.asyncProperty(scene, anyCommand, fc.boolean(), async (s, c, color) => {
        const json = await runCommand(s, c, 'json');
        if ('error' in json) return; // could not complete: nothing is rendered (exit 3)
        expect(json.stdout.endsWith('}\n')).toBe(true);
        const doc: unknown = JSON.parse(json.stdout);
        expect(ANSI.test(json.stdout)).toBe(false);

        const yaml = await runCommand(s, c, 'yaml');
        if ('error' in yaml) throw yaml.error;
        const docs = parseAllDocuments(yaml.stdout);
        expect(docs).toHaveLength(1);
        expect(docs[0]!.toJS()).toEqual(doc);

        for (const output of ['table', 'wide'] as const) {
          const text = await runCommand(s, c, output, color);
          if ('error' in text) throw text.error;
          expect(text.code).toBe(json.code);
          // Nothing found: kubectl's line on stderr instead of the table.
          if ((doc as { items?: unknown[] }).items?.length === 0) expect(text.stderr).toMatch(/^No (resources found|VirtualMachineInstances run on node)/m);
          else expect(text.stdout.length).toBeGreaterThan(0);
          if (!color) expect(ANSI.test(text.stdout)).toBe(false);
        }
        for (const [output, value] of [
          ['name', undefined],
          ['jsonpath', '{.items[*].name}{.target}{range .items[*].findings[*]}{.message}{"\\n"}{end}'],
          ['custom-columns', 'NAME:.name,VERDICT:.verdict,RULES:.findings[*].rule,VMI:.target.vmi'],
        ] as const) {
          const printed = await runCommand(s, c, output, color, value);
          if ('error' in printed) throw printed.error;
          expect(printed.code).toBe(json.code);
          // custom-columns escapes what the cluster wrote; jsonpath prints values as they are, as kubectl.
          if (output !== 'jsonpath') expect(ANSI.test(printed.stdout)).toBe(false);
        }
      }),
      params(80),
    );
  }, 120_000);
});
