// The args of the hyperv-passthrough rule's findings (rules/hyperv-passthrough.ts), for render/migratability-text.ts. Types only.

/** Nothing to name: the feature is on. */
export type HypervPassthroughArgs = Record<string, never>;
