// The args of the persistent-reservation rule's findings (rules/persistent-reservation.ts), for render/migratability-text.ts. Types only.

/** `live`: LiveMigratable refuses it (v1.0–v1.8); `storage`: only a volume migration is refused (StorageLiveMigratable, v1.9+). */
export interface PersistentReservationArgs {
  disk: string;
  refuses: 'live' | 'storage';
}
