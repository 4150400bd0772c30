// The args of the confidential-computing rule's findings (rules/confidential-computing.ts), for render/migratability-text.ts. Types only.

export interface ConfidentialComputingArgs {
  technology: 'SEV-SNP' | 'TDX' | 'SEV-ES' | 'SEV' | 'SecureExecution';
}
