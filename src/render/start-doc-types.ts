// The types of `start`'s document, apart from the code that builds it, so that the text
// (start-text.ts) can read them and the document can use the text.
import type { MigrationOrigin } from '../kubevirt/evacuation-facts.js';
import type { EvidenceRef } from '../analyze/findings.js';
import type { API_VERSION } from './document.js';
import type { MigratabilityReportDoc } from './migratability-document.js';

/** How a --wait ended: final phase, deleted before that, the --timeout, or Ctrl-C. */
export type WaitOutcome = 'final' | 'gone' | 'timeout' | 'interrupted';

export interface CapacityCheckDoc {
  id: string;
  title: string;
  status: string;
  summary: string;
  cause?: string;
  hint?: string;
  evidence: EvidenceRef[];
  missing?: string;
}

type ItemDoc = MigratabilityReportDoc['items'][number];

export interface MigrationStartDoc {
  apiVersion: typeof API_VERSION;
  kind: 'MigrationStart';
  target: { namespace: string; vmi: string; vm?: string };
  preflight: ItemDoc & {
    capacity: CapacityCheckDoc[];
    placement?: { pod?: string; nodeSelector: Record<string, string>; nodes: { name: string; fits: boolean; reasons: string[] }[] };
    nodeSelector?: { requested: Record<string, string>; overridden: string[] };
  };
  migration: { name: string; uid: string; phase: string; origin: MigrationOrigin } | null;
  dryRun: boolean;
  refused?: { cause: string; summary: string; hint?: string };
  forced?: { cause: string; summary: string }[];
  wait?: { outcome: WaitOutcome; seconds: number };
  verdict?: { status: string; cause: string; summary: string; hint: string; check?: string };
  errors: { resource: string; message: string }[];
}
