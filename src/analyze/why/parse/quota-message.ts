// Parse the apiserver's ResourceQuota admission errors that KubeVirt puts in the VMI `FailedCreate`
// event (`Error creating pod: <error>`, pkg/virt-controller/watch/migration/migration.go).
// Kubernetes texts (plugin/pkg/admission/resourcequota), as seen in the wild:
// - `pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-z4g94, requested:
//   limits.memory=5682461313, used: limits.memory=5682461313, limited: limits.memory=10865341313`
//   (harvester-develop-summary v1.7.0 log; harvester/harvester#3124);
// - `failed quota: NAME: must specify limits.memory,requests.memory` (older), and per container
//   `failed quota: NAME: must specify limits.memory for: compute; requests.memory for: compute`
//   (newer apiservers).
// Pasted copies may be reflowed over several lines and carry thousands separators
// (`limits.cpu=4,015m`, harvester/harvester#7161): whitespace is collapsed and a comma counts as a
// separator only before the next `name=`.

import { parseQuantity } from '../../../kube/quantity.js';
import { CONTROL_CHARS as C } from '../../../kube/control-chars.js';

export interface QuotaResourceUse {
  resource: string;
  requested?: number;
  used?: number;
  limited?: number;
  /** requested + used − limited, when all three parse: how much the quota is short. > 0 ⇒ this resource refused the pod. */
  shortfall?: number;
}

export interface QuotaExceeded {
  /** The pod named in `pods "<name>" is forbidden`, when present. */
  pod?: string;
  quota: string;
  /** Verbatim quantities per resource (`limits.memory` → `4737464313`). */
  requested: Record<string, string>;
  used: Record<string, string>;
  limited: Record<string, string>;
  /** Numbers per requested resource, in base units (bytes, cores, counts). */
  resources: QuotaResourceUse[];
}

export interface QuotaMustSpecify {
  pod?: string;
  quota: string;
  /** Resources the pod must declare, e.g. `limits.memory`. */
  missing: string[];
  /** Newer apiservers name the containers per resource. */
  containers?: Record<string, string[]>;
}

// Names, resources and quantities never hold a control character: a value stops at one.
const POD = new RegExp(`pods "([^"${C}]+)" is forbidden`, 'u');
const EXCEEDED = new RegExp(`exceeded quota: ([^${C}]+?),\\s*requested:\\s*([^${C}]*?),?\\s*used:\\s*([^${C}]*?),?\\s*limited:\\s*([^"'\\]${C}]*)`, 'u');
const MUST_SPECIFY = new RegExp(`failed quota: ([^:${C}]+): must specify ([^\\]"${C}]+)`, 'u');
const MUST_SPECIFY_FOR = new RegExp(`^\\s*(?:must specify\\s+)?([^\\s${C}]+) for: ([^${C}]+)$`, 'u');

/** `a=1,b=2` → {a: '1', b: '2'}; a comma inside a quantity (`4,015m`, a pasted copy) is a thousands separator. */
function parseResourceList(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of s.split(/,\s*(?=[A-Za-z][\w./-]*\s*=)/)) {
    const eq = item.indexOf('=');
    if (eq > 0) out[item.slice(0, eq).trim()] = item.slice(eq + 1).trim().replace(/,$/, '').replace(/(\d),(?=\d{3}\b)/g, '$1');
  }
  return out;
}

function podOf(text: string): { pod?: string } {
  const pod = POD.exec(text)?.[1];
  return pod ? { pod } : {};
}

/** The `exceeded quota: …` error inside `text`, with per-resource shortfall; undefined if absent. */
export function parseQuotaExceeded(text: string): QuotaExceeded | undefined {
  const m = EXCEEDED.exec(text.replace(/\s+/g, ' '));
  if (!m) return undefined;
  const requested = parseResourceList(m[2]!);
  const used = parseResourceList(m[3]!);
  const limited = parseResourceList(m[4]!);
  const resources = Object.keys(requested).map((resource): QuotaResourceUse => {
    const r: QuotaResourceUse = { resource };
    const req = parseQuantity(requested[resource]);
    const u = parseQuantity(used[resource]);
    const l = parseQuantity(limited[resource]);
    if (req !== undefined) r.requested = req;
    if (u !== undefined) r.used = u;
    if (l !== undefined) r.limited = l;
    if (req !== undefined && u !== undefined && l !== undefined) r.shortfall = req + u - l;
    return r;
  });
  return { ...podOf(text), quota: m[1]!.trim(), requested, used, limited, resources };
}

/** The `failed quota: NAME: must specify …` error inside `text`; undefined if absent. */
export function parseQuotaMustSpecify(text: string): QuotaMustSpecify | undefined {
  const m = MUST_SPECIFY.exec(text);
  if (!m) return undefined;
  const spec = m[2]!.trim();
  const out: QuotaMustSpecify = { ...podOf(text), quota: m[1]!.trim(), missing: [] };
  if (/ for: /.test(spec)) {
    out.containers = {};
    for (const seg of spec.split(';')) {
      const s = MUST_SPECIFY_FOR.exec(seg.trim());
      if (!s) continue;
      out.missing.push(s[1]!);
      out.containers[s[1]!] = s[2]!.split(',').map((c) => c.trim()).filter(Boolean);
    }
  } else {
    out.missing = spec.split(',').map((r) => r.trim()).filter(Boolean);
  }
  return out;
}
