// The one error shape for unreadable snapshot and manifest input: SourceError('InvalidInput')
// with the single line a kubectl user expects, naming the file and, when known, the line.
import { SourceError } from '../source.js';

/** `error: <file>:<line>: <detail>` (or `error: <file>: <detail>` when no line applies). */
export function fileError(file: string, line: number | undefined, detail: string): SourceError {
  const where = line !== undefined && line > 0 ? `${file}:${line}` : file;
  return new SourceError('InvalidInput', `error: ${where}: ${oneLine(detail)}`);
}

/** kubectl's wording for a missing -f / --from path. */
export function pathNotFound(path: string): SourceError {
  return new SourceError('InvalidInput', `error: the path "${path}" does not exist`);
}

export function inputError(message: string): SourceError {
  return new SourceError('InvalidInput', oneLine(message));
}

/** Parser messages can span lines (code frames); callers print exactly one line. */
export function oneLine(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return first.trim();
}
