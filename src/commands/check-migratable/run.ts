import type { GlobalOptions } from '../../cli/global-options.js';
import type { Io } from '../../cli/io.js';
import { EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cli/exit-codes.js';
import { withSource } from '../../cli/open-source.js';
import type { CheckMigratableOptions } from './options.js';
import { gatherForCheck, type GatheredForCheck } from './gather.js';
import { gatherFromObjects } from './from-files.js';
import { loadManifestObjects } from '../../collect/manifest-files.js';
import { RULES } from '../../analyze/migratability/registry.js';
import { analyzeMigratability, pairSubjects, summarize, type MigratabilityAnalysis } from '../../analyze/migratability/report.js';
import { renderRuleList } from '../../render/rule-list.js';
import { migratabilityDocument, migratabilityJsonChunks } from '../../render/migratability-document.js';
import { renderMigratabilityTable } from '../../render/migratability-table.js';
import { renderDocument } from '../../render/document.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';

export async function runCheckMigratable(g: GlobalOptions, o: CheckMigratableOptions, io: Io): Promise<ExitCode> {
  if (o.listRules) {
    await io.stdout(renderRuleList(RULES, g.output));
    return EXIT_OK;
  }
  const gathered = await gather(g, o, io);
  const subjects = pairSubjects(gathered.vms, gathered.vmis);
  const analysis = analyzeMigratability(subjects, gathered.facts, gathered.errors, o.node);
  io.stderr(renderPartialErrors(analysis.errors, makeStyle(g.color)));
  // JSON is written item by item (the same text), each piece once stdout took the last: a
  // 10,000-VM report is never one string, nor queued in memory behind a slow pipe.
  if (g.output === 'json') {
    for (const chunk of migratabilityJsonChunks(analysis)) await io.stdout(chunk);
  } else if (g.output === 'yaml') await io.stdout(renderDocument(migratabilityDocument(analysis), 'yaml'));
  else await io.stdout(renderMigratabilityTable(analysis, makeStyle(g.color), g.output === 'wide'));
  return migratabilityExitCode(analysis, o.failOn);
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
export function migratabilityExitCode(a: MigratabilityAnalysis, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const s = summarize(a);
  if (s.notMigratable > 0) return EXIT_PROBLEM;
  if (failOn === 'warning' && s.risky > 0) return EXIT_PROBLEM;
  return EXIT_OK;
}
