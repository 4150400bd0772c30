// The args of the cpu-host-passthrough rule's findings (rules/cpu-host-passthrough.ts), for render/migratability-text.ts. Types only.

export interface CpuHostPassthroughArgs {
  model: string;
  node?: string;
}
