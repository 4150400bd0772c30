// `why --node NODE`: gather → diagnoseNode → the NodeEvacuationDiagnosis, once or (`--watch`)
// every `--interval` until the node is evacuated or not being evacuated, as `why --watch` does
// for one migration (watch.ts's loop: same frames, NDJSON, Ctrl-C and transient-error handling).
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit, type CommandOutput } from '../../cmdutil/output.js';
import type { ClusterSource } from '../../collect/source.js';
import type { GatherError } from '../../kube/known.js';
import { diagnoseNode, type NodeEvacuation } from '../../analyze/evacuation/diagnose-node.js';
import { nodeEvacuationDocument } from '../../render/node-evacuation-document.js';
import { renderNodeEvacuation } from '../../render/node-evacuation-table.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { gatherForNode } from './node-gather.js';
import { watchLoop } from './watch.js';
import type { WhyOptions } from './options.js';

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
  return { document: () => doc, text: (style, wide, noHeaders) => renderNodeEvacuation(doc, style, wide, noHeaders) };
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
  await emit(g, io.stdout, nodeOutput(d));
  return nodeExitCode(d.evacuation, o.failOn);
}

/** The watch goes on while VMIs still leave or wait (or are held): not once evacuated or idle. */
export function evacuationGoesOn(n: NodeEvacuation): boolean {
  return n.verdict.status !== 'succeeded' && n.verdict.status !== 'idle';
}

export function watchNode(g: GlobalOptions, o: WhyOptions, node: string, io: Io, signal?: AbortSignal): Promise<ExitCode> {
  return watchLoop<NodeDiagnosed>(g, o, io, {
    once: (source) => diagnoseNodeOnce(source, node),
    output: nodeOutput,
    title: (d) => `kubectl vmigrate why --node ${node} · ${d.evacuation.now.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    exitCode: (d) => nodeExitCode(d.evacuation, o.failOn),
    goesOn: (d) => evacuationGoesOn(d.evacuation),
  }, signal);
}
