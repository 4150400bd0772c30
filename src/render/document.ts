/** Every document's apiVersion (docs/documents.md). */
export const API_VERSION = 'vmigrate/v1';

/**
 * `-o json`: exactly one document on stdout. JSON.stringify escapes C0, and the writer's `\uXXXX`
 * for the rest (terminal-text.ts) is JSON's own escape. `-o yaml` is yaml-document.ts, apart so
 * that every other format never loads the yaml package.
 */
export function renderJsonDocument(doc: object): string {
  return JSON.stringify(doc, null, 2) + '\n';
}
