// Reads a .tar.gz the way krew's downloader does: gunzip, then walk the 512-byte headers.
import { gunzipSync } from 'node:zlib';

export interface TarEntry {
  name: string;
  mode: number;
  size: number;
  type: string;
  uid: number;
  gid: number;
  mtime: number;
  data: Buffer;
}

const octal = (b: Buffer, off: number, len: number) => parseInt(b.toString('ascii', off, off + len).replace(/\0.*$/s, '').trim() || '0', 8);
const text = (b: Buffer, off: number, len: number) => b.toString('utf8', off, off + len).replace(/\0.*$/s, '');

export function readTarGz(gz: Buffer): TarEntry[] {
  const tar = gunzipSync(gz);
  const out: TarEntry[] = [];
  for (let off = 0; off + 512 <= tar.length; ) {
    const h = tar.subarray(off, off + 512);
    if (h.every((b) => b === 0)) break;
    // The checksum must be right, or tar implementations reject the archive.
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
    if (sum !== octal(h, 148, 8)) throw new Error(`bad header checksum at offset ${off}`);
    const prefix = text(h, 345, 155);
    const name = (prefix ? prefix + '/' : '') + text(h, 0, 100);
    const size = octal(h, 124, 12);
    const type = text(h, 156, 1) || '0';
    out.push({
      name,
      mode: octal(h, 100, 8),
      size,
      type,
      uid: octal(h, 108, 8),
      gid: octal(h, 116, 8),
      mtime: octal(h, 136, 12),
      data: Buffer.from(tar.subarray(off + 512, off + 512 + size)),
    });
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}
