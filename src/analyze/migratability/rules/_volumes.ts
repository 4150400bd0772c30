// Small helpers about `spec.volumes` entries shared by the volume rules (not a rule).
import type { VmiVolume } from '../../../kube/types.js';

/** The volume source field that is set (`persistentVolumeClaim`, `emptyDisk`, `cloudInitNoCloud`…). */
export function volumeSourceKind(v: VmiVolume): string {
  return Object.keys(v).find((k) => k !== 'name' && (v as unknown as Record<string, unknown>)[k] != null) ?? 'unknown';
}
