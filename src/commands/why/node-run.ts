// `why --node NODE`: gather → diagnoseNode → the NodeEvacuationDiagnosis, once or (`--watch`)
// every `--interval` until the node is evacuated or not being evacuated, as `why --watch` does
// for one migration (same frames, NDJSON, Ctrl-C and transient-error handling).
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cmdutil/exit-codes.js';
import { openSource, withSource } from '../../cmdutil/open-source.js';
import { describeError } from '../../cmdutil/errors.js';
import { emit, type CommandOutput } from '../../cmdutil/output.js';
import { SourceError, type ClusterSource } from '../../collect/source.js';
import type { GatherError } from '../../kube/known.js';
import { formatDuration } from '../../kube/duration.js';
import { diagnoseNode, type NodeEvacuation } from '../../analyze/evacuation/diagnose-node.js';
import { nodeEvacuationDocument } from '../../render/node-evacuation-document.js';
import { renderNodeEvacuation } from '../../render/node-evacuation-table.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { gatherForNode } from './node-gather.js';
import { interruptOnSignals, raceAbort, sleep } from './watch.js';
import type { WhyOptions } from './options.js';

const CLEAR = '\x1b[H\x1b[2J';
const TRANSIENT = new Set(['Connection', 'Timeout', 'ServerError', 'TooManyRequests']);

interface NodeDiagnosed {
  evacuation: NodeEvacuation;
  errors: GatherError[];
}

export async function diagnoseNodeOnce(source: ClusterSource, node: string): Promise<NodeDiagnosed> {
  const { inputs, errors } = await gatherForNode(source, node);
  return { evacuation: diagnoseNode(inputs), errors };
}

export function nodeOutput({ evacuation, errors }: NodeDiagnosed): CommandOutput {
  const doc = nodeEvacuationDocument(evacuation, errors);
  return { document: () => doc, text: (style, wide) => renderNodeEvacuation(doc, style, wide) };
}

/** 1 while anything is blocked, at risk or cannot be judged; `--fail-on warning` also for a drain blocker on an idle node. */
export function nodeExitCode(n: NodeEvacuation, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const s = n.verdict.status;
  if (s === 'blocked' || s === 'at-risk' || s === 'unknown') return EXIT_PROBLEM;
  if (failOn === 'warning' && (n.blockers.length > 0 || n.summary.blocked > 0)) return EXIT_PROBLEM;
  return EXIT_OK;
}

export async function runWhyNode(g: GlobalOptions, o: WhyOptions, node: string, io: Io): Promise<ExitCode> {
  if (o.watch) return watchNode(g, o, node, io);
  const d = await withSource(g, io, (source) => diagnoseNodeOnce(source, node));
  io.stderr(renderPartialErrors(d.errors, makeStyle(g.color)));
  emit(g, io.stdout, nodeOutput(d));
  return nodeExitCode(d.evacuation, o.failOn);
}

/** The watch goes on while VMIs still leave or wait (or are held): not once evacuated or idle. */
export function evacuationGoesOn(n: NodeEvacuation): boolean {
  return n.verdict.status !== 'succeeded' && n.verdict.status !== 'idle';
}

export async function watchNode(g: GlobalOptions, o: WhyOptions, node: string, io: Io, signal?: AbortSignal): Promise<ExitCode> {
  const stop = signal ? undefined : interruptOnSignals();
  const abort = signal ?? stop!.signal;
  const source = await openSource(g, io);
  let last: ExitCode | undefined;
  let frames = 0;
  try {
    for (;;) {
      let d: NodeDiagnosed;
      try {
        const r = await raceAbort(diagnoseNodeOnce(source, node), abort);
        if (r === undefined) return last ?? EXIT_FAILURE;
        d = r;
      } catch (err) {
        if (frames === 0 || !(err instanceof SourceError) || !TRANSIENT.has(err.kindOf)) throw err;
        io.stderr(`${describeError(err).line} (retrying in ${formatDuration(o.intervalMs)})\n`);
        if (await sleep(o.intervalMs, abort)) return last ?? EXIT_FAILURE;
        continue;
      }
      emit(g, io.stdout, frame(d, o, node, io.stdoutIsTTY, frames), frames);
      io.stderr(renderPartialErrors(d.errors, makeStyle(g.color)));
      frames++;
      last = nodeExitCode(d.evacuation, o.failOn);
      if (!evacuationGoesOn(d.evacuation)) return last;
      if (await sleep(o.intervalMs, abort)) return last;
    }
  } finally {
    stop?.dispose();
    await source.close();
  }
}

function frame(d: NodeDiagnosed, o: WhyOptions, node: string, tty: boolean, index: number): CommandOutput {
  const out = nodeOutput(d);
  return {
    ...out,
    text: (style, wide) => {
      const body = out.text(style, wide);
      if (!tty) return (index > 0 ? '\n' : '') + body;
      const header = style.dim(`Every ${formatDuration(o.intervalMs)}: kubectl vmigrate why --node ${node} · ${d.evacuation.now.toISOString().replace(/\.\d{3}Z$/, 'Z')} (Ctrl-C to stop)`);
      return `${CLEAR}${header}\n\n${body}`;
    },
  };
}
