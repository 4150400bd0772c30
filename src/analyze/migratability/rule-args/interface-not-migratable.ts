// The args of the interface-not-migratable rule's findings (rules/interface-not-migratable.ts), for render/migratability-text.ts. Types only.

/**
 * The pod network's interface and its binding (`missing`: no interface for it); `annotation`:
 * the bridge live-migration annotation is there (too old a KubeVirt); `plugin`: a binding plugin's name.
 */
export interface InterfaceNotMigratableArgs {
  network: string;
  interface: string;
  binding: string;
  annotation?: boolean;
  plugin?: string;
}
