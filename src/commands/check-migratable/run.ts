import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_PROBLEM, type ExitCode, type FailOn } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit } from '../../cmdutil/output.js';
import type { CheckMigratableOptions } from './options.js';
import { gatherForCheck, type CheckScope, type GatheredForCheck } from './gather.js';
import { peerFacts, readPeerFirst, readPeerNetworks, toleratedPeer, unreadablePeer } from './peer-gather.js';
import { openPeer } from '../peer/open.js';
import type { PeerFlags } from '../peer/flags.js';
import type { ClusterSource } from '../../collect/source.js';
import type { PeerFacts } from '../../analyze/migratability/rule.js';
import { unknownList } from '../../kube/known.js';
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
  return withSource(g, io, (source) => {
    const scope = {
      namespace: o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace()),
      labelSelector: o.selector,
      names: o.names,
      node: o.node,
    };
    return o.peer && scope.namespace !== undefined ? gatherWithPeer(g, io, source, { ...scope, namespace: scope.namespace }, o.peer) : gatherForCheck(source, scope);
  });
}

/**
 * The cross-cluster pre-flight: this cluster's reads and the peer's first reads together, then
 * the peer's NetworkAttachmentDefinitions the VMs name. The peer's failures are errors[] entries
 * tagged with it and make the peer rules unknown; they never abort this cluster's report.
 */
async function gatherWithPeer(g: GlobalOptions, io: Io, source: ClusterSource, scope: CheckScope & { namespace: string }, flags: PeerFlags): Promise<GatheredForCheck> {
  const peerErrors: GatherError[] = [];
  const cluster = 'from' in flags ? flags.from : (flags.live.context ?? flags.live.kubeconfig ?? 'peer');
  const opened = await toleratedPeer(cluster, () => openPeer(g, io, flags, source.now()), peerErrors);
  try {
    const [gathered, first] = await Promise.all([
      gatherForCheck(source, scope),
      'failed' in opened ? opened : toleratedPeer(cluster, () => readPeerFirst(opened.source, scope.namespace, peerErrors), peerErrors),
    ]);
    let peer: PeerFacts;
    if ('failed' in first || 'failed' in opened) peer = unreadablePeer(cluster, scope.namespace, 'failed' in first ? first.failed : 'the other cluster could not be read');
    else {
      const subjects = pairSubjects(gathered.vms, gathered.vmis);
      const networks = await toleratedPeer(cluster, () => readPeerNetworks(opened.source, subjects, scope.namespace, peerErrors), peerErrors);
      peer = peerFacts(opened.name, scope.namespace, first, 'failed' in networks ? unknownList(networks.failed) : networks);
    }
    const name = 'failed' in opened ? cluster : opened.name;
    return { ...gathered, facts: { ...gathered.facts, peer }, errors: [...gathered.errors, ...peerErrors.map((e) => ({ ...e, cluster: name }))] };
  } finally {
    if (!('failed' in opened)) await opened.source.close();
  }
}

/** `--fail-on`: blocker (default) ⇒ 1 if any VM cannot migrate; warning ⇒ also if risky. */
export function migratabilityExitCode(a: Pick<MigratabilityAnalysis, 'summary'>, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT_OK;
  const s = a.summary;
  if (s.notMigratable > 0) return EXIT_PROBLEM;
  if (failOn === 'warning' && s.risky > 0) return EXIT_PROBLEM;
  return EXIT_OK;
}
