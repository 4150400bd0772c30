import { stringify } from 'yaml';

/** Every document's apiVersion (contract §4). */
export const API_VERSION = 'vmigrate/v1';

/** `-o json|yaml`: exactly one document on stdout. */
export function renderDocument(doc: object, format: 'json' | 'yaml'): string {
  if (format === 'json') return JSON.stringify(doc, null, 2) + '\n';
  // YAML 1.1's rules for when a string needs quotes, as kubectl's (go-yaml v2): a time, `yes`,
  // `on`, `y` are quoted, so that a 1.1 reader does not turn them into a timestamp or a boolean.
  return stringify(doc, { lineWidth: 0, version: '1.1' });
}
