import { Option, type Command } from 'commander';
import { parseDuration } from './duration.js';
import { UsageError } from './errors.js';
import { validateNamespace } from './names.js';
import { decideColor, type ColorMode } from './color.js';
import type { Io } from './io.js';
import { isDocumentFormat, OUTPUT_FORMATS, parseOutputFlag, type OutputFormat } from './output-format.js';

/** Flags every command accepts (docs/flags.md), validated and typed before any I/O. */
export interface GlobalOptions {
  kubeconfig?: string;
  context?: string;
  /** -n as given; the effective default comes from the source (context namespace). */
  namespace?: string;
  requestTimeoutMs: number;
  insecureSkipTlsVerify: boolean;
  /** `--cache-ok`: live lists may come from the watch cache (resourceVersion=0). */
  cacheOk?: boolean;
  from?: string;
  now?: Date;
  output: OutputFormat;
  /** The TEMPLATE of `-o jsonpath=TEMPLATE`, the SPEC of `-o custom-columns=SPEC`; checked already. */
  outputValue?: string;
  /** `--no-headers`: tables (and custom-columns) without their header line. */
  noHeaders?: boolean;
  color: boolean;
  verbose: boolean;
}

export function addGlobalOptions(cmd: Command): Command {
  return cmd
    .option('--kubeconfig <path>', 'path to the kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
    .option('--context <name>', 'the kubeconfig context to use')
    .option('-n, --namespace <ns>', 'namespace (default: the context namespace, else "default")')
    .option('--request-timeout <duration>', 'per-request timeout, e.g. 30s, 2m; 0 = none', '0')
    .option('--insecure-skip-tls-verify', 'do not verify the server certificate (insecure)')
    .option('--cache-ok', 'on servers older than 1.34, read lists from the API server\'s watch cache (resourceVersion=0: lighter on etcd, possibly slightly stale)')
    .option('--from <path>', 'read an offline cluster snapshot (file or directory) instead of a live cluster')
    .option('--now <rfc3339>', 'with --from: the time to judge the snapshot at (default: its newest timestamp)')
    // The choices are what help and completion offer; parseOutputFlag takes `jsonpath=TEMPLATE`
    // too. kubectl's flag parser reads `-o=json` as `json`; commander passes `=json`.
    .addOption(
      new Option('-o, --output <format>', 'output format; jsonpath=TEMPLATE and custom-columns=SPEC as in kubectl')
        .choices(OUTPUT_FORMATS)
        .argParser((value) => value.replace(/^=/, ''))
        .default('table'),
    )
    .option('--no-headers', 'tables and custom-columns without the header line')
    .addOption(new Option('--color <mode>', 'colour output').choices(['auto', 'always', 'never']).default('auto'))
    .option('-v, --verbose', 'log requests and timings to stderr');
}

export interface RawGlobals {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  requestTimeout: string;
  insecureSkipTlsVerify?: boolean;
  cacheOk?: boolean;
  from?: string;
  now?: string;
  /** `-o` as given, e.g. `jsonpath={.items[*].name}`. */
  output: string;
  /** false with `--no-headers`. */
  headers?: boolean;
  color: ColorMode;
  verbose?: boolean;
}

export function parseGlobalOptions(raw: RawGlobals, io: Io): GlobalOptions {
  const output = parseOutputFlag(raw.output);
  const structured = isDocumentFormat(output.output);
  let now: Date | undefined;
  if (raw.now !== undefined) {
    if (raw.from === undefined) throw new UsageError('--now can only be used with --from');
    now = new Date(raw.now);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(raw.now) || Number.isNaN(now.getTime())) {
      throw new UsageError(`invalid argument "${raw.now}" for "--now" flag: use an RFC 3339 time such as 2026-11-29T08:00:00Z`);
    }
  }
  if (raw.namespace !== undefined) validateNamespace(raw.namespace);
  if (raw.from !== undefined && raw.cacheOk) throw new UsageError('--cache-ok reads a live cluster: it cannot be combined with --from');
  if (raw.from !== undefined && (raw.kubeconfig !== undefined || raw.context !== undefined)) {
    throw new UsageError('--from reads a snapshot: it cannot be combined with --kubeconfig or --context');
  }
  return {
    kubeconfig: raw.kubeconfig,
    context: raw.context,
    namespace: raw.namespace,
    requestTimeoutMs: parseDuration('--request-timeout', raw.requestTimeout),
    insecureSkipTlsVerify: Boolean(raw.insecureSkipTlsVerify),
    cacheOk: Boolean(raw.cacheOk),
    from: raw.from,
    now,
    ...output,
    noHeaders: raw.headers === false,
    color: decideColor(raw.color, io.env, io.stdoutIsTTY, structured),
    verbose: Boolean(raw.verbose),
  };
}
