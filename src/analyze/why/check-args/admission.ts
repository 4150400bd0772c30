// The args of the admission check (checks/admission.ts), for render/why-text/admission.ts. Types only.
import type { PodSecurityRefusal } from '../parse/create-error.js';

/** Which admission refused the target pod (`kind`), with the apiserver's error; `past` once the target pod exists. */
type Refused = PodSecurityRefusal & { error: string } & ({ past: true } | { namespace: string });

export type AdmissionArgs =
  | { kind: 'no-migration' | 'admitted' | 'no-refusal' }
  /** Events unreadable while the migration waits for its target pod (`missing` says why). */
  | { kind: 'events-unreadable' }
  | Refused;
