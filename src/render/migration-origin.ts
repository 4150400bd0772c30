// Who created a migration (src/analyze/migration/origin.ts), as every text names it.
import type { MigrationOrigin } from '../kubevirt/evacuation-facts.js';

export const ORIGIN_TEXT: Record<MigrationOrigin, string> = {
  evacuation: 'evacuation',
  descheduler: 'descheduler',
  'workload-update': 'workload-update',
  user: 'user-created',
  unknown: 'unknown-origin',
};
