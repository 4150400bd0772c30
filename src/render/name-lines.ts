// `-o name`: one `resource.group/name` line per object a document is about, as kubectl's name
// printer writes them (lower-case kind, then the API group: `virtualmachine.kubevirt.io/db`).
// Which object a document names:
//   MigratabilityReport  each item's VirtualMachine or VirtualMachineInstance;
//   MigrationList        each migration;
//   MigrationDiagnosis   the migration diagnosed, else the VMI (no migration yet);
//   MigrationStart       the migration created (none on a dry run or a refusal);
//   MigrationAbort       the migration aborted (none on a dry run, or when there was none to abort);
//   RuleList             each rule, as `rule/ID` (a rule is no API object: no group).

import type { MigrationAbortDoc } from './abort-doc-types.js';
import type { MigratabilityReportDoc } from './migratability-document.js';
import type { listDocument } from './migration-list.js';
import type { ruleListDocument } from './rule-list.js';
import type { MigrationStartDoc } from './start-doc-types.js';
import type { MigrationDiagnosisDoc } from './why-document.js';
import type { NodeEvacuationDoc } from './node-evacuation-document.js';
import { escapeForTerminal } from './terminal-text.js';

export type NamedDocument =
  | MigratabilityReportDoc
  | ReturnType<typeof listDocument>
  | MigrationDiagnosisDoc
  | NodeEvacuationDoc
  | MigrationStartDoc
  | MigrationAbortDoc
  | ReturnType<typeof ruleListDocument>;

const GROUP = 'kubevirt.io';
const VMIM = 'VirtualMachineInstanceMigration';

// One line per object whatever its name holds (a dump's names are not validated).
const line = (kind: string, name: string) => `${kind.toLowerCase()}.${GROUP}/${escapeForTerminal(name)}\n`;

export function renderNames(doc: NamedDocument): string {
  switch (doc.kind) {
    case 'MigratabilityReport':
      return doc.items.map((i) => line(i.kind, i.name)).join('');
    case 'MigrationList':
      return doc.items.map((i) => line(VMIM, i.migration)).join('');
    case 'MigrationDiagnosis':
      return doc.target.migration ? line(VMIM, doc.target.migration.name) : line('VirtualMachineInstance', doc.target.vmi);
    case 'NodeEvacuationDiagnosis':
      return doc.items.map((i) => line('VirtualMachineInstance', i.vmi)).join('');
    case 'MigrationStart':
    case 'MigrationAbort':
      // A dry run names what the server would have made; nothing was created or aborted.
      return doc.migration && !doc.dryRun ? line(VMIM, doc.migration.name) : '';
    case 'RuleList':
      return doc.items.map((r) => `rule/${r.id}\n`).join('');
  }
}
