// pods/log: container resolution and errors as the apiserver's pod registry words them,
// tailLines/limitBytes, and follow=true streaming of text appended to a LogSource.

import type { ApiContext } from './context.js';
import { HttpError, mustGet } from './context.js';
import { sliceLog } from './logs.js';
import { badRequest } from './status.js';
import type { AnyObject } from './types.js';

function containerNames(pod: AnyObject): { main: string[]; init: string[] } {
  const names = (field: string): string[] => {
    const list = (pod.spec as Record<string, unknown> | undefined)?.[field];
    return Array.isArray(list) ? list.map((c: { name?: unknown }) => String(c?.name ?? '')).filter(Boolean) : [];
  };
  return { main: names('containers'), init: [...names('initContainers'), ...names('ephemeralContainers')] };
}

function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new HttpError(badRequest(`${name}: Invalid value: "${v}"`));
  return n;
}

export function serveLog(ctx: ApiContext): void {
  const { namespace, name } = ctx.target;
  const q = ctx.url.searchParams;
  const pod = mustGet(ctx);
  const { main, init } = containerNames(pod);
  const known = main.length + init.length > 0 ? [...main, ...init] : ctx.logs.containersWithLogs(namespace!, name!);
  let container = q.get('container') ?? '';
  if (container === '') {
    const candidates = main.length > 0 ? main : known;
    if (candidates.length === 1) container = candidates[0]!;
    else if (candidates.length === 0) throw new HttpError(badRequest(`a container name must be specified for pod ${name}`));
    else {
      let msg = `a container name must be specified for pod ${name}, choose one of: [${candidates.join(' ')}]`;
      if (init.length > 0) msg += ` or one of the init containers: [${init.join(' ')}]`;
      throw new HttpError(badRequest(msg));
    }
  }
  if (!known.includes(container)) throw new HttpError(badRequest(`container ${container} is not valid for pod ${name}`));
  const tailLines = intParam(q, 'tailLines');
  const limitBytes = intParam(q, 'limitBytes');
  const read = () => ctx.logs.text(namespace!, name!, container);
  const first = sliceLog(read(), tailLines, limitBytes);
  const follow = q.get('follow') === 'true' || q.get('follow') === '1';
  if (!follow) return ctx.sendText(200, first);

  // follow: send what exists, then poll the source and stream whatever was appended.
  const res = ctx.res;
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.write(first);
  let seen = read();
  let written = Buffer.byteLength(first);
  const timer = setInterval(() => {
    if (!ctx.store.get(ctx.target.resource, namespace, name!)) {
      clearInterval(timer);
      res.end();
      return;
    }
    const now = read();
    if (now.length > seen.length && now.startsWith(seen)) {
      let chunk = now.slice(seen.length);
      if (limitBytes !== undefined && limitBytes > 0) {
        const room = limitBytes - written;
        chunk = Buffer.from(chunk).subarray(0, Math.max(room, 0)).toString('utf8');
      }
      if (chunk) res.write(chunk);
      written += Buffer.byteLength(chunk);
      if (limitBytes !== undefined && limitBytes > 0 && written >= limitBytes) {
        clearInterval(timer);
        res.end();
      }
    }
    seen = now;
  }, 50);
  res.on('close', () => clearInterval(timer));
  ctx.trackWatch({
    end: () => {
      clearInterval(timer);
      res.end();
    },
  });
}
