// The args of the cpu-dedicated-single-node rule's findings (rules/cpu-dedicated-single-node.ts), for render/migratability-text.ts. Types only.

/** The CPU-manager label and the nodes that have it. */
export interface CpuDedicatedSingleNodeArgs {
  label: string;
  nodes: string[];
  count: number;
}
