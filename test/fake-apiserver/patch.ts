// JSON merge patch (RFC 7386) and JSON patch (RFC 6902). Strategic merge patch is approximated by
// merge patch: lists are replaced wholesale, which is enough for the fields our tests patch.

export class PatchError extends Error {}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

interface Op {
  op: string;
  path: string;
  from?: string;
  value?: Json;
}

function parsePointer(ptr: string): string[] {
  if (ptr === '') return [];
  if (!ptr.startsWith('/')) throw new PatchError(`invalid JSON pointer "${ptr}"`);
  return ptr
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(doc: unknown, tokens: string[]): unknown {
  let cur = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isObject(cur)) cur = cur[t];
    else return undefined;
  }
  return cur;
}

function parentOf(doc: unknown, tokens: string[], path: string): { parent: unknown; last: string } {
  if (tokens.length === 0) throw new PatchError(`cannot operate on the document root (path "${path}")`);
  const parent = getAt(doc, tokens.slice(0, -1));
  if (!Array.isArray(parent) && !isObject(parent)) throw new PatchError(`doc is missing path: "${path}"`);
  return { parent, last: tokens[tokens.length - 1]! };
}

function arrayIndex(arr: unknown[], token: string, forInsert: boolean, path: string): number {
  if (forInsert && token === '-') return arr.length;
  if (!/^\d+$/.test(token)) throw new PatchError(`invalid array index "${token}" in "${path}"`);
  const i = Number(token);
  if (i > arr.length || (!forInsert && i === arr.length)) throw new PatchError(`index out of range: "${path}"`);
  return i;
}

function add(doc: unknown, path: string, value: unknown): unknown {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return structuredClone(value);
  const { parent, last } = parentOf(doc, tokens, path);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true, path), 0, structuredClone(value));
  else (parent as Record<string, unknown>)[last] = structuredClone(value);
  return doc;
}

function remove(doc: unknown, path: string): { doc: unknown; removed: unknown } {
  const tokens = parsePointer(path);
  const { parent, last } = parentOf(doc, tokens, path);
  if (Array.isArray(parent)) {
    const i = arrayIndex(parent, last, false, path);
    return { doc, removed: parent.splice(i, 1)[0] };
  }
  const obj = parent as Record<string, unknown>;
  if (!(last in obj)) throw new PatchError(`unable to remove nonexistent key: ${last}: missing value`);
  const removed = obj[last];
  delete obj[last];
  return { doc, removed };
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isObject(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

export function jsonPatch(target: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw new PatchError('json patch must be an array of operations');
  let doc = structuredClone(target);
  for (const raw of ops as Op[]) {
    if (!isObject(raw) || typeof raw.op !== 'string' || typeof raw.path !== 'string') throw new PatchError('invalid json patch operation');
    switch (raw.op) {
      case 'add':
        doc = add(doc, raw.path, raw.value);
        break;
      case 'remove':
        doc = remove(doc, raw.path).doc;
        break;
      case 'replace': {
        const tokens = parsePointer(raw.path);
        if (tokens.length === 0) {
          doc = structuredClone(raw.value);
          break;
        }
        if (getAt(doc, tokens) === undefined) throw new PatchError(`replace operation does not apply: doc is missing key: ${raw.path}: missing value`);
        doc = remove(doc, raw.path).doc;
        doc = add(doc, raw.path, raw.value);
        break;
      }
      case 'move': {
        if (raw.from === undefined) throw new PatchError('move operation requires "from"');
        const r = remove(doc, raw.from);
        doc = add(r.doc, raw.path, r.removed);
        break;
      }
      case 'copy': {
        if (raw.from === undefined) throw new PatchError('copy operation requires "from"');
        doc = add(doc, raw.path, getAt(doc, parsePointer(raw.from)));
        break;
      }
      case 'test':
        if (!deepEqual(getAt(doc, parsePointer(raw.path)), raw.value)) throw new PatchError(`testing value ${raw.path} failed: test failed`);
        break;
      default:
        throw new PatchError(`unexpected kind: ${raw.op}`);
    }
  }
  return doc;
}
