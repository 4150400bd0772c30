// The args of the cpu-host-model-unique rule's findings (rules/cpu-host-model-unique.ts), for render/migratability-text.ts. Types only.

/**
 * `node`: the VMI's node, whose host model no other node offers (`missing`: per candidate, the
 * labels it lacks); '' for a stopped VM, when no two nodes share one (`model`: all of them).
 */
export interface CpuHostModelUniqueArgs {
  node: string;
  model: string;
  features: string[];
  candidates: number;
  missing: string[];
  vendor?: string;
}
