// The args of the affinity-restrictive rule's findings (rules/affinity-restrictive.ts), for render/migratability-text.ts. Types only.

/** A required pod (anti-)affinity term; anti-affinity spreads over `domains` topology domains of `nodes` KubeVirt nodes. */
export type AffinityRestrictiveArgs =
  | { kind: 'podAffinity'; topologyKey: string; selector: string }
  | { kind: 'podAntiAffinity'; topologyKey: string; selector: string; domains: number; nodes: number };
