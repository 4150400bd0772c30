import { describe, expect, it } from 'vitest';
import type { WatchEvent } from '../../src/collect/live/index.js';
import { failure, serve, status } from './helpers.js';

const mig = (name: string, phase: string) => ({ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceMigration', metadata: { name }, status: { phase } });

describe('watch', () => {
  it('streams newline-delimited events, split anywhere across chunks, until the server closes', async () => {
    const { source, server } = await serve(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const lines = [
        JSON.stringify({ type: 'ADDED', object: mig('m1', 'Pending') }),
        JSON.stringify({ type: 'MODIFIED', object: { ...mig('m1', 'Running'), metadata: { name: 'm1', annotations: { note: 'naïve ✓' } } } }),
        JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version: 1 (5)' } }),
      ].join('\n');
      const bytes = Buffer.from(lines, 'utf8');
      // Cut inside the multi-byte ✓ and mid-line, and leave the last line without a newline.
      for (const [a, b] of [[0, 37], [37, bytes.indexOf(Buffer.from('✓')) + 1], [bytes.indexOf(Buffer.from('✓')) + 1, bytes.length]] as const) {
        res.write(bytes.subarray(a, b));
        await new Promise((r) => setTimeout(r, 10));
      }
      res.end();
    });
    const events: WatchEvent[] = [];
    const end = await source.watch(
      'vmim',
      { namespace: 'ns1', labelSelector: 'kubevirt.io/vmi-name=vm1', resourceVersion: '17', timeoutSeconds: 30 },
      (e) => {
        events.push(e);
      },
    );
    expect(end).toBe('closed');
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'ERROR']);
    expect(events[1]?.type === 'MODIFIED' && events[1].object.metadata.annotations?.note).toBe('naïve ✓');
    expect(events[2]?.object).toMatchObject({ code: 410, reason: 'Expired' });
    const q = server.requests[0]!.query;
    expect(server.requests[0]?.path).toBe('/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstancemigrations');
    expect([q.get('watch'), q.get('resourceVersion'), q.get('timeoutSeconds'), q.get('labelSelector')]).toEqual([
      'true',
      '17',
      '30',
      'kubevirt.io/vmi-name=vm1',
    ]);
  });

  it('ends with "aborted" when the signal fires, and close() ends open watches', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`${JSON.stringify({ type: 'ADDED', object: mig('m1', 'Running') })}\n`);
      // ...and never ends.
    });
    const ac = new AbortController();
    const seen: string[] = [];
    const first = source.watch('vmim', { namespace: 'ns1' }, (e) => {
      seen.push(e.type);
      ac.abort();
    }, ac.signal);
    expect(await first).toBe('aborted');
    expect(seen).toEqual(['ADDED']);

    let opened!: () => void;
    const started = new Promise<void>((r) => (opened = r));
    const second = source.watch('vmim', { namespace: 'ns1' }, () => opened());
    await started;
    await source.close();
    expect(await second).toBe('aborted');
  });

  it('an HTTP error opening the watch is a SourceError; the callback\'s own errors pass through', async () => {
    const forbidden = await serve((_req, res) => status(res, 403, 'Forbidden', 'virtualmachineinstancemigrations.kubevirt.io is forbidden'));
    expect(await failure(forbidden.source.watch('vmim', {}, () => undefined))).toMatchObject({
      kindOf: 'Forbidden',
      message: 'Error from server (Forbidden): virtualmachineinstancemigrations.kubevirt.io is forbidden',
    });

    const ok = await serve((_req, res) => {
      res.writeHead(200);
      res.write(`${JSON.stringify({ type: 'ADDED', object: mig('m1', 'Running') })}\n`);
    });
    const mine = new Error('mine');
    expect(await failure(ok.source.watch('vmim', {}, () => {
      throw mine;
    }))).toBe(mine);
  });

  it('a garbage line is InvalidResponse', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(200);
      res.end('not json\n');
    });
    expect(await failure(source.watch('node', {}, () => undefined))).toMatchObject({ kindOf: 'InvalidResponse', resource: 'nodes' });
  });

  it('an endless event line stops at the event cap: one line naming the watch', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((r) => (closed = r));
    const { source } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"type":"ADDED","object":{"metadata":{"name":"');
      const chunk = Buffer.alloc(65536, 0x78);
      const pump = () => {
        while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', pump);
      };
      res.on('close', () => closed());
      pump();
    });
    expect(await failure(source.watch('vmim', { namespace: 'ns1' }, () => undefined))).toMatchObject({
      kindOf: 'InvalidResponse',
      message: 'error: response too large from the server (watch virtualmachineinstancemigrations.kubevirt.io): a watch event is larger than 17 MiB; stopped reading',
    });
    await gone;
  });

  it('a silent server keeping a timeoutSeconds watch open past it is not trusted: "expired"', async () => {
    const { source } = await serve(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.flushHeaders();
        // ...then nothing, ever.
      },
      {},
      {},
      { watchGraceMs: 200 },
    );
    const t0 = Date.now();
    expect(await source.watch('vmim', { namespace: 'ns1', timeoutSeconds: 1 }, () => undefined)).toBe('expired');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1100);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('a server that never even sends headers: "expired" too', async () => {
    const { source } = await serve(() => undefined, {}, {}, { watchGraceMs: 100 });
    expect(await source.watch('vmim', { namespace: 'ns1', timeoutSeconds: 1 }, () => undefined)).toBe('expired');
  });
});
