// What a command cost the API server, for the `-v` summary line, and the cap on LISTs in flight.
// A LIST page is charged up to 10 seats by API Priority and Fairness where a GET is charged one,
// so at most MAX_LISTS_IN_FLIGHT pages are requested at once, whatever the cluster's size.
import { performance } from 'node:perf_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { formatDuration } from '../../kube/duration.js';

export const MAX_LISTS_IN_FLIGHT = 4;

// Set by kube-apiserver's priority-and-fairness filter on every response it classifies
// (k8s.io/api/flowcontrol/v1: ResponseHeaderMatchedFlowSchemaUID, …PriorityLevelConfigurationUID).
const FLOW_SCHEMA_HEADER = 'x-kubernetes-pf-flowschema-uid';
const PRIORITY_LEVEL_HEADER = 'x-kubernetes-pf-prioritylevel-uid';

export class RequestStats {
  requests = 0;
  /** As received (compressed when the server gzipped). */
  wireBytes = 0;
  /** After decompression: what was parsed. */
  bodyBytes = 0;
  inFlight = 0;
  peakInFlight = 0;
  flowSchemaUid: string | undefined;
  priorityLevelUid: string | undefined;
  private readonly started = performance.now();

  begin(): void {
    this.requests += 1;
    this.inFlight += 1;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
  }

  end(): void {
    this.inFlight -= 1;
  }

  headers(h: IncomingHttpHeaders): void {
    const fs = h[FLOW_SCHEMA_HEADER];
    const pl = h[PRIORITY_LEVEL_HEADER];
    if (typeof fs === 'string' && fs) this.flowSchemaUid = fs;
    if (typeof pl === 'string' && pl) this.priorityLevelUid = pl;
  }

  /** One line: requests, bytes, peak in flight, wall time, and APF's classification. */
  summary(): string {
    const bytes = this.bodyBytes !== this.wireBytes ? `${formatBytes(this.wireBytes)} received (${formatBytes(this.bodyBytes)} decompressed)` : `${formatBytes(this.wireBytes)} received`;
    const apf =
      this.flowSchemaUid || this.priorityLevelUid
        ? `APF flow schema ${this.flowSchemaUid ?? 'unknown'}, priority level ${this.priorityLevelUid ?? 'unknown'}`
        : 'APF classification not reported by the server';
    return `Summary: ${this.requests} requests, ${bytes}, peak ${this.peakInFlight} in flight, ${formatDuration(performance.now() - this.started)}; ${apf}`;
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

/** A counting semaphore: at most `size` holders; the others wait in arrival order. */
export class Semaphore {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async acquire(): Promise<() => void> {
    if (this.held >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.held += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.held -= 1;
    };
  }
}
