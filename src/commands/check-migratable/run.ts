import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit } from '../../cmdutil/output.js';
import type { CheckMigratableOptions } from './options.js';
import { gatherForCheck, type GatheredForCheck } from './gather.js';
import { gatherFromObjects } from './from-files.js';
import { loadManifestObjects } from '../../collect/manifest-files.js';
import { RULES } from '../../analyze/migratability/registry.js';
import { analyzeMigratability, pairSubjects, type MigratabilityAnalysis } from '../../analyze/migratability/report.js';
import { renderRuleList, ruleListDocument, ruleListItem } from '../../render/rule-list.js';
import { migratabilityDocument, migratabilityItemDocument, migratabilityJsonChunks, type ReportInput } from '../../render/migratability-document.js';
import type { GatherError } from '../../kube/known.js';
import { checkFleet } from './fleet.js';
import { renderMigratabilityTable } from '../../render/migratability-table.js';
import { noResourcesLine, noVmisOnNodeLine } from '../../render/no-resources.js';
import { isDocumentFormat } from '../../cmdutil/output-format.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { sortByJsonPath } from '../../render/sort-by.js';

export async function runCheckMigratable(g: GlobalOptions, o: CheckMigratableOptions, io: Io): Promise<ExitCode> {
  if (o.listRules) {
    const rules = o.sortBy ? sortByJsonPath(RULES, o.sortBy, ruleListItem) : RULES;
    await emit(g, io.stdout, { document: () => ruleListDocument(rules), text: (_style, _wide, noHeaders) => renderRuleList(rules, noHeaders) });
    return EXIT_OK;
  }
  if (o.fleet) {
    // One report whatever answered; exit 3 only when no cluster did.
    const { report, errors, answered } = await checkFleet(g, o, o.fleet, io);
    await printReport(g, o, io, report, errors, o.allNamespaces ? undefined : g.namespace);
    return answered ? migratabilityExitCode(report, o.failOn) : EXIT_FAILURE;
  }
  const gathered = await gather(g, o, io);
  const subjects = pairSubjects(gathered.vms, gathered.vmis);
  const analysis = analyzeMigratability(subjects, gathered.facts, o.node, gathered.drain);
  await printReport(g, o, io, analysis, gathered.errors, gathered.namespace);
  return migratabilityExitCode(analysis, o.failOn);
}

/**
 * The partial errors on stderr, the report on stdout (in `--sort-by` order). `namespace`: what
 * was listed (undefined: every namespace), for kubectl's line when a table would be empty.
 */
async function printReport(g: GlobalOptions, o: CheckMigratableOptions, io: Io, report: ReportInput, errors: readonly GatherError[], namespace: string | undefined): Promise<void> {
  const sorted = o.sortBy ? { ...report, items: sortByJsonPath(report.items, o.sortBy, migratabilityItemDocument) } : report;
  io.stderr(renderPartialErrors(errors, makeStyle(g.color)));
  if (sorted.items.length === 0 && !isDocumentFormat(g.output)) {
    // kubectl get: an empty table is a line on stderr.
    io.stderr(o.node !== undefined ? noVmisOnNodeLine(o.node) : noResourcesLine(namespace));
    return;
  }
  await emit(g, io.stdout, {
    document: () => migratabilityDocument(sorted, errors),
    // The same text, item by item, each piece once stdout took the last: a 10,000-VM report is
    // never one string, nor queued in memory behind a slow pipe.
    jsonChunks: () => migratabilityJsonChunks(sorted, errors),
    text: (style, wide, noHeaders) => renderMigratabilityTable(sorted, style, wide, noHeaders, o.details),
  });
}

async function gather(g: GlobalOptions, o: CheckMigratableOptions, io: Io): Promise<GatheredForCheck> {
  if (o.files.length > 0) {
    const objects = await loadManifestObjects(o.files);
    // -f never contacts a cluster; a snapshot (--from) may lend context: nodes, storage, the KubeVirt CR.
    const context = g.from !== undefined ? await withSource(g, io, (s) => gatherForCheck(s, { names: [] })) : undefined;
    return gatherFromObjects(objects, g.namespace ?? 'default', context);
  }
  return withSource(g, io, (source) =>
    gatherForCheck(source, {
      namespace: o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace()),
      labelSelector: o.selector,
      names: o.names,
      node: o.node,
    }),
  );
}

/** `--fail-on`: blocker (default) ⇒ 1 if any VM cannot migrate; warning ⇒ also if risky. */
export function migratabilityExitCode(a: Pick<MigratabilityAnalysis, 'summary'>, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const s = a.summary;
  if (s.notMigratable > 0) return EXIT_PROBLEM;
  if (failOn === 'warning' && s.risky > 0) return EXIT_PROBLEM;
  return EXIT_OK;
}
