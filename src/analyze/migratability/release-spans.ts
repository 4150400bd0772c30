// Judging a version-dependent rule when the cluster's KubeVirt version is unknown (`-f` without
// `--from`, an unreadable KubeVirt CR): the rule is run once per span of releases over which its
// verdict cannot change (from its `changesAt`), and the answers are merged. A finding that blocks
// on every span stays a blocker; one that blocks on some spans only becomes a warning that names
// them (`blocksOn`); one that never blocks keeps the severity of the newest span it appears in.
import type { KubeVirtMinor } from '../../kubevirt/migratability-facts.js';
import { KNOWN_RELEASES, minorCompare, previousRelease, releaseVersion } from '../../kubevirt/releases.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import type { ClusterFacts, MigratabilityRule, ReleaseSpan, RuleFinding, RuleResult, Subject } from './rule.js';

/** The release a rule judges: the cluster's, else the newest known (a rule called outside the evaluator). */
export function releaseOf(facts: Pick<ClusterFacts, 'kubevirtVersion'>): KubeVirtVersion {
  const newest = KNOWN_RELEASES[KNOWN_RELEASES.length - 1] as KubeVirtMinor;
  return facts.kubevirtVersion ?? releaseVersion(newest);
}

/** The first release of each span a rule's verdict is constant over, oldest first. */
export function spanStarts(changesAt: readonly KubeVirtMinor[]): KubeVirtMinor[] {
  const first = KNOWN_RELEASES[0] as KubeVirtMinor;
  const starts = [first, ...changesAt.filter((m) => minorCompare(m, first) > 0)].sort(minorCompare);
  return starts.filter((m, i) => i === 0 || minorCompare(m, starts[i - 1] as KubeVirtMinor) !== 0);
}

interface Seen {
  finding: RuleFinding;
  /** Indexes of the spans in which it blocks. */
  blocking: number[];
}

export function evaluateAcrossReleases(rule: MigratabilityRule, subject: Subject, facts: ClusterFacts, prior: readonly RuleFinding[]): RuleResult {
  const starts = spanStarts(rule.kubevirt.changesAt);
  const seen = new Map<string, Seen>();
  const unresolved = new Set<string>();
  starts.forEach((start, span) => {
    const result = rule.evaluate(subject, { ...facts, kubevirtVersion: releaseVersion(start) }, prior);
    for (const u of result.unresolved ?? []) unresolved.add(u);
    for (const f of result.findings) {
      // One finding per field of the spec: the same device, disk or volume in every span.
      const key = f.path ?? '';
      const entry = seen.get(key);
      const blocks = f.severity === 'blocker';
      if (!entry) seen.set(key, { finding: f, blocking: blocks ? [span] : [] });
      else {
        // The newest span's wording, but a blocking one's when the finding blocks somewhere.
        if (blocks || entry.blocking.length === 0) entry.finding = f;
        if (blocks) entry.blocking.push(span);
      }
    }
  });
  const findings = [...seen.values()].map(({ finding, blocking }): RuleFinding => {
    if (blocking.length === 0 || blocking.length === starts.length) return finding;
    return { ...finding, severity: 'warning', blocksOn: spansOf(blocking, starts) };
  });
  return unresolved.size > 0 ? { findings, unresolved: [...unresolved] } : { findings };
}

/** Adjacent blocking spans joined: [v0.59–v1.4], [v1.0–v1.8], [v1.9+]. */
function spansOf(blocking: readonly number[], starts: readonly KubeVirtMinor[]): ReleaseSpan[] {
  const out: ReleaseSpan[] = [];
  let open: { since: KubeVirtMinor; last: number } | undefined;
  const close = () => {
    if (!open) return;
    const next = starts[open.last + 1];
    const until = next ? previousRelease(next) : undefined;
    out.push(until ? { since: open.since, until } : { since: open.since });
    open = undefined;
  };
  for (const i of [...blocking].sort((a, b) => a - b)) {
    if (open && open.last === i - 1) open.last = i;
    else {
      close();
      open = { since: starts[i] as KubeVirtMinor, last: i };
    }
  }
  close();
  return out;
}
