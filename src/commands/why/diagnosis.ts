// One diagnosis of `why`: gather → derive → diagnose, what it prints and its exit code. Shared by
// `why`, `why --watch` (once per refresh), `start --wait` (its verdict and exit code) and the
// tests that run `why` on in-memory objects.
import { EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cmdutil/exit-codes.js';
import type { CommandOutput } from '../../cmdutil/output.js';
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { FailureError } from '../../cmdutil/errors.js';
import { unknownList, type GatherError } from '../../kube/known.js';
import type { OpenedPeer } from '../peer/open.js';
import { gatherPeerHalf, readPeerLists } from './peer-gather.js';
import { gatherForWhy, type WhyGatherOptions } from './gather.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { diagnose, type Diagnosis } from '../../analyze/why/diagnose.js';
import { diagnosisDocument } from '../../render/why-document.js';
import { renderChecklist } from '../../render/why-checklist.js';

/** A diagnosis and, beside it, what the gather could not read (the document's `errors`). */
export interface Diagnosed {
  diagnosis: Diagnosis;
  errors: GatherError[];
}

/** One gather → derive → diagnose of NAME in `namespace`; with `peer`, the other cluster's half too. */
export async function diagnoseOnce(source: ClusterSource, namespace: string, name: string, opts: WhyGatherOptions & { peer?: OpenedPeer } = {}): Promise<Diagnosed> {
  const { peer, ...gatherOpts } = opts;
  const peerErrors: GatherError[] = [];
  // The other cluster's lists are read while this one is (they do not depend on it).
  const peerLists = peer ? tolerated(peer, readPeerLists(peer.source, peerErrors), peerErrors) : undefined;
  const [{ inputs, errors }, lists] = await Promise.all([gatherForWhy(source, namespace, name, gatherOpts), peerLists]);
  if (peer && lists) {
    const local = deriveContext(inputs).migration;
    inputs.peer = (await tolerated(peer, gatherPeerHalf(peer, lists, local, peerErrors), peerErrors)) ?? { name: peer.name, migrations: lists.migrations, kubevirt: lists.kubevirt };
  } else if (peer) {
    const reason = peerErrors[0]?.message ?? 'the other cluster could not be read';
    inputs.peer = { name: peer.name, migrations: unknownList(reason), kubevirt: unknownList(reason) };
  }
  return { diagnosis: diagnose(deriveContext(inputs)), errors: [...errors, ...peerErrors.map((e) => ({ ...e, cluster: peer?.name ?? '' }))] };
}

/**
 * The other cluster answering with an error (unreachable, unauthorized, a required list refused)
 * is an errors[] entry and an `unknown` other half, never an abort of the first cluster's diagnosis.
 */
async function tolerated<T>(peer: OpenedPeer, read: Promise<T>, errors: GatherError[]): Promise<T | undefined> {
  try {
    return await read;
  } catch (err) {
    if (!(err instanceof SourceError || err instanceof FailureError)) throw err;
    errors.push({ resource: 'cluster', message: `${peer.name}: ${(err.message.split('\n')[0] ?? '').replace(/^error: /, '')}` });
    return undefined;
  }
}

/** The MigrationDiagnosis document, or the checklist. */
export function whyOutput({ diagnosis, errors }: Diagnosed): CommandOutput {
  const doc = diagnosisDocument(diagnosis, errors);
  return { document: () => doc, text: (style, wide, noHeaders) => renderChecklist(doc, style, wide, noHeaders) };
}

/** 0: succeeded, progressing or no migration; 1: blocked, failed, at risk or unexplained. */
export function whyExitCode(d: Diagnosis, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const fine = d.verdict.status === 'succeeded' || d.verdict.status === 'progressing' || d.verdict.status === 'idle';
  if (!fine) return EXIT_PROBLEM;
  if (failOn === 'warning' && d.checks.some((c) => c.status === 'warn' || c.status === 'fail')) return EXIT_PROBLEM;
  return EXIT_OK;
}
