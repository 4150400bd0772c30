// Container logs for the pods/log subresource. A log may be a function so a test can make the
// log grow between requests (e.g. virt-launcher migration progress lines).

import type { LogSource } from './types.js';

export class LogStore {
  private readonly logs = new Map<string, LogSource>();

  private key(namespace: string, pod: string, container: string): string {
    return `${namespace}/${pod}/${container}`;
  }

  set(namespace: string, pod: string, container: string, source: LogSource): void {
    this.logs.set(this.key(namespace, pod, container), source);
  }

  has(namespace: string, pod: string, container: string): boolean {
    return this.logs.has(this.key(namespace, pod, container));
  }

  /** Containers of a pod that have a log set (lets pods without spec.containers still serve logs). */
  containersWithLogs(namespace: string, pod: string): string[] {
    const prefix = `${namespace}/${pod}/`;
    return [...this.logs.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }

  text(namespace: string, pod: string, container: string): string {
    const src = this.logs.get(this.key(namespace, pod, container));
    if (src === undefined) return '';
    return typeof src === 'function' ? src() : src;
  }

  clear(): void {
    this.logs.clear();
  }
}

/** Apply kubelet's tailLines then limitBytes to a log text. */
export function sliceLog(text: string, tailLines?: number, limitBytes?: number): string {
  let out = text;
  if (tailLines !== undefined && tailLines >= 0) {
    const lines = out.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    out = tailLines === 0 ? '' : lines.slice(-tailLines).join('');
  }
  if (limitBytes !== undefined && limitBytes > 0) {
    const buf = Buffer.from(out, 'utf8');
    if (buf.length > limitBytes) out = buf.subarray(0, limitBytes).toString('utf8');
  }
  return out;
}
