// `--sort-by=PATH` as kubectl sorts a list (kubectl pkg/cmd/get/sorter.go): by the first
// value the path finds in each item. Numbers by value; two strings that are both quantities
// (`512Mi`, `1Gi`, `1500m`) by amount, other strings byte by byte (`node-10` before `node-2`,
// as kubectl 1.32 orders them); null before any value. Items without the field come first,
// in reverse order, as kubectl's insertion sort leaves them; equal values keep their order.
// Errors, in kubectl's words: a path no item has, and values that cannot be ordered
// (booleans, maps, lists, a number beside a string).
//
// Differences from kubectl: it decodes integers as int64 and fractions as float64 and cannot
// order one against the other; here numbers are numbers. kubectl's sort is not stable beyond
// 12 items (ties and items without the field come out in an arbitrary order); this one is.

import { parseQuantity } from '../kube/quantity.js';
import { compareBytes, GoByte, goQuote, goTypeName, type GoValue } from './go-values.js';
import { itemResults, parseRelaxedJsonPath, type JsonPath } from './jsonpath.js';
import { PrinterError } from './printer-error.js';

/** Check a --sort-by path before any I/O. */
export function parseSortBy(field: string): JsonPath {
  return parseRelaxedJsonPath(field);
}

/** The `--sort-by` flag: absent or empty sorts nothing, as in kubectl. */
export function parseSortByFlag(field: string | undefined): JsonPath | undefined {
  return field === undefined || field === '' ? undefined : parseSortBy(field);
}

/**
 * The items in kubectl's --sort-by order (a new array). `view`: what the path reads of an item,
 * e.g. its entry in the document (built once per item, then dropped).
 */
export function sortByJsonPath<T>(items: readonly T[], path: JsonPath, view: (item: T) => unknown = (item) => item): T[] {
  if (items.length === 0) return [...items];
  const keyed = items.map((item) => ({ item, key: firstValue(path, view(item)) }));
  if (keyed.every((k) => k.key === undefined)) throw new PrinterError(`couldn't find any field with path ${goQuote(path.template)} in the list of objects`);
  const present = keyed.filter((k): k is { item: T; key: GoValue } => k.key !== undefined);
  checkSortable(present.map((k) => k.key), path.template);
  const missing = keyed.filter((k) => k.key === undefined).reverse();
  present.sort((a, b) => (isLess(a.key, b.key) ? -1 : isLess(b.key, a.key) ? 1 : 0));
  return [...missing, ...present].map((k) => k.item);
}

const firstValue = (path: JsonPath, item: unknown): GoValue | undefined => itemResults(path, item)[0]?.[0];

type SortClass = 'number' | 'string' | 'unsortable';

const classOf = (v: GoValue): SortClass =>
  typeof v === 'number' || v instanceof GoByte ? 'number' : typeof v === 'string' ? 'string' : 'unsortable';

/**
 * kubectl fails on the first comparison of two values it cannot order. Its insertion sort
 * compares every non-null value with one of the first non-null value's type, so the first
 * value that differs from that one (or cannot be ordered at all) names the error.
 */
function checkSortable(keys: GoValue[], template: string): void {
  const values = keys.filter((k) => k !== null);
  const first = values[0];
  for (const v of values.slice(1)) {
    let err: string | undefined;
    if (classOf(v) === 'unsortable') err = `unsortable type: ${goTypeName(v)}`;
    else if (classOf(first!) !== classOf(v)) err = 'unsortable interface: interface';
    if (err) throw new PrinterError(`Field ${template} in *unstructured.Unstructured is an unsortable type: interface, err: ${err}`);
  }
}

const num = (v: GoValue) => (v instanceof GoByte ? v.value : (v as number));

function isLess(a: GoValue, b: GoValue): boolean {
  if (a === null) return b !== null;
  if (b === null) return false;
  if (typeof a === 'string' && typeof b === 'string') {
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    return qa !== undefined && qb !== undefined ? qa < qb : compareBytes(a, b) < 0;
  }
  return num(a) < num(b);
}
