// Manifests for `check-migratable -f FILE|DIR|-`: the objects a user is about to apply. Same
// parser and error messages as offline snapshots; the objects are returned as written (no
// status, no namespace added: the caller applies `-n`).
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { KubeObject } from '../kube/types.js';
import { resourceForObject } from '../kube/resources.js';
import { dropManagedFields, extractObjects, type Extraction } from './snapshot/extract-objects.js';
import { fileError, inputError } from './snapshot/input-errors.js';
import { looksLikeSupportBundle, normalizeBundleValue } from './snapshot/normalize-bundle.js';
import { parseDocuments } from './snapshot/parse-documents.js';
import { describeHoldings } from './snapshot/snapshot-contents.js';
import { decodeDocumentBytes, describeErrno, MAX_FILE_BYTES, readDocumentText, statInput, tooLarge } from './snapshot/read-files.js';

/** kubectl's name for standard input in `-f -`. */
export const STDIN_PATH = '-';
const STDIN_DISPLAY = '<stdin>';
const MANIFEST_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export interface ManifestLoadOptions {
  /** Where `-` reads from (tests inject a stream). Default: process.stdin. */
  stdin?: NodeJS.ReadableStream;
  /** Descend into subdirectories (kubectl's `-R`). Default false, as kubectl. */
  recursive?: boolean;
}

/**
 * The objects in `paths`, in order: each a file (any extension), a directory (its .yaml, .yml
 * and .json files, as `kubectl apply -f DIR`), or `-` for stdin. Lists are expanded. A document
 * without `kind` or `metadata.name` is an error naming the file and line, as kubectl would refuse
 * to apply it.
 */
export async function loadManifestObjects(paths: string[], opts: ManifestLoadOptions = {}): Promise<KubeObject[]> {
  const { objects, files } = await readAll(paths, opts);
  // Manifests that judge nothing must not pass: a table saved as .yaml, the wrong file.
  if (!objects.some((o) => resourceForObject(o.apiVersion, o.kind)?.id === 'vm' || resourceForObject(o.apiVersion, o.kind)?.id === 'vmi')) {
    const kinds = new Map<string, number>();
    for (const o of objects) kinds.set(o.kind ?? '', (kinds.get(o.kind ?? '') ?? 0) + 1);
    const where = paths.map((p) => (p === STDIN_PATH ? STDIN_DISPLAY : p)).join(', ');
    throw inputError(`error: no VirtualMachine or VirtualMachineInstance in ${where}: ${describeHoldings({ documentFiles: files, skippedFiles: 0, kinds })}`);
  }
  return objects;
}

async function readAll(paths: string[], opts: ManifestLoadOptions): Promise<{ objects: KubeObject[]; files: number }> {
  const out: KubeObject[] = [];
  let files = 0;
  for (const path of paths) {
    if (path === STDIN_PATH) {
      out.push(...(await objectsFromText(await readStream(opts.stdin ?? process.stdin), STDIN_DISPLAY, STDIN_DISPLAY)));
      files += 1;
      continue;
    }
    const st = await statInput(path);
    if (st.isDirectory()) {
      const inDir = await manifestFilesIn(path, opts.recursive ?? false);
      if (inDir.length === 0) {
        throw inputError(`error: error reading [${path}]: recognized file extensions are [.json .yaml .yml]`);
      }
      for (const f of inDir) out.push(...(await objectsFromFile(f)));
      files += inDir.length;
    } else {
      out.push(...(await objectsFromFile(path)));
      files += 1;
    }
  }
  return { objects: out, files };
}

async function objectsFromFile(path: string): Promise<KubeObject[]> {
  const text = await readDocumentText(path);
  return objectsFromText(text, path, path);
}

async function objectsFromText(text: string, displayPath: string, rel: string): Promise<KubeObject[]> {
  let docs = await parseDocuments(text, displayPath);
  if (looksLikeSupportBundle(rel, text)) docs = docs.map((d) => ({ ...d, value: normalizeBundleValue(d.value) }));
  // kubectl refuses a top-level array; only `kind: List` holds several objects in one document.
  const array = docs.find((d) => Array.isArray(d.value));
  if (array) throw fileError(displayPath, array.line, 'an array is not a Kubernetes object (use kind: List)');
  const { objects, rejects } = extractObjects(docs);
  const reject = rejects[0];
  if (reject) throw fileError(displayPath, reject.line, rejectText(reject));
  return objects.map(({ object }) => {
    dropManagedFields(object);
    return object;
  });
}

/** Never the value itself: only a kind that looks like one is named. */
function rejectText(r: Extraction['rejects'][number]): string {
  if (r.reason === 'no-kind') return "Object 'Kind' is missing";
  if (r.reason === 'not-object') return `not a Kubernetes object (${r.type ?? 'not a map'})`;
  return `${r.kind && /^[A-Za-z][A-Za-z0-9]{0,62}$/.test(r.kind) ? r.kind : 'object'} has no metadata.name`;
}

async function manifestFilesIn(dir: string, recursive: boolean): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw inputError(`error: cannot read "${dir}": ${describeErrno(err)}`);
  }
  names.sort();
  const out: string[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    const st = await statInput(full);
    if (st.isDirectory()) {
      if (recursive) out.push(...(await manifestFilesIn(full, true)));
    } else if (st.isFile() && MANIFEST_EXTENSIONS.has(extname(name).toLowerCase())) {
      out.push(full);
    }
  }
  return out;
}

/** All of a stream, with the same size cap and binary check as a file. */
async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > MAX_FILE_BYTES) throw tooLarge(STDIN_DISPLAY, MAX_FILE_BYTES);
    chunks.push(buf);
  }
  return decodeDocumentBytes(Buffer.concat(chunks), STDIN_DISPLAY);
}
