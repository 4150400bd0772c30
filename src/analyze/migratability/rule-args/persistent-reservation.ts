// The args of the persistent-reservation rule's findings (rules/persistent-reservation.ts), for render/migratability-text.ts. Types only.

export interface PersistentReservationArgs {
  disk: string;
  kubevirtVersion?: string;
}
