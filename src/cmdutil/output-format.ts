// The `-o` formats, the single source of the union: the flag's choices come from OUTPUT_FORMATS,
// and a format that a switch on it leaves out is a tsc error (assertNever). Free of renderers, so
// that parsing the flags loads no YAML or colour library.

export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Whether the format prints a document (for scripts: never coloured). */
export function isDocumentFormat(format: OutputFormat): boolean {
  switch (format) {
    case 'json':
    case 'yaml':
      return true;
    case 'table':
    case 'wide':
      return false;
    default:
      return assertNever(format);
  }
}

/** The default of an exhaustive switch on the format: unreachable unless a format is left out. */
export function assertNever(format: never): never {
  throw new Error(`output format ${String(format)} has no printer`);
}
