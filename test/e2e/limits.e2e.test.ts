// Peak memory of the plugin under hostile answers (issue #16 item 2), measured with
// /usr/bin/time -v around the built plugin: an endless list page, a log the server sends past
// limitBytes, an endless watch event line. Each ends with the contract's outcome (a partial result
// with errors[] naming the request, or exit 3 with one line) and a peak RSS under the bound the
// docs/security.md states. The fake API server serves the example cluster; only the faulted request lies.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readObjectFiles, startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, tempDir } from './plugin.js';

/** docs/security.md states this bound. */
const PEAK_RSS_BOUND_MB = 400;
const TIME = '/usr/bin/time';
const EXAMPLE_OBJECTS = readObjectFiles([EXAMPLE_SNAPSHOT]);

interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  peakMb: number;
}

/** The plugin's own process (no kubectl in between), under GNU time. */
function measured(args: string[], kubeconfig: string): Promise<Measured> {
  return new Promise((done) => {
    execFile(
      TIME,
      ['-v', process.execPath, join(REPO, 'bin', 'kubectl-vmigrate'), ...args, '--kubeconfig', kubeconfig],
      { env: { PATH: process.env.PATH ?? '', HOME: tmpdir() }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
        // GNU time's report follows the plugin's own stderr.
        const own = stderr.slice(0, stderr.search(/(Command exited with non-zero status \d+\n)?\tCommand being timed:/));
        const status = /Exit status: (\d+)/.exec(stderr);
        done({ code: status ? Number(status[1]) : err ? 1 : 0, stdout, stderr: own, peakMb: rss ? Number(rss[1]) / 1024 : Number.NaN });
      },
    );
  });
}

async function withCluster<R>(fn: (s: FakeApiServer, kubeconfig: string) => Promise<R>): Promise<R> {
  const s = await startFakeApiServer({ honourFinalizers: true });
  try {
    s.load(structuredClone(EXAMPLE_OBJECTS));
    return await fn(s, s.writeKubeconfig(tempDir()));
  } finally {
    await s.close();
  }
}

const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('Warning: ') && !/^migration \S+: /.test(l));

describe.skipIf(!existsSync(TIME))('peak RSS under hostile answers', () => {
  it('an endless node list page: check-migratable answers with errors[] naming it, memory bounded', () =>
    withCluster(async (s, kubeconfig) => {
      // Tiny objects are the worst case: the most parsed objects per byte.
      s.fault({ resource: 'node', verb: 'list', endless: { head: '{"kind":"NodeList","apiVersion":"v1","metadata":{},"items":[', unit: '{"metadata":{"name":"n"}},' } });
      const r = await measured(['check-migratable', '-A', '-o', 'json'], kubeconfig);
      const doc = JSON.parse(r.stdout) as { errors: { resource: string; message: string }[] };
      expect(doc.errors).toContainEqual({ resource: 'nodes', message: 'error: response too large from the server (list nodes): one page is larger than 64 MiB; stopped reading' });
      expect(r.peakMb, `peak ${r.peakMb} MB`).toBeLessThan(PEAK_RSS_BOUND_MB);
      console.log(`endless list page: peak RSS ${r.peakMb.toFixed(0)} MB, exit ${r.code}`);
    }), 180_000);

  it('every list endless at once (four pages in flight): still one bound', () =>
    withCluster(async (s, kubeconfig) => {
      s.fault({ verb: 'list', endless: { head: '{"kind":"List","apiVersion":"v1","metadata":{},"items":[', unit: '{"metadata":{"name":"n"}},' } });
      const r = await measured(['check-migratable', '-A', '-o', 'json'], kubeconfig);
      expect(r.code, r.stderr).toBe(3);
      expect(errorLines(r.stderr)).toEqual([expect.stringMatching(/^error: response too large from the server \(list [\w.]+\): one page is larger than 64 MiB; stopped reading$/)]);
      expect(r.peakMb, `peak ${r.peakMb} MB`).toBeLessThan(PEAK_RSS_BOUND_MB);
      console.log(`every list endless: peak RSS ${r.peakMb.toFixed(0)} MB, exit ${r.code}`);
    }), 180_000);

  it('a launcher log past limitBytes: why answers with errors[] naming the pod log, memory bounded', () =>
    withCluster(async (s, kubeconfig) => {
      s.fault({ verb: 'log', endless: { unit: '{"component":"virt-launcher","level":"info","msg":"Migration info for 0000: TimeElapsed:1ms"}\n', contentType: 'text/plain' } });
      const r = await measured(['why', 'db-primary', '-n', 'prod', '-o', 'json'], kubeconfig);
      const doc = JSON.parse(r.stdout) as { errors: { resource: string; message: string }[] };
      expect(doc.errors.some((e) => /^error: response too large from the server \(get pods\/log virt-launcher-[\w-]+\): the log is larger than/.test(e.message))).toBe(true);
      expect(r.peakMb, `peak ${r.peakMb} MB`).toBeLessThan(PEAK_RSS_BOUND_MB);
      console.log(`endless log: peak RSS ${r.peakMb.toFixed(0)} MB, exit ${r.code}`);
    }), 180_000);

  it('an endless watch event line: start --wait gives up (exit 3, one line), memory bounded', () =>
    withCluster(async (s, kubeconfig) => {
      s.fault({ resource: 'vmim', verb: 'watch', endless: { head: '{"type":"ADDED","object":{"metadata":{"name":"', unit: 'x' } });
      const r = await measured(['start', 'db-primary', '-n', 'prod', '--wait', '-o', 'json'], kubeconfig);
      expect(r.code, r.stderr).toBe(3);
      const errors = errorLines(r.stderr);
      expect(errors, r.stderr).toHaveLength(1);
      expect(errors[0]).toMatch(/^error: gave up following migration prod\/db-primary-migration-\w{5} after 6 failed watches in a row \(error: response too large from the server \(watch virtualmachineinstancemigrations\.kubevirt\.io\): a watch event is larger than 17 MiB; stopped reading\)/);
      expect(r.peakMb, `peak ${r.peakMb} MB`).toBeLessThan(PEAK_RSS_BOUND_MB);
      console.log(`endless watch line: peak RSS ${r.peakMb.toFixed(0)} MB, exit ${r.code}`);
    }), 180_000);
});
