// Fault injection: match a request by resource/verb/path/namespace/name and consume one "time".
// The first registered fault that matches wins, so tests can stack a narrow fault before a broad one.

import type { ResourceType } from '../../src/kube/resources.js';
import { findResource } from './store.js';
import type { FaultHandle, FaultSpec, FaultVerb } from './types.js';

/** What a fault is matched against. `resource` is undefined for non-resource paths. */
export interface FaultTarget {
  method: string;
  path: string;
  verb?: FaultVerb;
  resource?: ResourceType;
  subresource?: string;
  namespace?: string;
  name?: string;
}

class Fault implements FaultHandle {
  hits = 0;
  constructor(
    readonly spec: FaultSpec,
    private readonly owner: FaultRegistry,
  ) {}
  get exhausted(): boolean {
    return this.spec.times !== undefined && this.hits >= this.spec.times;
  }
  remove(): void {
    this.owner.delete(this);
  }
}

function resourceMatches(spec: string, t: FaultTarget): boolean {
  const [base, sub] = spec.split('/') as [string, string | undefined];
  const r = findResource(base);
  if (!r) throw new Error(`fake-apiserver: fault on unknown resource "${spec}"`);
  if (t.resource?.id !== r.id) return false;
  return sub === undefined || t.subresource === sub;
}

export class FaultRegistry {
  private faults: Fault[] = [];

  add(spec: FaultSpec): FaultHandle {
    // Validate the resource name now, not on the first request, so typos fail the test early.
    if (spec.resource !== undefined && !findResource(spec.resource.split('/')[0]!)) {
      throw new Error(`fake-apiserver: fault on unknown resource "${spec.resource}"`);
    }
    const f = new Fault(spec, this);
    this.faults.push(f);
    return f;
  }

  delete(f: FaultHandle): void {
    this.faults = this.faults.filter((x) => x !== f);
  }

  clear(): void {
    this.faults = [];
  }

  /** The fault to apply to this request, already counted as a hit. */
  take(t: FaultTarget, query: URLSearchParams = new URLSearchParams()): FaultSpec | undefined {
    const f = this.faults.find((x) => !x.exhausted && matches(x.spec, t) && (x.spec.withQuery === undefined || query.has(x.spec.withQuery)));
    if (!f) return undefined;
    f.hits++;
    return f.spec;
  }
}

function matches(s: FaultSpec, t: FaultTarget): boolean {
  if (s.resource !== undefined && !resourceMatches(s.resource, t)) return false;
  if (s.verb !== undefined && s.verb !== t.verb) return false;
  if (s.method !== undefined && s.method.toUpperCase() !== t.method) return false;
  if (s.path !== undefined) {
    s.path.lastIndex = 0; // a /g regex is stateful; reset so every request is tested alike
    if (!s.path.test(t.path)) return false;
  }
  if (s.namespace !== undefined && s.namespace !== t.namespace) return false;
  if (s.name !== undefined && s.name !== t.name) return false;
  return true;
}
