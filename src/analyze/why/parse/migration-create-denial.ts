// Recognise why KubeVirt's migration-create webhook refused a VirtualMachineInstanceMigration
// (pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go). The text
// reaches us wrapped, e.g. `admission webhook "migration-create-validator.kubevirt.io" denied the
// request: in-flight migration detected. ...`, or inside an evacuation `FailedCreate` event `Error
// creating a Migration: <error>`.

import {
  MSG_CANNOT_MIGRATE_VMI,
  MSG_IN_FLIGHT_MIGRATION,
  MSG_MIGRATION_VMI_FINALIZED,
  MSG_MIGRATION_VMI_MISSING,
} from '../../../kubevirt/constants.js';
import { matchGoFormat } from './go-format.js';

export type MigrationCreateDenial =
  /** Another VMIM for the VMI is not final; `activeMigrationUid` is that VMIM's UID. */
  | { kind: 'in-flight-migration'; activeMigrationUid: string; vmi: string }
  /** `LiveMigratable=False`: the KubeVirt reason and message of the condition. */
  | { kind: 'vmi-not-migratable'; reason: string; message: string }
  | { kind: 'vmi-missing'; namespace: string; name: string }
  | { kind: 'vmi-finalized' };

export function parseMigrationCreateDenial(text: string): MigrationCreateDenial | undefined {
  const inFlight = matchGoFormat(MSG_IN_FLIGHT_MIGRATION, text, 'contains');
  if (inFlight) return { kind: 'in-flight-migration', activeMigrationUid: inFlight[0]!, vmi: inFlight[1]! };
  const notMigratable = matchGoFormat(MSG_CANNOT_MIGRATE_VMI, text, 'contains');
  if (notMigratable) {
    return { kind: 'vmi-not-migratable', reason: notMigratable[0]!, message: notMigratable[1]!.trim() };
  }
  const missing = matchGoFormat(MSG_MIGRATION_VMI_MISSING, text, 'contains');
  if (missing) return { kind: 'vmi-missing', namespace: missing[0]!, name: missing[1]! };
  if (text.includes(MSG_MIGRATION_VMI_FINALIZED)) return { kind: 'vmi-finalized' };
  return undefined;
}
