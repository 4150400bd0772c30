// What CDI's StorageProfiles say a StorageClass offers (not a rule: the `_` prefix keeps it out of
// the one-rule-per-file listing). `status.claimPropertySets` (CDI 1.62 writes them in status with
// `spec: {}`; a user's `spec.claimPropertySets` overrides them and CDI copies it to status) lists the
// access modes and volume mode pairs the class supports. The profile has the class's name.
import type { StorageProfile } from '../../../kube/types.js';
import type { Known } from '../../../kube/known.js';
import type { ObjectIndex } from '../../object-index.js';
import type { RwxFix } from '../rule-args/volume-not-shared.js';
import { listOf } from '../../shape.js';
import { RWX } from './_claims.js';

/** The volume modes with which a profile offers ReadWriteMany, in its order. */
export function rwxVolumeModes(profile: StorageProfile): string[] {
  const sets = listOf(profile.status?.claimPropertySets ?? profile.spec?.claimPropertySets);
  const modes = sets.filter((s) => listOf(s.accessModes).includes(RWX)).map((s) => s.volumeMode ?? 'Filesystem');
  return [...new Set(modes)];
}

/** Every class whose profile offers ReadWriteMany, with its first such volume mode. */
function rwxClasses(profiles: readonly StorageProfile[]): { storageClass: string; volumeMode: string }[] {
  const out: { storageClass: string; volumeMode: string }[] = [];
  for (const p of profiles) {
    const mode = rwxVolumeModes(p)[0];
    if (mode !== undefined) out.push({ storageClass: p.metadata.name ?? '', volumeMode: mode });
  }
  return out;
}

/**
 * Where a claim that is not ReadWriteMany can get it (the classes that offer it: once per
 * analysis, from the index): its own class, with the volume mode it
 * already has if the class offers ReadWriteMany with it (else the first one it does); else the
 * classes that offer it; else none. Unreadable or absent profiles (no CDI): not known.
 */
export function rwxFix(index: ObjectIndex, profiles: Known<StorageProfile>, storageClass: string | undefined, volumeMode: string | undefined): RwxFix {
  if (!profiles.ok || profiles.items.length === 0) return { kind: 'profiles-unknown' };
  const own = storageClass === undefined ? undefined : profiles.items.find((p) => p.metadata.name === storageClass);
  if (own && storageClass !== undefined) {
    const modes = rwxVolumeModes(own);
    const mode = modes.includes(volumeMode ?? 'Filesystem') ? (volumeMode ?? 'Filesystem') : modes[0];
    if (mode !== undefined) return { kind: 'same-class', storageClass, volumeMode: mode };
  }
  const others = index.derived(profiles.items, 'rwx-classes', () => rwxClasses(profiles.items)).filter((c) => c.storageClass !== storageClass);
  return others.length > 0 ? { kind: 'other-class', classes: others } : { kind: 'no-rwx-class' };
}
