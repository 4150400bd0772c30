// Offline snapshots (`--from PATH`, docs/snapshots.md). Commands import from here.
export { openSnapshotSource, snapshotFromObjects, SnapshotSource } from './snapshot-source.js';
export type { NowSource, SnapshotOptions, SnapshotStats } from './snapshot-source.js';
export { MAX_FILE_BYTES } from './read-files.js';
export { MAX_ALIAS_COUNT, MAX_YAML_BYTES } from './parse-documents.js';
