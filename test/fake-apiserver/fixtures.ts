// Fixture loading: YAML or JSON files (multi-document), directories (recursively, sorted), and
// list wrappers (`kind: List` from kubectl, `PodList`-style typed lists whose items lack kind).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { AnyObject } from './types.js';

const FIXTURE_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Expand list wrappers recursively; typed list items inherit apiVersion and kind from the list. */
export function expandLists(doc: unknown): AnyObject[] {
  if (!isRecord(doc)) return [];
  const kind = typeof doc.kind === 'string' ? doc.kind : '';
  if (kind.endsWith('List') && Array.isArray(doc.items)) {
    const itemKind = kind === 'List' ? undefined : kind.slice(0, -'List'.length);
    return doc.items.flatMap((item: unknown) => {
      if (isRecord(item) && itemKind !== undefined) {
        item = { apiVersion: doc.apiVersion, kind: itemKind, ...item };
      }
      return expandLists(item);
    });
  }
  if (!kind) return [];
  return [doc as AnyObject];
}

export function parseObjects(text: string, source = '<string>'): AnyObject[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.flatMap(expandLists) : expandLists(parsed);
  }
  const out: AnyObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`fake-apiserver: cannot parse ${source}: ${doc.errors[0]!.message}`);
    out.push(...expandLists(doc.toJS()));
  }
  return out;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) return filesUnder(full);
      return FIXTURE_EXTENSIONS.has(extname(entry)) ? [full] : [];
    });
}

export interface LoadOptions {
  /**
   * The files come from a support bundle (support-bundle-kit), not from kubectl: drop
   * managedFields and turn the string "null" back into null in time fields. A real apiserver
   * never serves "null" timestamps, and kubectl's typed decoding fails on them.
   */
  supportBundle?: boolean;
}

const TIME_FIELD = /(Time|Timestamp|At)$/;

function nullStringsToNull(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(nullStringsToNull);
  if (!isRecord(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = x === 'null' && TIME_FIELD.test(k) ? null : nullStringsToNull(x);
  return out;
}

export function normalizeSupportBundle(obj: AnyObject): AnyObject {
  const o = nullStringsToNull(obj) as AnyObject;
  if (isRecord(o.metadata)) delete (o.metadata as Record<string, unknown>).managedFields;
  return o;
}

/** Read objects from files and directories, in the order given (directories sorted by name). */
export function readObjectFiles(paths: string | string[], opts: LoadOptions = {}): AnyObject[] {
  const list = Array.isArray(paths) ? paths : [paths];
  const objects = list.flatMap(filesUnder).flatMap((f) => parseObjects(readFileSync(f, 'utf8'), f));
  return opts.supportBundle ? objects.map(normalizeSupportBundle) : objects;
}
