// How `start` ends besides the pre-flight's refusal: the API server refusing the create, and a
// migration deleted before it finished while --wait followed it. Pure; the sentences are in
// render/start-document.ts.
import type { VerdictStatus } from '../why/cause.js';
import { parseMigrationCreateDenial, type MigrationCreateDenial } from '../why/parse/migration-create-denial.js';
import type { StartCause } from './preflight.js';

/** The create refused by admission (the migration-create webhook, pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go): the cause and the server's own words. */
export interface ServerRefusal {
  cause: StartCause;
  message: string;
}

/** A refusal of the create, from the error's HTTP status and message; undefined when it is not one the webhook explains. */
export function serverRefusalOf(status: number | undefined, message: string): ServerRefusal | undefined {
  const denial = status !== undefined && status >= 400 && status < 500 ? parseMigrationCreateDenial(message) : undefined;
  return denial ? { cause: denialCause(denial), message: message.replace(/^Error from server \([^)]*\): /, '') } : undefined;
}

function denialCause(d: MigrationCreateDenial): StartCause {
  switch (d.kind) {
    case 'in-flight-migration':
      return 'migration-conflict';
    case 'vmi-not-migratable':
      return 'not-live-migratable';
    case 'vmi-missing':
    case 'vmi-finalized':
      return 'vmi-not-running';
  }
}

/** `start --wait` saw the migration deleted (or replaced) before a final phase: it was cancelled. */
export interface GoneVerdict {
  status: Extract<VerdictStatus, 'failed'>;
  cause: 'aborted';
  /** The phase last seen (`''`: none yet). */
  phase: string;
}

export function goneVerdict(lastPhase: string): GoneVerdict {
  return { status: 'failed', cause: 'aborted', phase: lastPhase };
}
