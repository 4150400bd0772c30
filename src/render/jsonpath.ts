// kubectl's JSONPath templates (`-o jsonpath=…`, custom-columns, --sort-by) over the JSON
// document a command prints, with kubectl's error wording. The grammar is in jsonpath/parse.ts,
// the evaluation in jsonpath/evaluate.ts.

import { goQuote, type GoValue } from './go-values.js';
import { findResults, JsonPathExecError, printResults } from './jsonpath/evaluate.js';
import { JsonPathSyntaxError, parseTemplate, type ListNode } from './jsonpath/parse.js';
import { PrinterError } from './printer-error.js';

export { JsonPathExecError } from './jsonpath/evaluate.js';
export { JsonPathSyntaxError } from './jsonpath/parse.js';

export interface JsonPath {
  readonly template: string;
  readonly root: ListNode;
}

/** Parse a template; a JsonPathSyntaxError carries client-go's bare message. */
export function parseJsonPath(template: string): JsonPath {
  return { template, root: parseTemplate(template) };
}

/** The values of each part of the template; missing fields yield nothing, as in kubectl. */
export function jsonPathResults(path: JsonPath, data: unknown, allowMissingKeys = true): GoValue[][] {
  return findResults(path.root, asJson(data), { allowMissingKeys });
}

/** The template's text over `data`, as client-go's Execute writes it. */
export function executeJsonPath(path: JsonPath, data: unknown, allowMissingKeys = true): string {
  return printResults(jsonPathResults(path, data, allowMissingKeys));
}

/** The document exactly as `-o json` prints it: what kubectl's printers see. */
function asJson(data: unknown): GoValue {
  return data === undefined ? null : (JSON.parse(JSON.stringify(data)) as GoValue);
}

/** `-o jsonpath=TEMPLATE`: checked at once, then printing one document, no newline added. */
export function jsonPathPrinter(template: string): (doc: object) => string {
  if (template === '') throw new PrinterError('template format specified but no template given');
  let path: JsonPath;
  try {
    path = parseJsonPath(template);
  } catch (e) {
    if (e instanceof JsonPathSyntaxError) throw new PrinterError(`error parsing jsonpath ${template}, ${e.message}`);
    throw e;
  }
  return (doc) => {
    try {
      return executeJsonPath(path, doc);
    } catch (e) {
      // kubectl goes on with "Printing more information for debugging the template:" and a
      // dump of the Go object; the first sentence is the part a user acts on.
      if (e instanceof JsonPathExecError) throw new PrinterError(`error executing jsonpath ${goQuote(template)}: Error executing template: ${e.message}`);
      throw e;
    }
  };
}

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/**
 * kubectl's RelaxedJSONPathExpression for custom-columns and --sort-by: `a.b`, `.a.b`, `{a.b}`
 * and `{.a.b}` all mean `{.a.b}`; an empty path stays empty.
 */
export function relaxedJsonPath(expr: string): string {
  if (expr === '') return expr;
  const m = RELAXED.exec(expr);
  if (!m) throw new PrinterError("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
  return `{.${m[1] ?? m[2]}}`;
}

/** A custom-columns or --sort-by path, relaxed and parsed; kubectl reports the parser's bare message. */
export function parseRelaxedJsonPath(expr: string): JsonPath {
  const template = relaxedJsonPath(expr);
  try {
    return parseJsonPath(template);
  } catch (e) {
    if (e instanceof JsonPathSyntaxError) throw new PrinterError(e.message);
    throw e;
  }
}

/** The values a custom-columns or --sort-by path finds in one item; errors with the bare message. */
export function itemResults(path: JsonPath, item: unknown): GoValue[][] {
  try {
    return jsonPathResults(path, item);
  } catch (e) {
    if (e instanceof JsonPathExecError) throw new PrinterError(e.message);
    throw e;
  }
}
