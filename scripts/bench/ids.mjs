// Deterministic randomness and names for the synthetic cluster of `npm run bench`.
import { createHash } from 'node:crypto';

/** mulberry32: a small seeded PRNG, so the cluster is the same on every run. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha1 = (seed) => createHash('sha1').update(seed).digest('hex');

export function uuid(seed) {
  const h = sha1(seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The 5-character suffix of a generateName (Kubernetes' alphabet: no vowels, no 0/1/3). */
export function nameSuffix(seed) {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  const h = sha1(seed);
  let s = '';
  for (let i = 0; i < 5; i++) s += alphabet[parseInt(h.slice(2 * i, 2 * i + 2), 16) % alphabet.length];
  return s;
}

/** The hex suffix of an event name (`<object>.<16 hex>`). */
export function eventSuffix(seed) {
  return sha1(seed).slice(0, 16);
}
