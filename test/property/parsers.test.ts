// Properties of the text parsers and helpers that read what clusters and logs say: on arbitrary
// strings (random, binary, KubeVirt's real texts cut, spliced or repeated, huge numbers) they never
// throw, and what they return is well-formed: finite numbers, known cause ids, RFC 3339 times,
// sub-sequences of their input.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CAUSE_IDS } from '../../src/analyze/why/cause.js';
import { matchGoFormat, normalizeEventMessage, type MatchMode } from '../../src/analyze/why/parse/go-format.js';
import { recognizeControllerEvent } from '../../src/analyze/why/parse/controller-events.js';
import { classifyCreateError } from '../../src/analyze/why/parse/create-error.js';
import { classifyFailure, failureReasonOf } from '../../src/analyze/why/parse/failure-reason.js';
import { classifyLauncherLogLine, refineAmbiguousAbort } from '../../src/analyze/why/parse/launcher-log.js';
import { classifyLibvirtText, parseVirError } from '../../src/analyze/why/parse/libvirt-error.js';
import { parseMigrationCreateDenial } from '../../src/analyze/why/parse/migration-create-denial.js';
import { parseQuotaExceeded, parseQuotaMustSpecify } from '../../src/analyze/why/parse/quota-message.js';
import { dominantCause, parseSchedulerMessage } from '../../src/analyze/why/parse/scheduler-message.js';
import { parseProgressLine } from '../../src/analyze/why/progress-line.js';
import { linesBetween, parseLauncherLogLines } from '../../src/analyze/why/launcher-log-lines.js';
import { time } from '../../src/kube/time.js';
import { logSamples } from '../../src/analyze/progress/log-samples.js';
import { parsePrometheusText } from '../../src/analyze/progress/prometheus-text.js';
import { parsePrometheusResponse } from '../../src/analyze/progress/prometheus-api.js';
import { formatBytes, formatCpu, parseQuantity } from '../../src/kube/quantity.js';
import { parseKubeVirtVersion } from '../../src/kubevirt/version.js';
import { parseDuration } from '../../src/cmdutil/duration.js';
import { UsageError } from '../../src/cmdutil/errors.js';
import { formatSeconds } from '../../src/render/format.js';
import { EVENT_REASONS, REAL_TEXTS, TEMPLATES, launcherLog, message, metricsPage, progressLine, quantity, text, timestamp } from './arbitraries.js';
import { params } from './commands.js';

const digit = fc.constantFrom(...'0123456789');
/** Digit strings, sometimes past what a double holds (Number() gives Infinity beyond ~309 digits). */
const digits = fc.oneof(fc.string({ unit: digit, minLength: 1, maxLength: 20 }), fc.string({ unit: digit, minLength: 310, maxLength: 400 }));
const real = fc.oneof(message, progressLine, fc.constantFrom(...REAL_TEXTS));
/** A progress line with one of its numbers replaced by digits of any length (a garbled log). */
const hugeProgressLine = fc.tuple(progressLine, fc.nat(), digits).map(([l, n, d]) => {
  let i = 0;
  const which = n % 12;
  return l.replace(/:-?\d+/g, (m) => (i++ === which ? `:${d}` : m));
});

/** Strings a parser may be handed: real texts, mangled real texts, random and binary text, huge numbers. */
const input: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: real, weight: 4 },
  { arbitrary: fc.tuple(real, text, fc.nat()).map(([r, t, n]) => r.slice(0, n % (r.length + 1)) + t + r.slice(n % (r.length + 1))), weight: 2 },
  { arbitrary: fc.tuple(real, digits).map(([r, d]) => r.replace(/\d+/, d)), weight: 1 },
  { arbitrary: fc.tuple(real, fc.integer({ min: 2, max: 40 })).map(([r, n]) => r.repeat(n)), weight: 1 },
  { arbitrary: text, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
);

const finiteOrAbsent = (n: unknown) => expect(n === undefined || (typeof n === 'number' && Number.isFinite(n)), String(n)).toBe(true);
const MODES: MatchMode[] = ['exact', 'prefix', 'contains'];

describe('parsers (property)', () => {
  it('Go-format templates match any text without throwing; captures are substrings', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATES), fc.constantFrom(...MODES), input, (template, mode, s) => {
        for (const v of matchGoFormat(template, s, mode) ?? []) expect(s).toContain(v);
        expect(typeof normalizeEventMessage(s)).toBe('string');
      }),
      params(500),
    );
  });

  it('event, create-error, failure, libvirt, denial and launcher-line classifiers never throw and name contract causes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EVENT_REASONS), input, input, (reason, a, b) => {
        recognizeControllerEvent({ reason, message: a });
        recognizeControllerEvent({ reason, note: a });
        classifyCreateError(a);
        parseVirError(a);
        classifyLibvirtText(a);
        parseMigrationCreateDenial(a);
        expect(typeof failureReasonOf(a)).toBe('string');
        for (const isFailureReason of [false, true]) {
          const f = classifyFailure(a, { isFailureReason });
          if (f) expect(CAUSE_IDS).toContain(f.cause);
          const line = classifyLauncherLogLine(a, b);
          if (f) expect(CAUSE_IDS).toContain(refineAmbiguousAbort(f, line ? [line] : []).cause);
        }
      }),
      params(500),
    );
  });

  it('quota and scheduler messages: finite numbers, a contract cause', () => {
    fc.assert(
      fc.property(input, fc.array(fc.constantFrom('cpu-model.node.kubevirt.io/EPYC', 'kubevirt.io/schedulable', 'x'), { maxLength: 2 }), (s, keys) => {
        for (const r of parseQuotaExceeded(s)?.resources ?? []) for (const n of [r.requested, r.used, r.limited, r.shortfall]) finiteOrAbsent(n);
        parseQuotaMustSpecify(s);
        const parsed = parseSchedulerMessage(s);
        if (!parsed) return;
        // Counts only reach prose, where a garbled 400-digit count may read as Infinity.
        for (const n of [parsed.available, parsed.total, ...parsed.reasons.map((r) => r.count)]) expect(n).toBeGreaterThanOrEqual(0);
        const cause = dominantCause(parsed, { nodeSelectorKeys: keys });
        if (cause) expect(CAUSE_IDS).toContain(cause);
      }),
      params(500),
    );
  });

  it('progress lines: a sample has the VMIM uid and only finite sizes and rates', () => {
    fc.assert(
      fc.property(fc.oneof(input, hugeProgressLine), fc.constantFrom(undefined, parseKubeVirtVersion('v1.1.0'), parseKubeVirtVersion('v1.9.0')), (s, version) => {
        const p = parseProgressLine(s, version ? { version } : {});
        if (!p) return;
        expect(p.migrationUid.length).toBeGreaterThan(0);
        for (const [k, v] of Object.entries(p)) if (k !== 'migrationUid' && k !== 'units') finiteOrAbsent(v);
      }),
      params(500),
    );
  });

  it('launcher logs: every line kept with a valid time or none; an attempt is a sub-sequence; samples are finite', () => {
    fc.assert(
      fc.property(fc.oneof(launcherLog, input, hugeProgressLine.map((l) => JSON.stringify({ msg: l }))), fc.option(timestamp, { nil: undefined }), fc.option(timestamp, { nil: undefined }), (log, from, until) => {
        const lines = parseLauncherLogLines(log);
        for (const l of lines) {
          expect(typeof l.msg).toBe('string');
          if (l.time !== undefined) expect(time(l.time)).toBeGreaterThan(0);
        }
        const attempt = linesBetween(lines, from, until);
        expect(attempt.every((l) => lines.includes(l))).toBe(true);
        for (const uid of ['uid-mig-1', 'uid-mig-3']) {
          for (const { sample } of logSamples(lines, uid, from ? { startedAt: from } : {})) {
            expect(time(sample.time), sample.time).toBeGreaterThan(0);
            for (const [k, v] of Object.entries(sample)) if (k !== 'time') finiteOrAbsent(v);
          }
        }
      }),
      params(400),
    );
  });

  it('Prometheus: the text format and the HTTP API answer never throw', () => {
    fc.assert(
      fc.property(fc.oneof(metricsPage, input), fc.jsonValue(), (page, body) => {
        for (const p of parsePrometheusText(page)) expect(typeof p.value).toBe('number');
        const answer = parsePrometheusResponse(body);
        expect(typeof answer.ok).toBe('boolean');
        parsePrometheusResponse({ status: 'success', data: { resultType: 'matrix', result: [{ metric: body, values: [[body, body]] }] } });
      }),
      params(400),
    );
  });

  it('quantities, sizes, durations, versions and seconds: undefined or well-formed, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(quantity, input, digits, fc.anything()), fc.oneof(input, digits, fc.constantFrom('30s', '1h30m', '500ms', '0', '2m', '1.5')), fc.double(), fc.nat(10 ** 9), (q, d, x, s) => {
        finiteOrAbsent(parseQuantity(q as string));
        const version = parseKubeVirtVersion(q);
        if (version) expect([version.major, version.minor, version.patch].every(Number.isSafeInteger)).toBe(true);
        expect(typeof formatBytes(x)).toBe('string');
        expect(typeof formatCpu(x)).toBe('string');
        expect(typeof formatSeconds(s)).toBe('string');
        try {
          // No upper bound here: how long a timer may run is the commands' concern (timers cap at 2^31-1 ms).
          expect(parseDuration('--timeout', d)).toBeGreaterThanOrEqual(0);
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
        }
      }),
      params(500),
    );
  });
});
