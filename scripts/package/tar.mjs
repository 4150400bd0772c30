// A deterministic ustar writer, so release archives are byte-for-byte reproducible on any
// machine (GNU tar's --sort/--mtime flags are not portable): names sorted, mtime 0, uid/gid 0,
// no user or group names, only directories and regular files (krew refuses anything else).
import { gzipSync } from 'node:zlib';

const BLOCK = 512;

/**
 * @typedef {{ name: string, mode: number, data?: Buffer }} TarEntry
 * `name` is relative with `/` separators; a directory has no data and a trailing `/`.
 */

/** @param {TarEntry[]} entries @returns {Buffer} the uncompressed tar */
export function tar(entries) {
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const parts = [];
  for (const e of sorted) {
    const isDir = e.name.endsWith('/');
    const data = isDir ? Buffer.alloc(0) : (e.data ?? Buffer.alloc(0));
    parts.push(header(e.name, e.mode, data.length, isDir ? '5' : '0'));
    if (data.length > 0) {
      parts.push(data);
      const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (pad) parts.push(Buffer.alloc(pad));
    }
  }
  parts.push(Buffer.alloc(2 * BLOCK)); // end of archive
  return Buffer.concat(parts);
}

/** gzip without a file name or time stamp in the header (`gzip -n`), at level 9. */
export function gzip(buf) {
  return gzipSync(buf, { level: 9 });
}

function header(name, mode, size, type) {
  if (name.includes('..') || name.startsWith('/')) throw new Error(`tar: unsafe name ${name}`);
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let short = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar: split at a '/' so that the prefix has at most 155 bytes and the name at most 100.
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(short) > 100) throw new Error(`tar: name too long: ${name}`);
  }
  h.write(short, 0, 100, 'utf8');
  octal(h, 100, 8, mode & 0o7777);
  octal(h, 108, 8, 0); // uid
  octal(h, 116, 8, 0); // gid
  octal(h, 124, 12, size);
  octal(h, 136, 12, 0); // mtime
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  octal(h, 329, 8, 0); // devmajor
  octal(h, 337, 8, 0); // devminor
  h.write(prefix, 345, 155, 'utf8');
  // Checksum: the byte sum with the checksum field read as eight spaces.
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

function octal(buf, offset, length, value) {
  const digits = value.toString(8).padStart(length - 1, '0');
  if (digits.length > length - 1) throw new Error(`tar: ${value} does not fit in ${length - 1} octal digits`);
  buf.write(digits + '\0', offset, length, 'ascii');
}
