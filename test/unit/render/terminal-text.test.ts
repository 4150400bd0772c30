// The terminal boundary (render/terminal-text.ts, issue #16 item 1): what each control character
// becomes, that only Style's markers become SGR, that table widths count what is printed, and
// that JSON and YAML through the writer stay valid and mean the same. Property tests over random
// strings of control characters close it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { CLEAR_SCREEN, escapeControls, escapeForTerminal, toTerminal } from '../../../src/render/terminal-text.js';
import { makeStyle, visibleWidth } from '../../../src/render/style.js';
import { renderTable } from '../../../src/render/table.js';
import { renderJsonDocument } from '../../../src/render/document.js';
import { renderYamlDocument } from '../../../src/render/yaml-document.js';
import { formatCompletion } from '../../../src/commands/completion/complete.js';
import { parseCustomColumns, renderCustomColumns } from '../../../src/render/custom-columns.js';
import { jsonPathPrinter } from '../../../src/render/jsonpath.js';
import { renderNames, type NamedDocument } from '../../../src/render/name-lines.js';
import { asYamlValue, HOSTILE_NAME, PAYLOAD, PAYLOAD_PARTS, rawControls } from '../../support/hostile-text.js';
import { parseStrictYaml } from '../../support/strict-yaml.js';

const style = makeStyle(true);

describe('escapeForTerminal: every control character as its \\uXXXX escape', () => {
  const cases: [keyof typeof PAYLOAD_PARTS, string][] = [
    ['osc52Clipboard', '\\u001b]52;c;aGVsbG8=\\u0007'],
    ['csiClearScreen', '\\u001b[2J\\u001b[H'],
    ['osc8Hyperlink', '\\u001b]8;;https://evil.example/\\u001b\\click\\u001b]8;;\\u001b\\'],
    ['c1Csi', '\\u009b6n'],
    ['c1Osc', '\\u009d0;title\\u009c'],
    ['nel', '\\u0085'],
    ['nul', '\\u0000'],
    ['cr', '\\u000d'],
    ['bs', '\\u0008'],
    ['del', '\\u007f'],
    ['vtFf', '\\u000b\\u000c'],
    ['bidiOverride', '\\u202e\\u202a\\u202d\\u202c'],
    ['bidiIsolate', '\\u2066\\u2067\\u2068\\u2069'],
    ['zeroWidth', '\\u200b\\u200f\\ufeff\\u00ad'],
    ['separators', '\\u2028\\u2029'],
    ['tagCharacter', '\\udb40\\udc41'],
    ['loneSurrogate', '\\ud800'],
    ['nonCharacter', '\\ufffe'],
  ];
  it.each(cases)('%s', (part, escaped) => {
    expect(escapeForTerminal(PAYLOAD_PARTS[part])).toBe(escaped);
  });

  it('tab and newline too, so that the text stays on one line; escapeControls keeps them', () => {
    expect(escapeForTerminal('a\tb\nc')).toBe('a\\u0009b\\u000ac');
    expect(escapeControls('a\tb\nc\rd')).toBe('a\tb\nc\\u000dd');
  });

  it('exactly the control characters of all Unicode are escaped (the fast scan misses none)', () => {
    const control = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\uFFFE\uFFFF]/u;
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const c = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      if (control.test(c) === (escapeForTerminal(`ab${c}`) === `ab${c}`)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('printable text of any script is left alone', () => {
    const text = 'é ü ß 中文 日本語 한국어 עברית العربية 😀 👍🏽 ½ – “quoted” ‘x’ … ✔ ✖ → ^[ \\u001b';
    expect(escapeForTerminal(text)).toBe(text);
  });
});

describe('toTerminal: the writer', () => {
  it('turns only Style\'s markers into SGR, the sequences chalk writes at level 1', () => {
    expect(toTerminal(style.bad('x'))).toBe('\x1b[31mx\x1b[39m');
    expect(toTerminal(style.bold('x') + style.dim('y') + style.ok('z') + style.warn('w') + style.info('i'))).toBe(
      '\x1b[1mx\x1b[22m\x1b[2my\x1b[22m\x1b[32mz\x1b[39m\x1b[33mw\x1b[39m\x1b[36mi\x1b[39m',
    );
    // chalk's nesting: an inner close re-opens the outer colour; each line is closed and re-opened.
    expect(toTerminal(style.warn(`a ${style.bad('b')} c`))).toBe('\x1b[33ma \x1b[31mb\x1b[39m\x1b[33m c\x1b[39m');
    expect(toTerminal(style.ok('a\nb'))).toBe('\x1b[32ma\x1b[39m\n\x1b[32mb\x1b[39m');
    expect(toTerminal(style.bad(''))).toBe('');
    expect(toTerminal(CLEAR_SCREEN)).toBe('\x1b[H\x1b[2J');
  });

  it('escapes what the cluster wrote inside our colour, and keeps tab and newline', () => {
    expect(toTerminal(style.bad(`vm${PAYLOAD_PARTS.csiClearScreen}`) + '\tnext\n')).toBe('\x1b[31mvm\\u001b[2J\\u001b[H\x1b[39m\tnext\n');
    expect(rawControls(toTerminal(`${style.bad(PAYLOAD)} ${PAYLOAD}`), true)).toEqual([]);
  });

  it('a marker cannot be forged: one without this process\'s key stays text, and no ESC comes out', () => {
    const real = style.bad('x');
    const keyLength = real.indexOf('red') - 1;
    const forged = `\uE000${'0'.repeat(keyLength)}red\uE001evil\uE000${'0'.repeat(keyLength)}default-color\uE001`;
    expect(toTerminal(forged)).toBe(forged);
    expect(toTerminal(forged)).not.toContain('\x1b');
  });

  it('without colour, Style adds nothing', () => {
    const plain = makeStyle(false);
    expect(plain.bad('x') + plain.bold('y')).toBe('xy');
  });
});

describe('widths count what is printed', () => {
  it('colour takes no room, a control character its escape', () => {
    expect(visibleWidth(style.bad('ab'))).toBe(2);
    expect(visibleWidth('a\x1bb')).toBe('a\\u001bb'.length);
  });

  it('a table with hostile and coloured cells stays aligned, one line per row', () => {
    const table = toTerminal(renderTable(['NAME', 'VERDICT', 'N'], [[HOSTILE_NAME, style.bad('not-migratable'), '1'], ['db', style.ok('migratable'), '0']]));
    const lines = table.replace(/\x1b\[\d+m/g, '').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const column = (l: string, word: string) => l.indexOf(word);
    expect(new Set([column(lines[0]!, 'VERDICT'), column(lines[1]!, 'not-migratable'), column(lines[2]!, 'migratable')]).size).toBe(1);
    expect(new Set([lines[0]!.lastIndexOf('N'), lines[1]!.lastIndexOf('1'), lines[2]!.lastIndexOf('0')]).size).toBe(1);
  });
});

describe('documents through the writer', () => {
  const doc = { kind: 'X', name: HOSTILE_NAME, [PAYLOAD]: [PAYLOAD, 'plain', 'x\u009b', 'tab\there', 'two\nlines'], n: 1, ok: true, none: null };

  it('JSON stays valid and means the same, pretty and as one NDJSON line', () => {
    for (const text of [renderJsonDocument(doc), JSON.stringify(doc) + '\n']) {
      const out = toTerminal(text);
      expect(rawControls(out)).toEqual([]);
      expect(JSON.parse(out)).toEqual(doc);
    }
    expect(toTerminal(JSON.stringify(doc)).split('\n')).toHaveLength(1);
  });

  it('YAML is printable YAML 1.2 and parses back to the same values, keys included', () => {
    const out = toTerminal(renderYamlDocument(doc));
    expect(rawControls(out)).toEqual([]);
    expect(out).toBe(renderYamlDocument(doc));
    expect(parseStrictYaml(out)).toEqual([asYamlValue(doc)]);
  });

  it('YAML without control characters is what the yaml package writes', () => {
    const plain = { kind: 'MigrationList', items: [{ name: 'db', note: 'a: b', multi: 'x\ny', tab: 'a\tb' }], shared: [1] };
    expect(renderYamlDocument(plain)).toBe(stringify(plain, { lineWidth: 0 }));
  });
});

describe('completion: one line per candidate whatever it holds', () => {
  it('escapes tab, newline and every control character in values and descriptions', () => {
    const out = formatCompletion({ candidates: [{ value: HOSTILE_NAME }, { value: 'db', description: `d${PAYLOAD}\nsecond` }, { value: 'a b' }], directive: 4 });
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(escapeForTerminal(HOSTILE_NAME));
    expect(lines[1]!.split('\t')).toEqual(['db', escapeForTerminal(`d${PAYLOAD}`.slice(0, 77) + '...')]);
    expect(lines.slice(2)).toEqual(['a b', ':4']);
    expect(rawControls(out)).toEqual([]);
  });
});

describe('kubectl printers through the writer: -o name, jsonpath, custom-columns', () => {
  const doc = { kind: 'MigrationList', items: [{ namespace: 'prod', migration: `m${PAYLOAD}`, vmi: 'db' }] } as const;

  it('-o jsonpath: the value as kubectl prints it (raw, its tabs and newlines kept), every control escaped', () => {
    const out = toTerminal(jsonPathPrinter('{.items[*].migration}')(doc));
    expect(out).toBe(escapeControls(`m${PAYLOAD}`));
    expect(out).toContain('m\\u001b]52;c;');
    expect(rawControls(out)).toEqual([]);
    // {@} prints the document as Go's json.Marshal, which leaves C1 and bidi characters raw.
    const whole = jsonPathPrinter('{@}')(doc);
    expect(rawControls(whole)).toContain('\x9b');
    expect(rawControls(toTerminal(whole))).toEqual([]);
    expect(toTerminal(jsonPathPrinter('{.a}')({ a: 'x\ty\nz' }))).toBe('x\ty\nz');
  });

  it('-o custom-columns: ESC as ^[ and CR as \\r as kubectl writes them, every other control escaped', () => {
    const out = toTerminal(renderCustomColumns(parseCustomColumns('M:.migration'), doc, false));
    expect(rawControls(out)).toEqual([]);
    expect(out).toContain('m^[]52;c;aGVsbG8=\\u0007x^[[2J^[[H');
    expect(out).toContain('\\rx');
    expect(out).toContain('\\u009b6n');
    expect(out).not.toContain('\\u001b');
  });

  it('-o name: one line per object', () => {
    const out = toTerminal(renderNames({ ...doc, items: [{ ...doc.items[0], migration: HOSTILE_NAME }] } as unknown as NamedDocument));
    expect(out).toBe(`virtualmachineinstancemigration.kubevirt.io/${escapeForTerminal(HOSTILE_NAME)}\n`);
    expect(rawControls(out)).toEqual([]);
  });
});

// Strings of control characters, surrogates and printable text, in any order.
const hostileChar = fc.oneof(
  fc.constantFrom(...[...PAYLOAD].filter((c) => c !== 'x'), '\t', '\n', '\uE000', '\uE001', 'é', '😀', '\ud800', '\udc00'),
  fc.integer({ min: 0, max: 0x9f }).map((n) => String.fromCharCode(n)),
  fc.integer({ min: 0x2000, max: 0x206f }).map((n) => String.fromCharCode(n)),
  fc.constantFrom('a', ' ', ':', '"', "'", '-', '#', '{', '['),
);
const hostileString = fc.array(hostileChar, { maxLength: 40 }).map((cs) => cs.join(''));

describe('properties over random strings of control characters', () => {
  it('the writer lets no control character out but tab and newline, and one-line escaping none at all', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        expect(rawControls(toTerminal(s))).toEqual([]);
        expect(rawControls(toTerminal(style.warn(s)), true)).toEqual([]);
        expect(rawControls(escapeForTerminal(s))).toEqual([]);
        expect(escapeForTerminal(s)).not.toMatch(/[\t\n]/);
      }),
    );
  });

  it('JSON and YAML documents through the writer parse back to the same values', () => {
    fc.assert(
      fc.property(fc.dictionary(hostileString, fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })), { maxKeys: 4 }), (d) => {
        const doc = { kind: 'X', d };
        expect(JSON.parse(toTerminal(renderJsonDocument(doc)))).toEqual(doc);
        const yaml = toTerminal(renderYamlDocument(doc));
        expect(parseStrictYaml(yaml)).toEqual([asYamlValue(doc)]);
      }),
      { numRuns: 200 },
    );
  });

  it('a table row stays one line and its columns aligned', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hostileString, hostileString), { minLength: 1, maxLength: 4 }), (rows) => {
        const lines = toTerminal(renderTable(['A', 'B'], rows.map(([a, b]) => [a, b + '|']))).trimEnd().split('\n');
        expect(lines).toHaveLength(rows.length + 1);
        // Widths count UTF-16 units, as the table does (an emoji is two, as wide as it shows).
        const starts = lines.slice(1).map((l, i) => l.length - escapeForTerminal(rows[i]![1] + '|').length);
        expect(new Set(starts).size).toBe(1);
      }),
    );
  });
});

describe('redrawing in place (list --watch)', () => {
  it('cursor up N lines, clear below, hide and show the cursor: the only sequences, from markers', async () => {
    const { CLEAR_BELOW, HIDE_CURSOR, SHOW_CURSOR, cursorUp } = await import('../../../src/render/terminal-text.js');
    expect(toTerminal(`${HIDE_CURSOR}a\n${cursorUp(12)}${CLEAR_BELOW}b\n${SHOW_CURSOR}`)).toBe('\x1b[?25la\n\x1b[12F\x1b[Jb\n\x1b[?25h');
    expect(toTerminal(cursorUp(0))).toBe('\x1b[1F');
    // A forged marker (another key) is text, its control characters escaped.
    expect(toTerminal('\uE000deadbeefcursor-up-3\uE001')).not.toContain('\x1b');
  });
});
