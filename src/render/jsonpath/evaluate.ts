// Executing a parsed JSONPath template over a JSON document, with the semantics of kubectl's
// engine (k8s.io/client-go/util/jsonpath, jsonpath.go): what each node yields, how `range`
// and `end` nest, which errors stop the output, and how results print.
//
// One deliberate difference: kubectl decodes integers as int64 and other numbers as float64,
// and its filters refuse to compare the two (`[?(@.percent > 50)]` fails on 62.5 with
// "incompatible types for comparison"). Here a number compares with any number.

import { GoByte, goJson, goNumber, goSprint, goTypeName, isMap, sortedKeys, compareBytes, type GoValue } from '../go-values.js';
import type { ListNode, Node, SliceParams } from './parse.js';

/** An execution error; the message is client-go's. */
export class JsonPathExecError extends Error {
  override name = 'JsonPathExecError';
  /** What client-go's walk returns beside the error: an `exists` filter counts it as a match. */
  constructor(
    message: string,
    readonly partial: GoValue[] = [],
  ) {
    super(message);
  }
}

export interface ExecOptions {
  /** A missing field yields nothing instead of an error (kubectl's printers all set it). */
  allowMissingKeys: boolean;
}

/** The values of each action and text of the template, in order (client-go's FindResults). */
export function findResults(root: ListNode, data: GoValue, opts: ExecOptions): GoValue[][] {
  return new Execution(root.nodes, opts.allowMissingKeys).find(data, 0);
}

/** One action's values joined by spaces; maps and lists as compact JSON, null as `null`. */
export function printResults(results: GoValue[][]): string {
  return results.map((values) => values.map(valueText).join(' ')).join('');
}

function valueText(v: GoValue): string {
  if (v === null) return 'null';
  if (typeof v === 'object' && !(v instanceof GoByte)) return goJson(v);
  return goSprint(v);
}

class Execution {
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEnd = -1;

  constructor(
    private readonly nodes: readonly Node[],
    private readonly allowMissingKeys: boolean,
  ) {}

  /** The template from node `from` on, over `data`; a range body ends at its `end`. */
  find(data: GoValue, from: number): GoValue[][] {
    const cur = [data];
    const full: GoValue[][] = [];
    for (let i = from; i < this.nodes.length; i++) {
      const results = this.walk(cur, this.nodes[i]!);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEnd = i;
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        if (results.length > 0) for (const value of results) full.push(...this.find(value, i + 1));
        // An empty range still walks its body once, to find where its `end` is.
        else this.find(null, i + 1);
        this.inRange--;
        if (this.lastEnd > i) i = this.lastEnd;
        continue;
      }
      full.push(results);
    }
    return full;
  }

  private walk(input: GoValue[], node: Node): GoValue[] {
    switch (node.type) {
      case 'list':
        return this.list(input, node);
      case 'text':
        return [node.text];
      case 'field':
        return this.field(input, node.name);
      case 'array':
        return array(input, node.params);
      case 'filter':
        return this.filter(input, node);
      case 'number':
      case 'bool':
        return input.map(() => node.value);
      case 'wildcard':
        return input.flatMap(children);
      case 'recursive':
        return recursive(input);
      case 'union':
        return this.union(input, node.lists);
      case 'identifier':
        return this.identifier(input, node.name);
    }
  }

  private list(input: GoValue[], node: ListNode): GoValue[] {
    let cur = input;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  private field(input: GoValue[], name: string): GoValue[] {
    if (input.length === 0) return [];
    const results: GoValue[] = [];
    for (const v of input) if (v !== null && isMap(v) && Object.hasOwn(v, name)) results.push(v[name]!);
    if (results.length === 0 && !this.allowMissingKeys) throw new JsonPathExecError(`${name} is not found`);
    return results;
  }

  private union(input: GoValue[], lists: ListNode[]): GoValue[] {
    const result: GoValue[] = [];
    for (const l of lists) {
      try {
        result.push(...this.list(input, l));
      } catch (e) {
        throw e instanceof JsonPathExecError ? new JsonPathExecError(e.message, input) : e;
      }
    }
    return result;
  }

  private identifier(input: GoValue[], name: string): GoValue[] {
    if (name === 'range') {
      this.beginRange++;
      return input;
    }
    if (name === 'end') {
      if (this.inRange === 0) throw new JsonPathExecError('not in range, nothing to end');
      this.endRange++;
      return [];
    }
    throw new JsonPathExecError(`unrecognized identifier ${name}`, input);
  }

  private filter(input: GoValue[], node: Extract<Node, { type: 'filter' }>): GoValue[] {
    const results: GoValue[] = [];
    for (const value of input) {
      if (!Array.isArray(value)) throw new JsonPathExecError(`${goSprint(value)} is not array or slice and cannot be filtered`, input);
      for (const item of value) {
        let lefts: GoValue[];
        try {
          lefts = this.list([item], node.left);
        } catch (e) {
          if (!(e instanceof JsonPathExecError)) throw e;
          if (node.op === 'exists' && e.partial.length > 0) results.push(item);
          if (node.op === 'exists') continue;
          throw new JsonPathExecError(e.message, input);
        }
        if (node.op === 'exists') {
          if (lefts.length > 0) results.push(item);
          continue;
        }
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new JsonPathExecError('can only compare one element at a time', input);
        const rights = this.rethrowWith(input, () => this.list([item], node.right));
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new JsonPathExecError('can only compare one element at a time', input);
        if (compare(node.op, lefts[0]!, rights[0]!, results)) results.push(item);
      }
    }
    return results;
  }

  private rethrowWith(partial: GoValue[], f: () => GoValue[]): GoValue[] {
    try {
      return f();
    } catch (e) {
      throw e instanceof JsonPathExecError ? new JsonPathExecError(e.message, partial) : e;
    }
  }
}

function array(input: GoValue[], params: SliceParams): GoValue[] {
  const result: GoValue[] = [];
  for (const value of input) {
    if (value === null) continue;
    if (!Array.isArray(value)) throw new JsonPathExecError(`${goTypeName(value)} is not array or slice`, input);
    const len = value.length;
    let start = params[0].known ? params[0].value : 0;
    if (start < 0) start += len;
    let end = params[1].known ? params[1].value : len;
    if (end < 0 || (end === 0 && params[1].derived)) end += len;
    // An empty selection ([n:n]) is allowed at any n, and ends the whole evaluation here.
    if (start === end) return result;
    if (start >= len || start < 0) throw new JsonPathExecError(`array index out of bounds: index ${start}, length ${len}`, input);
    if (end > len || end < 0) throw new JsonPathExecError(`array index out of bounds: index ${end - 1}, length ${len}`, input);
    if (start > end) throw new JsonPathExecError(`starting index ${start} is greater than ending index ${end}`, input);
    let step = 1;
    if (params[2].known) {
      if (params[2].value <= 0) throw new JsonPathExecError('step must be > 0', input);
      step = params[2].value;
    }
    for (let i = start; i < end; i += step) result.push(value[i]!);
  }
  return result;
}

/** The values inside a value: a map's (sorted by key), a list's, a string's bytes. */
function children(v: GoValue): GoValue[] {
  if (v === null || v instanceof GoByte) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return [...Buffer.from(v, 'utf8')].map((b) => new GoByte(b));
  if (isMap(v)) return sortedKeys(v).map((k) => v[k]!);
  return [];
}

/** `..`: every value that has values inside, depth first, itself before its contents. */
function recursive(input: GoValue[]): GoValue[] {
  const result: GoValue[] = [];
  for (const v of input) {
    const inner = children(v);
    if (inner.length > 0) result.push(v, ...recursive(inner));
  }
  return result;
}

type Kind = 'bool' | 'number' | 'string';

function basicKind(v: GoValue): Kind {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number' || v instanceof GoByte) return 'number';
  if (typeof v === 'string') return 'string';
  throw new JsonPathExecError('invalid type for comparison');
}

const numeric = (v: GoValue): number => (v instanceof GoByte ? v.value : (v as number));

// Go's text/template comparison functions, as client-go's fork has them.
function less(a: GoValue, b: GoValue): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb) throw new JsonPathExecError('incompatible types for comparison');
  if (ka === 'bool') throw new JsonPathExecError('invalid type for comparison');
  if (ka === 'number') return numeric(a) < numeric(b);
  return compareBytes(a as string, b as string) < 0;
}

function equal(a: GoValue, b: GoValue): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb) throw new JsonPathExecError('incompatible types for comparison');
  return ka === 'number' ? numeric(a) === numeric(b) : a === b;
}

function compare(op: string, left: GoValue, right: GoValue, soFar: GoValue[]): boolean {
  try {
    switch (op) {
      case '<':
        return less(left, right);
      case '>':
        return !(less(left, right) || equal(left, right));
      case '==':
        return equal(left, right);
      case '!=':
        return !equal(left, right);
      case '<=':
        return less(left, right) || equal(left, right);
      case '>=':
        return !less(left, right);
    }
  } catch (e) {
    throw e instanceof JsonPathExecError ? new JsonPathExecError(e.message, soFar) : e;
  }
  throw new JsonPathExecError(`unrecognized filter operator ${op}`, soFar);
}
