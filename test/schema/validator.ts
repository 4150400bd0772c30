// The JSON Schemas of schema/ loaded into ajv (draft 2020-12), in two modes:
// - as published: objects are open, so consumers keep working when fields are added;
// - strict (for our own outputs): every object that lists properties and does not say
//   `additionalProperties` itself (`true`: open on purpose, e.g. progress) must declare each field
//   it carries, so an undocumented field in a real output fails a test instead of slipping by.
// No custom keyword: the schemas load into any stock draft 2020-12 validator (docs/documents.md).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { REPO } from '../e2e/plugin.js';

export const SCHEMA_DIR = join(REPO, 'schema');
/** Output kinds and their schema files. */
export const KINDS = ['MigratabilityReport', 'MigrationDiagnosis', 'MigrationList', 'MigrationStart', 'MigrationAbort', 'RuleList', 'NodeEvacuationDiagnosis'] as const;
export type Kind = (typeof KINDS)[number];

export type JsonSchema = Record<string, unknown>;

export function loadSchemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const f of readdirSync(SCHEMA_DIR).filter((n) => n.endsWith('.schema.json'))) {
    out[f.replace('.schema.json', '')] = JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8')) as JsonSchema;
  }
  return out;
}

// RFC 3339 date-time, as the contract promises for times.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function makeAjv(schemas: Record<string, JsonSchema>): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false });
  ajv.addFormat('date-time', DATE_TIME);
  for (const s of Object.values(schemas)) ajv.addSchema(s);
  return ajv;
}

/** A deep copy with `additionalProperties: false` on every object schema that lists properties and does not set it. */
export function strictCopy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictCopy);
  if (schema === null || typeof schema !== 'object') return schema;
  const s = schema as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    // Under `properties` and `$defs` the keys are names, not keywords.
    copy[k] = k === 'properties' || k === '$defs' ? mapValues(v, strictCopy) : strictCopy(v);
  }
  if (s.properties !== undefined && s.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

function mapValues(v: unknown, f: (x: unknown) => unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, f(x)]));
}

export interface Validators {
  published: Ajv2020;
  strict: Ajv2020;
}

export function validators(): Validators {
  const schemas = loadSchemas();
  const strict = Object.fromEntries(Object.entries(schemas).map(([k, s]) => [k, strictCopy(s) as JsonSchema]));
  return { published: makeAjv(schemas), strict: makeAjv(strict) };
}

let schemaIds: Record<string, string> | undefined;

/** Errors of `doc` against the schema of its kind (both modes), as readable lines; [] when valid. */
export function validateDocument(v: Validators, doc: unknown): string[] {
  const kind = (doc as { kind?: string } | null)?.kind;
  if (!kind || !(KINDS as readonly string[]).includes(kind)) return [`no schema for kind ${String(kind)}`];
  // Read once: property tests validate thousands of documents.
  schemaIds ??= Object.fromEntries(Object.entries(loadSchemas()).map(([k, s]) => [k, s.$id as string]));
  const id = schemaIds[kind]!;
  const out: string[] = [];
  for (const [mode, ajv] of [['published', v.published], ['strict', v.strict]] as const) {
    const validate = ajv.getSchema(id);
    if (!validate) return [`schema ${id} not loaded`];
    if (!validate(doc)) out.push(...(validate.errors ?? []).map((e: ErrorObject) => `${mode}: ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`));
  }
  return out;
}

/**
 * The rule for absent values (docs/documents.md): a field the schema lists in `required` is always
 * there, null when it has no value (where its schema allows null); any other field is left out
 * when it has no value, never null. The copy forbids null in every property that is not required.
 */
export function absentValuesCopy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absentValuesCopy);
  if (schema === null || typeof schema !== 'object') return schema;
  const s = schema as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) copy[k] = k === 'properties' || k === '$defs' ? mapValues(v, absentValuesCopy) : absentValuesCopy(v);
  if (s.properties !== null && typeof s.properties === 'object') {
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties as Record<string, unknown>).map(([name, p]) => [name, required.has(name) ? p : { allOf: [p, { not: { type: 'null' } }] }]),
    );
  }
  return copy;
}

let absentAjv: Ajv2020 | undefined;

/** Where `doc` breaks the absent-values rule, as `path: message` lines; [] when it keeps it. */
export function absentValueViolations(doc: unknown): string[] {
  const kind = (doc as { kind?: string } | null)?.kind ?? '';
  const schemas = loadSchemas();
  absentAjv ??= makeAjv(Object.fromEntries(Object.entries(schemas).map(([k, s]) => [k, absentValuesCopy(s) as JsonSchema])));
  const validate = absentAjv.getSchema(schemas[kind]?.$id as string);
  if (!validate) return [`no schema for kind ${kind}`];
  if (validate(doc)) return [];
  return (validate.errors ?? []).filter((e) => e.keyword === 'not').map((e) => `${e.instancePath}: null in a field that is not required (leave it out)`);
}
