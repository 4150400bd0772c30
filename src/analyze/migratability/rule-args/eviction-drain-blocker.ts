// The args of the eviction-drain-blocker rule's findings (rules/eviction-drain-blocker.ts), for render/migratability-text.ts. Types only.

/** The eviction strategy, where it is set, and the blocker rules that make a drain wait. */
// `RuleId` is rule.ts's, passed in by RuleArgs there: importing it here would make an import cycle.
export interface EvictionDrainBlockerArgs<RuleId extends string> {
  evictionStrategy: string;
  strategySource: 'vmi' | 'vm' | 'kubevirt';
  blockers: RuleId[];
  liveMigratableFalse: boolean;
}
