// Classify what a target pod that does not start shows (an event, a container state, the pod's
// status) against POD_EVENT_REASONS (src/kube/pod-event-reasons.ts): which known text it is, its
// problem class, and for a sandbox failure the CNI plugin and network it names.
import { POD_EVENT_REASONS, REJECTED_PREFIXES, type PodProblemClass, type PodReasonSite } from '../../../kube/pod-event-reasons.js';
import { goFormatRegExp, normalizeEventMessage } from './go-format.js';
import { CONTROL_CHARS as C } from '../../../kube/control-chars.js';

export interface PodProblem {
  /** The POD_EVENT_REASONS id. */
  id: string;
  class: PodProblemClass;
  /** The CNI plugin whose text it is (`multus`, `calico`, …). */
  cni?: string;
  /** `plugin type="…"` of a sandbox failure: the CNI binary the runtime called. */
  cniType?: string;
  /** The network (NetworkAttachmentDefinition) a sandbox failure names. */
  network?: string;
}

// A plugin or network name never holds a control character.
const CNI_TYPE = new RegExp(`plugin type="([^"${C}]+)"`, 'u');
const NETWORK = [`error adding container to network "([^"${C}]+)"`, `to CNI network "([^"${C}]+)"`, `cannot find a network-attachment-definition \\(([^)${C}]+)\\)`].map((s) => new RegExp(s, 'u'));

function strip(site: PodReasonSite, message: string): string {
  const text = normalizeEventMessage(message);
  if (site !== 'pod-status') return text;
  const prefix = REJECTED_PREFIXES.find((p) => text.startsWith(p));
  return prefix ? text.slice(prefix.length) : text;
}

/** The first entry of `site` and `reason` whose pattern the message matches; undefined when none does. */
export function classifyPodReason(site: PodReasonSite, reason: string | undefined, message = ''): PodProblem | undefined {
  if (!reason) return undefined;
  const text = strip(site, message);
  const hit = POD_EVENT_REASONS.find(
    (e) =>
      e.site === site &&
      (e.reasonPrefix ? reason.startsWith(e.reason) : e.reason === reason) &&
      (e.pattern === undefined || goFormatRegExp(e.pattern, e.match ?? 'prefix').test(text)),
  );
  if (!hit) return undefined;
  const out: PodProblem = { id: hit.id, class: hit.class };
  if (hit.cni) out.cni = hit.cni;
  if (hit.class === 'network') {
    const type = CNI_TYPE.exec(text)?.[1];
    if (type) out.cniType = type;
    const network = NETWORK.map((re) => re.exec(text)?.[1]).find((n) => n !== undefined);
    if (network) out.network = network;
  }
  return out;
}
