import { stringify } from 'yaml';

/** Every document's apiVersion (contract §4). */
export const API_VERSION = 'vmigrate/v1';

/** `-o json|yaml`: exactly one document on stdout. */
export function renderDocument(doc: object, format: 'json' | 'yaml'): string {
  if (format === 'json') return JSON.stringify(doc, null, 2) + '\n';
  return stringify(doc, { lineWidth: 0 });
}
