// Finds the files of a snapshot (a file or a directory tree) and reads them defensively:
// size cap, binary detection, UTF-8/UTF-16 decoding. Nothing here knows about Kubernetes.
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat, open, type FileHandle } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { SourceError } from '../source.js';
import { fileError, inputError, pathNotFound } from './input-errors.js';

/** One file holds at most this much: a bigger one is refused with a clear error, not an OOM. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** `timestamp`: a must-gather's `timestamp` file (`oc adm must-gather` appends Go's time.Now() at start and end). */
export type SnapshotFileKind = 'document' | 'log' | 'timestamp';

export interface SnapshotFile {
  /** The path to show the user: the PATH they gave, joined with the file's place under it. */
  path: string;
  /** Relative to the snapshot root, `/`-separated: what layout rules (must-gather, bundles) read. */
  rel: string;
  kind: SnapshotFileKind;
}

const DOCUMENT_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);
const LOG_EXTENSION = '.log';
const MUST_GATHER_TIMESTAMP = 'timestamp';
const ARCHIVE_SUFFIXES = ['.zip', '.tar', '.tar.gz', '.tgz', '.tar.xz', '.tar.zst', '.gz'];

export function isArchiveName(name: string): boolean {
  const lower = name.toLowerCase();
  return ARCHIVE_SUFFIXES.some((s) => lower.endsWith(s));
}

function classify(name: string): SnapshotFileKind | undefined {
  if (name === MUST_GATHER_TIMESTAMP) return 'timestamp';
  const ext = extname(name).toLowerCase();
  if (DOCUMENT_EXTENSIONS.has(ext)) return 'document';
  if (ext === LOG_EXTENSION) return 'log';
  return undefined;
}

/** stat() with the kubectl wording for a missing path. */
export async function statInput(path: string): Promise<Stats> {
  try {
    return await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw pathNotFound(path);
    throw inputError(`error: cannot read "${path}": ${describeErrno(err)}`);
  }
}

/**
 * The files of PATH. A directory is walked (recursively unless told otherwise) in sorted order, so
 * results do not depend on the file system; only YAML/JSON documents and `.log` files are kept
 * and everything else (describe output, HTML, archives, hidden entries) is skipped. A single file
 * given explicitly is read as a document whatever its extension, except `.log` and archives.
 */
export async function listSnapshotFiles(root: string, opts: { recursive?: boolean; warn?: (line: string) => void } = {}): Promise<SnapshotFile[]> {
  const recursive = opts.recursive ?? true;
  const warn = opts.warn ?? (() => undefined);
  const st = await statInput(root);
  if (st.isFile()) {
    if (isArchiveName(root)) {
      throw inputError(`error: "${root}" is an archive; extract it first (e.g. unzip or tar -xf) and pass the directory`);
    }
    const kind = classify(basename(root)) === 'log' ? 'log' : 'document';
    return [{ path: root, rel: basename(root), kind }];
  }
  if (!st.isDirectory()) throw inputError(`error: "${root}" is neither a file nor a directory`);

  // A cycle needs a symlink, so only symlinked directories are resolved and remembered.
  const realRoot = await realpath(root).catch(() => root);
  const seenTargets = new Set<string>([realRoot]);
  // A dump from a stranger may link anywhere (`logs -> /etc`): nothing outside the root is read.
  const inside = (p: string) => p === realRoot || p.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
  // Subdirectories are read concurrently (a must-gather has thousands of them; libuv bounds
  // the real parallelism) and their results joined in name order, so the order is stable.
  const walk = async (dir: string): Promise<SnapshotFile[]> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      throw inputError(`error: cannot read "${dir}": ${describeErrno(err)}`);
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const parts = await Promise.all(
      entries.map(async (entry): Promise<SnapshotFile[]> => {
        const name = entry.name;
        if (name.startsWith('.')) return []; // .git, editor swap files, macOS resource forks
        const full = join(dir, name);
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          const real = await realpath(full).catch(() => undefined);
          if (!real) return []; // dangling symlink: not part of the snapshot
          if (!inside(real)) {
            warn(`Warning: skipped ${full}: a symlink to ${real}, outside the snapshot ${root}`);
            return [];
          }
          const target = await stat(real).catch(() => undefined);
          if (!target) return [];
          isDir = target.isDirectory();
          isFile = target.isFile();
          if (isDir) {
            if (seenTargets.has(real)) return [];
            seenTargets.add(real);
          }
        }
        // FIFOs, sockets and devices are never opened: a read could block or never end.
        if (!isDir && !isFile) return [];
        if (isDir) return recursive ? walk(full) : [];
        const kind = isFile ? classify(name) : undefined;
        return kind ? [{ path: full, rel: relative(root, full).split(sep).join('/'), kind }] : [];
      }),
    );
    return parts.flat();
  };
  return walk(root);
}

/** Reads a YAML/JSON file as text, refusing huge files (before reading them) and binary files. */
export async function readDocumentText(path: string, maxBytes = MAX_FILE_BYTES): Promise<string> {
  let buf: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw tooLarge(path, maxBytes);
      buf = await readBounded(handle, path, size, maxBytes);
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof SourceError) throw err;
    throw inputError(`error: cannot read "${path}": ${describeErrno(err)}`);
  }
  return decodeDocumentBytes(buf, path);
}

const STREAM_CHUNK_BYTES = 64 * 1024;
/** How much of the start is looked at to tell a binary file before reading on (git's heuristic). */
const BINARY_SNIFF_BYTES = 8000;

/**
 * Reads to the end, but never more than maxBytes: stat() says 0 for pipes (`-f <(…)`) and
 * devices (`-f /dev/zero`), and a file may grow while it is read. A start that is plainly binary
 * stops the read at once.
 */
async function readBounded(handle: FileHandle, path: string, size: number, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    // A regular file in one read (one byte more than its size, to notice growth); pipes and
    // devices in pipe-sized chunks.
    const chunk = Buffer.allocUnsafe(total === 0 && size > 0 ? size + 1 : STREAM_CHUNK_BYTES);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > maxBytes) throw tooLarge(path, maxBytes);
    const part = chunk.subarray(0, bytesRead);
    if (chunks.length === 0 && !hasUtf16Bom(part) && part.subarray(0, BINARY_SNIFF_BYTES).includes(0)) throw binaryFile(path);
    chunks.push(part);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}

export function tooLarge(path: string, maxBytes: number): SourceError {
  return fileError(path, undefined, `file is larger than ${formatMiB(maxBytes)}; refusing to read it`);
}

/**
 * Text of a YAML/JSON file. UTF-16 with a byte-order mark is decoded (PowerShell's `>` writes
 * `kubectl get -o yaml` output that way); any other NUL byte means a binary file.
 */
export function decodeDocumentBytes(buf: Buffer, displayPath: string): string {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return buf.subarray(2).toString('utf16le');
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    // swap16() needs an even length; a stray last byte cannot be a UTF-16 character anyway.
    const swapped = Buffer.from(buf.subarray(2, buf.length - ((buf.length - 2) % 2)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (buf.includes(0)) throw binaryFile(displayPath);
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function hasUtf16Bom(buf: Buffer): boolean {
  return buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff));
}

function binaryFile(displayPath: string): SourceError {
  return fileError(displayPath, undefined, 'binary file (contains NUL bytes), expected YAML or JSON');
}

export function formatMiB(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

export function describeErrno(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOENT':
      return 'no such file or directory';
    default:
      return e?.message ?? String(err);
  }
}
