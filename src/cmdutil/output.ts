// The one `-o` dispatch (kubectl's PrintFlags.ToPrinter): every command describes its output once,
// as a document and a text for a person, and `emit` prints the one the format asks for. A new
// format is added to OUTPUT_FORMATS (output-format.ts), to the switch here (tsc checks that every
// switch on the format handles it), in the renderer that writes it, and nowhere else.
import { parseCustomColumns, renderCustomColumns } from '../render/custom-columns.js';
import { renderJsonDocument } from '../render/document.js';
import { jsonPathPrinter } from '../render/jsonpath.js';
import { renderNames, type NamedDocument } from '../render/name-lines.js';
import { makeStyle, type Style } from '../render/style.js';
import { assertNever, type OutputFlag } from './output-format.js';

/** What a command prints, in every format. */
export interface CommandOutput {
  /** The document of `-o json|yaml` (and what name, jsonpath and custom-columns read); built only when printed. */
  document(): NamedDocument;
  /**
   * `-o json` in pieces, each made when the last was taken: exactly `renderJsonDocument(document())`,
   * for documents too large to hold as one string (check-migratable on 10,000 VMs).
   */
  jsonChunks?(): Iterable<string>;
  /** The text of `-o table|wide`; `noHeaders`: its tables without their header line. */
  text(style: Style, wide: boolean, noHeaders: boolean): string;
}

/** The part of the global flags that chooses the printer. */
export interface OutputFlags extends OutputFlag {
  color: boolean;
  noHeaders?: boolean;
}

/**
 * Print `out` in the chosen format. `frame` (0, 1, …) marks one document of a stream (why
 * --watch): JSON is then one compact document per line (NDJSON), YAML documents are separated by
 * `---`, custom-columns prints its header once (as `kubectl get -w`), name and jsonpath print
 * each frame as they print one document; the text frames itself. Resolves once `write` took
 * everything: each piece waits for the last (stdout's backpressure, Io.stdout).
 */
export async function emit(flags: OutputFlags, write: (text: string) => void | Promise<void>, out: CommandOutput, frame?: number): Promise<void> {
  const format = flags.output;
  const noHeaders = flags.noHeaders === true;
  switch (format) {
    case 'json':
      if (frame !== undefined) await write(JSON.stringify(out.document()) + '\n');
      else if (out.jsonChunks) for (const chunk of out.jsonChunks()) await write(chunk);
      else await write(renderJsonDocument(out.document()));
      return;
    case 'yaml': {
      const { renderYamlDocument } = await import('../render/yaml-document.js');
      await write((frame ? '---\n' : '') + renderYamlDocument(out.document()));
      return;
    }
    case 'name':
      await write(renderNames(out.document()));
      return;
    case 'jsonpath':
      // Checked when the flags were parsed; kubectl adds no newline.
      await write(jsonPathPrinter(flags.outputValue ?? '')(out.document()));
      return;
    case 'custom-columns':
      await write(renderCustomColumns(parseCustomColumns(flags.outputValue ?? ''), out.document(), noHeaders || Boolean(frame)));
      return;
    case 'table':
    case 'wide':
      await write(out.text(makeStyle(flags.color), format === 'wide', noHeaders));
      return;
    default:
      assertNever(format);
  }
}
