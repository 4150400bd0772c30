// The args of the vmi-running check (checks/vmi-running.ts), for render/why-text/vmi-running.ts. Types only.

/** What the hint needs to name: the namespace, the VM that owns the VMI, the migration. */
export interface Names {
  namespace: string;
  vm?: string;
  migration?: string;
}

/** Why the VMI is no live source: it does not exist, is not Running, or its node is gone or not Ready. */
export type Problem =
  | { kind: 'missing'; vmi: string; namespace: string; vmStatus?: string }
  | { kind: 'phase'; vmi: string; namespace: string; phase: string }
  | { kind: 'node-missing'; vmi: string; node: string }
  | { kind: 'node-not-ready'; vmi: string; node: string; status: string; reason?: string };

export type VmiRunningArgs =
  | (Names & Problem)
  | { kind: 'running'; vmi: string; phase: string; node?: string }
  /** The receiving VMI of a decentralized target half: not Running until the migration succeeded. */
  | { kind: 'receiver'; vmi: string; phase: string };
