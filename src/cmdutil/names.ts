// Kubernetes name rules for what the user types (NAME, -n, --node), checked before any I/O: a
// name that passes can never change which API path a request goes to (no `/`, `..`, `%`, `?`)
// nor which snapshot object is looked up. The rules are the API server's own
// (k8s.io/apimachinery/pkg/util/validation): object and node names are DNS-1123 subdomains,
// namespaces DNS-1123 labels.
import { escapeForTerminal } from '../render/terminal-text.js';
import { UsageError } from './errors.js';
import { isDns1123Subdomain } from '../kube/labels.js';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_MAX = 63;
const SUBDOMAIN_MAX = 253;
/** Longer input is shown cut, so that the error stays one readable line. */
const SHOWN_MAX = 80;

/** A VirtualMachine, VirtualMachineInstance or migration name (`what` names the argument in the error). */
export function validateObjectName(name: string, what = 'name'): void {
  if (!isDns1123Subdomain(name)) throw invalid(what, name, `must be a lowercase RFC 1123 subdomain of at most ${SUBDOMAIN_MAX} characters`);
}

export function validateNamespace(namespace: string): void {
  const ok = namespace.length <= LABEL_MAX && DNS1123_LABEL.test(namespace);
  if (!ok) throw invalid('namespace', namespace, `must be a lowercase RFC 1123 label of at most ${LABEL_MAX} characters`);
}

export function validateNodeName(node: string): void {
  if (!isDns1123Subdomain(node)) throw invalid('node name', node, `must be a lowercase RFC 1123 subdomain of at most ${SUBDOMAIN_MAX} characters`);
}

function invalid(what: string, value: string, rule: string): UsageError {
  return new UsageError(`invalid ${what} ${quoteForTerminal(value)}: ${rule}`);
}

/** A typed value, quoted and escaped for a one-line error; very long values are cut. */
export function quoteForTerminal(value: string): string {
  const chars = [...value];
  if (chars.length <= SHOWN_MAX) return `"${escapeForTerminal(value)}"`;
  return `"${escapeForTerminal(chars.slice(0, SHOWN_MAX).join(''))}"… (${chars.length} characters)`;
}
