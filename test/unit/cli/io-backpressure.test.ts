// stdout backpressure: a command writing a large document piece by piece waits for each piece to
// be taken, so a slow reader (a pipe into a pager, a slow network) never makes the plugin queue
// the whole document in memory.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeWithBackpressure } from '../../../src/cmdutil/io.js';

/** A reader taking one piece per tick; records the most bytes ever waiting in the stream. */
function slowReader(): { stream: Writable; peak: () => number; received: () => number } {
  let peak = 0;
  let received = 0;
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      received += chunk.length;
      setImmediate(done);
    },
  });
  const write = stream.write.bind(stream);
  stream.write = ((...args: Parameters<Writable['write']>) => {
    const ok = write(...args);
    peak = Math.max(peak, stream.writableLength);
    return ok;
  }) as Writable['write'];
  return { stream, peak: () => peak, received: () => received };
}

describe('writeWithBackpressure', () => {
  it('waits for drain: at most one piece is ever queued', async () => {
    const r = slowReader();
    const piece = 'x'.repeat(4096);
    for (let i = 0; i < 200; i++) await writeWithBackpressure(r.stream, piece);
    await new Promise<void>((done) => r.stream.end(done));
    expect(r.received()).toBe(200 * 4096);
    expect(r.peak()).toBeLessThanOrEqual(4096 + 1024);
  });

  it('without waiting, the same writes queue up (what the test above guards against)', async () => {
    const r = slowReader();
    const piece = 'x'.repeat(4096);
    for (let i = 0; i < 200; i++) r.stream.write(piece);
    expect(r.peak()).toBeGreaterThan(100 * 4096);
    await new Promise<void>((done) => r.stream.end(done));
  });

  it('a stream that fails or closes does not leave the writer waiting', async () => {
    const r = slowReader();
    r.stream.write('x'.repeat(4096));
    const waiting = writeWithBackpressure(r.stream, 'y'.repeat(4096));
    r.stream.destroy(new Error('EPIPE'));
    r.stream.on('error', () => undefined);
    await expect(waiting).resolves.toBeUndefined();
  });
});
