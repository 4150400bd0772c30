import type { GlobalOptions } from '../../cli/global-options.js';
import type { Io } from '../../cli/io.js';
import { EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cli/exit-codes.js';
import { withSource } from '../../cli/open-source.js';
import type { ClusterSource } from '../../collect/source.js';
import { openPrometheus, type PrometheusApi } from '../../collect/prometheus.js';
import type { WhyOptions } from './options.js';
import { gatherForWhy } from './gather.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { diagnose, type Diagnosis } from '../../analyze/why/diagnose.js';
import { diagnosisDocument } from '../../render/why-document.js';
import { renderChecklist } from '../../render/why-checklist.js';
import { renderDocument } from '../../render/document.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';

export async function runWhy(g: GlobalOptions, o: WhyOptions, io: Io): Promise<ExitCode> {
  const prometheus = await openPrometheus(o.prometheus, g);
  if (o.watch) {
    const { watchWhy } = await import('./watch.js');
    return watchWhy(g, o, io, prometheus);
  }
  const log = g.verbose ? (line: string) => io.stderr(`${line}\n`) : undefined;
  const diagnosis = await withSource(g, io, (source) => diagnoseOnce(source, g, o, prometheus, log));
  io.stderr(renderPartialErrors(diagnosis.errors, makeStyle(g.color)));
  await io.stdout(renderWhy(diagnosis, g));
  return whyExitCode(diagnosis, o.failOn);
}

/** One gather → derive → diagnose. `log`: -v, the reads beyond the VM's own objects. */
export async function diagnoseOnce(source: ClusterSource, g: GlobalOptions, o: WhyOptions, prometheus?: PrometheusApi, log?: (line: string) => void): Promise<Diagnosis> {
  const { inputs, errors } = await gatherForWhy(source, g.namespace ?? source.defaultNamespace(), o.name, { ...(prometheus ? { prometheus } : {}), ...(log ? { log } : {}) });
  return diagnose(deriveContext(inputs), errors);
}

/** The checklist, or the document with -o json|yaml. */
export function renderWhy(d: Diagnosis, g: Pick<GlobalOptions, 'output' | 'color'>): string {
  const doc = diagnosisDocument(d);
  if (g.output === 'json' || g.output === 'yaml') return renderDocument(doc, g.output);
  return renderChecklist(doc, makeStyle(g.color), g.output === 'wide');
}

/** 0: succeeded, progressing or no migration; 1: blocked, failed, at risk or unexplained. */
export function whyExitCode(d: Diagnosis, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const fine = d.verdict.status === 'succeeded' || d.verdict.status === 'progressing' || d.verdict.status === 'idle';
  if (!fine) return EXIT_PROBLEM;
  if (failOn === 'warning' && d.checks.some((c) => c.status === 'warn' || c.status === 'fail')) return EXIT_PROBLEM;
  return EXIT_OK;
}
