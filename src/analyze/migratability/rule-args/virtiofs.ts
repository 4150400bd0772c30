// The args of the virtiofs rule's findings (rules/virtiofs.ts), for render/migratability-text.ts. Types only.

export interface VirtiofsArgs {
  filesystem: string;
}
