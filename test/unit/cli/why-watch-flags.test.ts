// why --watch / --interval / --prometheus and list --prometheus: exit 2 before any I/O for bad
// values and combinations.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_INTERVAL_MS, parsePrometheusOptions, parseWhyOptions } from '../../../src/commands/why/options.js';
import { UsageError } from '../../../src/cmdutil/errors.js';
import { runCli } from './run-cli.js';

describe('why options', () => {
  it('--watch: default interval 5s; --interval in kubectl duration syntax', () => {
    expect(parseWhyOptions('vm1', { failOn: 'blocker', watch: true }, {})).toMatchObject({ watch: true, intervalMs: DEFAULT_WATCH_INTERVAL_MS });
    expect(parseWhyOptions('vm1', { failOn: 'blocker', watch: true, interval: '1m30s' }, {}).intervalMs).toBe(90_000);
    expect(parseWhyOptions('vm1', { failOn: 'blocker', watch: true, interval: '250ms' }, {}).intervalMs).toBe(250);
    expect(parseWhyOptions('vm1', { failOn: 'blocker' }, {})).toMatchObject({ watch: false });
  });

  it.each([
    [{ watch: true }, { from: 'dump/' }, /cannot be combined with --from/],
    [{ interval: '2s' }, {}, /--interval can only be used with --watch/],
    [{ watch: true, interval: '0' }, {}, /must be greater than 0/],
    [{ watch: true, interval: 'soon' }, {}, /invalid argument "soon" for "--interval"/],
    [{ prometheus: 'prometheus:9090' }, {}, /use an http\(s\) URL/],
    [{ prometheusTokenFile: '/tmp/t' }, {}, /--prometheus-token-file can only be used with --prometheus/],
    [{ prometheusInsecureSkipTlsVerify: true }, {}, /--prometheus-insecure-skip-tls-verify can only be used with --prometheus/],
    [{ prometheusCertificateAuthority: '/ca' }, {}, /--prometheus-certificate-authority can only be used with --prometheus/],
    [{ prometheusAllowHttpToken: true }, {}, /--prometheus-allow-http-token can only be used with --prometheus/],
    [{ prometheus: 'https://p', prometheusInsecureSkipTlsVerify: true, prometheusCertificateAuthority: '/ca' }, {}, /cannot be combined/],
  ])('usage error: %j %j', (raw, g, message) => {
    expect(() => parseWhyOptions('vm1', { failOn: 'blocker', ...raw }, g)).toThrow(UsageError);
    expect(() => parseWhyOptions('vm1', { failOn: 'blocker', ...raw }, g)).toThrow(message);
  });

  it('--prometheus keeps a path prefix and the token file', () => {
    expect(parsePrometheusOptions({ prometheus: 'https://thanos-querier.openshift-monitoring.svc:9091/prom', prometheusTokenFile: '/var/run/token' })).toEqual({
      url: 'https://thanos-querier.openshift-monitoring.svc:9091/prom',
      tokenFile: '/var/run/token',
    });
    expect(
      parsePrometheusOptions({ prometheus: 'http://p:9090', prometheusCertificateAuthority: '/ca.crt', prometheusAllowHttpToken: true, prometheusTokenFile: '/t' }),
    ).toEqual({ url: 'http://p:9090', tokenFile: '/t', certificateAuthority: '/ca.crt', allowHttpToken: true });
    expect(parsePrometheusOptions({ prometheus: 'https://p', prometheusInsecureSkipTlsVerify: true })).toEqual({ url: 'https://p', insecureSkipTlsVerify: true });
  });
});

describe('through the CLI: exit 2, one line on stderr, nothing on stdout', () => {
  it.each([
    [['why', 'vm1', '--watch', '--from', 'examples/cluster-snapshot']],
    [['why', 'vm1', '--interval', '2s']],
    [['list', '--prometheus', 'not a url']],
    [['list', '--prometheus-token-file', '/tmp/token']],
    [['why', 'vm1', '--prometheus-insecure-skip-tls-verify']],
    [['list', '--cache-ok', '--from', 'examples/cluster-snapshot']],
  ])('%j', async (args) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--help lists the new flags', async () => {
    const r = await runCli(['why', '--help']);
    expect(r.stdout).toMatch(/-w, --watch/);
    expect(r.stdout).toMatch(/--interval <duration>/);
    expect(r.stdout).toMatch(/--prometheus <url>/);
    expect(r.stdout).toMatch(/--prometheus-token-file <path>/);
    expect(r.stdout).toMatch(/--prometheus-certificate-authority <path>/);
    expect(r.stdout).toMatch(/--prometheus-insecure-skip-tls-verify/);
    expect(r.stdout).toMatch(/--prometheus-allow-http-token/);
    expect(r.stdout).toMatch(/--cache-ok/);
  });
});
