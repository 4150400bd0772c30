// The yaml package, for parse-documents.ts to import on demand. A dynamic import of the
// CommonJS package itself would give the bundle only its default export; this ESM module gives
// the named ones, in the bundle and out of it.
export { LineCounter, parseAllDocuments } from 'yaml';
