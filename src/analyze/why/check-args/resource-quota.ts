// The args of the resource-quota check (checks/resource-quota.ts), for render/why-text/resource-quota.ts. Types only.
import type { QuotaShortfall } from '../quota-headroom.js';
import type { QuotaResourceUse } from '../parse/quota-message.js';

/** A refusal the apiserver wrote: the quota and pod it names, and what did not fit. */
export type Refusal =
  | { kind: 'exceeded'; quota: string; pod?: string; resources: QuotaResourceUse[] }
  | { kind: 'must-specify'; quota: string; pod?: string; missing: string[] }
  /** The VMIM condition alone (v1.0+); the quota and resources when our headroom names them. */
  | { kind: 'condition'; quota?: string; resources?: QuotaShortfall[] };

/**
 * How a refusal is held: `past` (info) once the target pod exists; else it blocks, with the
 * namespace, whether the VMIM condition says so too, how many refusals there were, and the
 * virt-controller pod whose log said it (`fromLog`: no event was left).
 */
type Held = { past: true } | { namespace: string; condition?: true; refusals?: number; fromLog?: string };

export type ResourceQuotaArgs =
  | { kind: 'admitted' | 'no-vmi' | 'no-quota' }
  /** Headroom not computable (`missing` says why). */
  | { kind: 'headroom-unknown' }
  | (Refusal & Held)
  /** Computed: one more launcher pod would not fit; the first quota short, and the others. */
  | { kind: 'headroom'; namespace: string; quota: string; resources: QuotaShortfall[]; otherQuotas?: string[] }
  | { kind: 'headroom-ok'; quota: string; resource: string; requested: number; headroom: number };
