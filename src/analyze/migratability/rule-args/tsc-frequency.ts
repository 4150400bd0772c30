// The args of the tsc-frequency rule's findings (rules/tsc-frequency.ts), for render/migratability-text.ts. Types only.

/** `node`: the VMI's node ('' for a stopped VM); with `no-node-with-frequency`, its TSC frequency and the label a target must carry. */
export type TscFrequencyArgs =
  | { reason: 'no-tsc-frequency'; node: string }
  | { reason: 'no-node-with-frequency'; node: string; frequency: number; label: string };
