import type { GlobalOptions } from '../../cli/global-options.js';
import type { Io } from '../../cli/io.js';
import { EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cli/exit-codes.js';
import { withSource } from '../../cli/open-source.js';
import type { WhyOptions } from './options.js';
import { gatherForWhy } from './gather.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { diagnose, type Diagnosis } from '../../analyze/why/diagnose.js';
import { diagnosisDocument } from '../../render/why-document.js';
import { renderChecklist } from '../../render/why-checklist.js';
import { renderDocument } from '../../render/document.js';
import { makeStyle } from '../../render/style.js';

export async function runWhy(g: GlobalOptions, o: WhyOptions, io: Io): Promise<ExitCode> {
  const diagnosis = await withSource(g, io, async (source) => {
    const { inputs, errors } = await gatherForWhy(source, g.namespace ?? source.defaultNamespace(), o.name);
    return diagnose(deriveContext(inputs), errors);
  });
  const doc = diagnosisDocument(diagnosis);
  if (g.output === 'json' || g.output === 'yaml') io.stdout(renderDocument(doc, g.output));
  else io.stdout(renderChecklist(doc, makeStyle(g.color), g.output === 'wide'));
  return whyExitCode(diagnosis, o.failOn);
}

/** 0: succeeded, progressing or no migration; 1: blocked, failed, at risk or unexplained. */
export function whyExitCode(d: Diagnosis, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const fine = d.verdict.status === 'succeeded' || d.verdict.status === 'progressing' || d.verdict.status === 'idle';
  if (!fine) return EXIT_PROBLEM;
  if (failOn === 'warning' && d.checks.some((c) => c.status === 'warn' || c.status === 'fail')) return EXIT_PROBLEM;
  return EXIT_OK;
}
