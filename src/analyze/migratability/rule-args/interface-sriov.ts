// The args of the interface-sriov rule's findings (rules/interface-sriov.ts), for render/migratability-text.ts. Types only.

export interface InterfaceSriovArgs {
  interface: string;
  network: string;
  /** The Multus NetworkAttachmentDefinition. */
  networkName?: string;
}
