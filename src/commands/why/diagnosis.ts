// One diagnosis of `why`: gather → derive → diagnose, what it prints and its exit code. Shared by
// `why`, `why --watch` (once per refresh), `start --wait` (its verdict and exit code) and the
// tests that run `why` on in-memory objects.
import { EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cmdutil/exit-codes.js';
import type { CommandOutput } from '../../cmdutil/output.js';
import type { ClusterSource } from '../../collect/source.js';
import type { GatherError } from '../../kube/known.js';
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

/** One gather → derive → diagnose of NAME in `namespace`. */
export async function diagnoseOnce(source: ClusterSource, namespace: string, name: string, opts: WhyGatherOptions = {}): Promise<Diagnosed> {
  const { inputs, errors } = await gatherForWhy(source, namespace, name, opts);
  return { diagnosis: diagnose(deriveContext(inputs)), errors };
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
