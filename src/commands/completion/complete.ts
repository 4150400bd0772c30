// Shell completion, kubectl >= 1.26 plugin protocol (KEP-2379): kubectl runs
// `kubectl_complete-vmigrate WORD…` (bin/), which execs `kubectl-vmigrate __complete WORD…`.
// The words are those typed after `vmigrate`; the last one is the word being completed ('' for a
// new word). We print one candidate per line (`candidate<TAB>description` where useful), then
// `:N`, a Cobra ShellCompDirective. Commands, flags and flag choices come from the commander
// tree itself, so new commands and flags complete without anything added here. Object names
// come from the cluster (or the --from snapshot) under a short deadline.
import type { Command, Option } from 'commander';
import type { Io } from '../../cmdutil/io.js';
import { OUTPUT_FORMATS, takesValue } from '../../cmdutil/output-format.js';
import type { ResourceId } from '../../kube/resources.js';
import { escapeForTerminal } from '../../render/terminal-text.js';

export const COMPLETE_COMMAND = '__complete';

/** Cobra's ShellCompDirective bits. */
export const Directive = {
  Default: 0,
  Error: 1,
  NoSpace: 2,
  NoFileComp: 4,
  FilterFileExt: 8,
  FilterDirs: 16,
  KeepOrder: 32,
} as const;

export interface Candidate {
  value: string;
  description?: string;
}

export interface Completion {
  candidates: Candidate[];
  directive: number;
}

/** What a positional NAME of a command can be, in the order the command resolves it. */
const NAME_RESOURCES: Readonly<Record<string, readonly ResourceId[]>> = {
  why: ['vmim', 'vmi', 'vm'],
  abort: ['vmim', 'vmi', 'vm'],
  start: ['vm', 'vmi'],
  'check-migratable': ['vm', 'vmi'],
};

/** Flags whose value is an object name from the cluster. */
const FLAG_RESOURCES: Readonly<Record<string, ResourceId>> = {
  '--namespace': 'namespace',
  '--node': 'node',
};

/** Flags whose value is a path: let the shell complete files. */
const PATH_FLAGS = new Set(['--kubeconfig', '--from', '--filename']);

/** The whole budget of a live name lookup, client start-up included. */
export const LOOKUP_DEADLINE_MS = 3000;
const REQUEST_TIMEOUT_MS = 2000;

/** Where names come from; tests replace it. */
export type NameLookup = (query: NameQuery) => Promise<string[]>;

export interface NameQuery {
  resources: readonly ResourceId[];
  /** Flags already typed that select the cluster: --kubeconfig, --context, -n, --from, … */
  flags: ParsedFlags;
  io: Io;
}

export type ParsedFlags = Record<string, string | true>;

interface FlagSpec {
  short?: string;
  long: string;
  takesValue: boolean;
  repeatable: boolean;
  choices?: readonly string[];
  description: string;
}

export async function complete(program: Command, words: readonly string[], io: Io, lookup: NameLookup = lookupNames): Promise<Completion> {
  const partial = words.length > 0 ? words[words.length - 1]! : '';
  const before = words.slice(0, -1);
  const commands = program.commands.filter((c) => !c.name().startsWith('_'));

  // Leading flags before the command: only the program's own (--help, --version).
  const commandIndex = before.findIndex((w) => !w.startsWith('-'));
  if (commandIndex < 0) {
    if (partial.startsWith('-')) return flagCandidates(programFlags(), partial, {});
    return done(
      commands.map((c) => ({ value: c.name(), description: c.description() })),
      partial,
    );
  }
  const cmd = commands.find((c) => c.name() === before[commandIndex]);
  if (!cmd) return { candidates: [], directive: Directive.NoFileComp };
  const specs = commandFlags(cmd);
  const state = scan(specs, before.slice(commandIndex + 1));

  // The value of a flag: `-o ` then TAB, or `--output=` then TAB.
  if (state.pending) return valueCandidates(state.pending, partial, '', state.flags, io, lookup);
  if (partial.startsWith('--') && partial.includes('=')) {
    const eq = partial.indexOf('=');
    const spec = specs.find((s) => s.long === partial.slice(0, eq));
    if (!spec || !spec.takesValue) return { candidates: [], directive: Directive.NoFileComp };
    return valueCandidates(spec, partial.slice(eq + 1), partial.slice(0, eq + 1), state.flags, io, lookup);
  }
  if (partial.startsWith('-') && !state.afterDashes) return flagCandidates(specs, partial, state.flags);

  // A positional argument.
  const args = cmd.registeredArguments;
  const index = state.positionals.length;
  const arg = args[index] ?? (args.length > 0 && args[args.length - 1]!.variadic ? args[args.length - 1] : undefined);
  if (!arg) return { candidates: [], directive: Directive.NoFileComp };
  const choices = arg.argChoices;
  if (choices) return done(choices.map((value) => ({ value })), partial);
  const resources = NAME_RESOURCES[cmd.name()];
  if (!resources || state.flags['--filename'] !== undefined || state.flags['--list-rules'] !== undefined) {
    return { candidates: [], directive: Directive.NoFileComp };
  }
  const names = await lookup({ resources, flags: state.flags, io });
  const given = new Set(state.positionals);
  return done(
    names.filter((n) => !given.has(n)).map((value) => ({ value })),
    partial,
  );
}

/**
 * The output kubectl reads: candidates, then the directive. One line per candidate whatever a
 * name holds: a tab (the description's separator), a newline or any other control character in
 * it is escaped.
 */
export function formatCompletion(c: Completion): string {
  const lines = c.candidates.map((x) => (x.description ? `${escapeForTerminal(x.value)}\t${oneLine(x.description)}` : escapeForTerminal(x.value)));
  return [...lines, `:${c.directive}`].join('\n') + '\n';
}

function oneLine(s: string): string {
  const line = s.split('\n')[0] ?? '';
  return escapeForTerminal(line.length > 80 ? line.slice(0, 77) + '...' : line);
}

function done(candidates: Candidate[], partial: string, directive: number = Directive.NoFileComp): Completion {
  const seen = new Set<string>();
  const kept = candidates.filter((c) => c.value.startsWith(partial) && !seen.has(c.value) && seen.add(c.value));
  return { candidates: kept, directive };
}

function programFlags(): FlagSpec[] {
  return [
    { short: '-h', long: '--help', takesValue: false, repeatable: false, description: 'show help' },
    { long: '--version', takesValue: false, repeatable: false, description: 'print the version' },
  ];
}

function commandFlags(cmd: Command): FlagSpec[] {
  const specs = cmd.options
    .filter((o: Option) => !o.hidden && o.long !== undefined)
    .map(
      (o: Option): FlagSpec => ({
        ...(o.short ? { short: o.short } : {}),
        long: o.long!,
        takesValue: o.required || o.optional,
        // Choices install a parser too; any other parser collects repeated values.
        repeatable: o.variadic || (o.parseArg !== undefined && o.argChoices === undefined),
        ...(o.argChoices ? { choices: o.argChoices } : {}),
        description: o.description,
      }),
    );
  return [...specs, { short: '-h', long: '--help', takesValue: false, repeatable: false, description: 'show help' }];
}

interface ScanState {
  /** Flag values given so far, by long name; `true` for a boolean flag. */
  flags: ParsedFlags;
  positionals: string[];
  /** The flag whose value is the word being completed. */
  pending?: FlagSpec;
  afterDashes: boolean;
}

function scan(specs: FlagSpec[], words: string[]): ScanState {
  const state: ScanState = { flags: {}, positionals: [], afterDashes: false };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (state.afterDashes || !w.startsWith('-') || w === '-') {
      state.positionals.push(w);
      continue;
    }
    if (w === '--') {
      state.afterDashes = true;
      continue;
    }
    let name = w;
    let inline: string | undefined;
    if (w.startsWith('--') && w.includes('=')) {
      name = w.slice(0, w.indexOf('='));
      inline = w.slice(w.indexOf('=') + 1);
    } else if (!w.startsWith('--') && w.length > 2) {
      name = w.slice(0, 2); // -nprod
      inline = w.slice(2);
    }
    const spec = specs.find((s) => s.long === name || s.short === name);
    if (!spec) continue;
    if (!spec.takesValue) {
      state.flags[spec.long] = true;
      continue;
    }
    if (inline !== undefined) state.flags[spec.long] = inline;
    else if (i + 1 < words.length) state.flags[spec.long] = words[++i]!;
    else state.pending = spec;
  }
  return state;
}

function flagCandidates(specs: FlagSpec[], partial: string, given: ParsedFlags): Completion {
  const offered = specs.filter((s) => s.repeatable || given[s.long] === undefined);
  const candidates: Candidate[] = [];
  for (const s of offered) {
    // `-` offers both spellings, as Cobra does; `--…` only long ones.
    if (s.short && !partial.startsWith('--')) candidates.push({ value: s.short, description: s.description });
    candidates.push({ value: s.long, description: s.description });
  }
  return done(candidates, partial);
}

async function valueCandidates(spec: FlagSpec, partial: string, prefix: string, flags: ParsedFlags, io: Io, lookup: NameLookup): Promise<Completion> {
  if (spec.long === '--output') {
    // `jsonpath=` and `custom-columns=`: the template follows the `=`, without a space.
    const offered = done(
      OUTPUT_FORMATS.map((f) => ({ value: prefix + f + (takesValue(f) ? '=' : '') })),
      prefix + partial,
    );
    const open = offered.candidates.length > 0 && offered.candidates.every((c) => c.value.endsWith('='));
    return open ? { ...offered, directive: offered.directive | Directive.NoSpace } : offered;
  }
  if (spec.choices) {
    return done(
      spec.choices.map((c) => ({ value: prefix + c })),
      prefix + partial,
    );
  }
  if (PATH_FLAGS.has(spec.long)) return { candidates: [], directive: Directive.Default };
  if (spec.long === '--context' || spec.long === '--contexts') {
    const { contextNames } = await import('./contexts.js');
    const kubeconfig = typeof flags['--kubeconfig'] === 'string' ? flags['--kubeconfig'] : undefined;
    // --contexts A,B,…: the names typed so far stay, the next one is offered among the others.
    const typed = spec.long === '--contexts' ? partial.slice(0, partial.lastIndexOf(',') + 1) : '';
    const chosen = new Set(typed.split(',').filter(Boolean));
    return done(
      contextNames(kubeconfig, io.env)
        .filter((c) => !chosen.has(c))
        .map((c) => ({ value: prefix + typed + c })),
      prefix + partial,
    );
  }
  const resource = FLAG_RESOURCES[spec.long];
  if (!resource) return { candidates: [], directive: Directive.NoFileComp };
  const names = await lookup({ resources: [resource], flags, io });
  return done(
    names.map((n) => ({ value: prefix + n })),
    prefix + partial,
  );
}

/**
 * Names of `resources` in the namespace the typed flags select, live or from --from, within
 * LOOKUP_DEADLINE_MS. Any failure (no kubeconfig, forbidden, timeout) gives no names: a TAB press
 * must never print errors or hang.
 */
export async function lookupNames(q: NameQuery): Promise<string[]> {
  const { openSource } = await import('../../cmdutil/open-source.js');
  const f = q.flags;
  const str = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : undefined);
  const quiet: Io = { ...q.io, stderr: () => {}, stdout: () => {} };
  let source: Awaited<ReturnType<typeof openSource>> | undefined;
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), LOOKUP_DEADLINE_MS);
  });
  const work = (async () => {
    const opened = await openSource(
      {
        kubeconfig: str('--kubeconfig'),
        context: str('--context'),
        namespace: str('--namespace'),
        from: str('--from'),
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        insecureSkipTlsVerify: f['--insecure-skip-tls-verify'] === true,
        output: 'table',
        color: false,
        verbose: false,
      },
      quiet,
    );
    source = opened;
    // Opened after the deadline: release it at once, nobody waits for the names any more.
    if (expired) await opened.close();
    const all = f['--all-namespaces'] === true;
    const namespace = str('--namespace') ?? opened.defaultNamespace();
    const lists = await Promise.all(
      q.resources.map((r) => opened.list(r, r === 'namespace' || r === 'node' || all ? {} : { namespace }).catch(() => [])),
    );
    return lists.flat().map((o) => o.metadata.name ?? '');
  })().catch(() => [] as string[]);
  try {
    const names = (await Promise.race([work, deadline])) ?? [];
    return [...new Set(names.filter(Boolean))].sort();
  } finally {
    expired = true;
    clearTimeout(timer);
    // Release sockets so the process can exit even when the deadline cut a request short.
    await source?.close().catch(() => {});
  }
}
