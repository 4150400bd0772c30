// The `-o` formats, the single source of the union: the flag's choices come from OUTPUT_FORMATS,
// and a format that a switch on it leaves out is a tsc error (assertNever). Free of renderers but
// the template parsers (no package), so that parsing the flags loads no YAML or colour library.
import { parseCustomColumns } from '../render/custom-columns.js';
import { goQuote } from '../render/go-values.js';
import { jsonPathPrinter } from '../render/jsonpath.js';
import { UsageError } from './errors.js';

export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'yaml', 'name', 'jsonpath', 'custom-columns'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `-o FORMAT[=VALUE]`: the format, and the TEMPLATE or SPEC of `jsonpath=…` / `custom-columns=…`. */
export interface OutputFlag {
  output: OutputFormat;
  outputValue?: string;
}

/** Whether the format prints the document or a part of it (for scripts: never coloured). */
export function isDocumentFormat(format: OutputFormat): boolean {
  switch (format) {
    case 'json':
    case 'yaml':
    case 'name':
    case 'jsonpath':
    case 'custom-columns':
      return true;
    case 'table':
    case 'wide':
      return false;
    default:
      return assertNever(format);
  }
}

/**
 * Parse `-o` as kubectl does: a format name, or `jsonpath=TEMPLATE` / `custom-columns=SPEC`
 * (`-o jsonpath` alone, or an empty value, is kubectl's "no template given"). The template or spec
 * is checked here, before any I/O: a bad one is a PrinterError in kubectl's words (exit 2).
 */
export function parseOutputFlag(value: string): OutputFlag {
  const eq = value.indexOf('=');
  const name = eq < 0 ? value : value.slice(0, eq);
  const format = OUTPUT_FORMATS.find((f) => f === name);
  const check = format === undefined ? undefined : valueCheck(format);
  if (format === undefined || (eq >= 0 && check === undefined)) {
    // cli-runtime's NoCompatiblePrinterError.
    const allowed = [...OUTPUT_FORMATS].sort().join(',');
    throw new UsageError(`unable to match a printer suitable for the output format ${goQuote(value)}, allowed formats are: ${allowed}`);
  }
  if (check === undefined) return { output: format };
  const outputValue = eq < 0 ? '' : value.slice(eq + 1);
  check(outputValue);
  return { output: format, outputValue };
}

/** Whether the format is written `FORMAT=VALUE` (completion offers `jsonpath=`). */
export const takesValue = (format: OutputFormat): boolean => valueCheck(format) !== undefined;

/** For a format written `FORMAT=VALUE`: what throws kubectl's PrinterError for a value it refuses. */
function valueCheck(format: OutputFormat): ((value: string) => unknown) | undefined {
  switch (format) {
    case 'jsonpath':
      return jsonPathPrinter;
    case 'custom-columns':
      return parseCustomColumns;
    case 'table':
    case 'wide':
    case 'json':
    case 'yaml':
    case 'name':
      return undefined;
    default:
      return assertNever(format);
  }
}

/** The default of an exhaustive switch on the format: unreachable unless a format is left out. */
export function assertNever(format: never): never {
  throw new Error(`output format ${String(format)} has no printer`);
}
