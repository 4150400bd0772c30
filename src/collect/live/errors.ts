// Turns HTTP failures into the one-line messages a kubectl user already knows. Server errors
// read the Kubernetes Status body (`Error from server (Reason): message`); bodies that are not a
// Status (proxies, load balancers, plain-text 404s) get client-go's generic wording with the
// operation appended, e.g. `(list nodes)`.
import { SourceError, type SourceErrorKind } from '../source.js';
import { formatDuration } from '../../kube/duration.js';
import { formatLimit } from './body-limits.js';
import { ProxyError } from './transport.js';

/** What a request was doing, for messages: `list nodes`, `get pods/log virt-launcher-x`. */
export interface Operation {
  verb: 'get' | 'list' | 'watch' | 'create' | 'delete';
  /** Qualified resource (`nodes`, `virtualmachineinstances.kubevirt.io`), or a raw path. */
  resource: string;
  subresource?: string;
  name?: string;
}

export function describeOperation(op: Operation): string {
  const res = op.subresource ? `${op.resource}/${op.subresource}` : op.resource;
  return op.name ? `${op.verb} ${res} ${op.name}` : `${op.verb} ${res}`;
}

/** Thrown by the HTTP client when --request-timeout expires; mapped by errorFromTransport. */
export class ClientTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`request timed out after ${formatDuration(timeoutMs)}`);
    this.name = 'ClientTimeoutError';
  }
}

interface KubeStatus {
  kind?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
}

/** The Status object in a body, if the body is one. */
export function parseStatus(body: string): KubeStatus | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && (parsed as KubeStatus).kind === 'Status') return parsed as KubeStatus;
  } catch {
    // Not JSON: the caller falls back to generic wording.
  }
  return undefined;
}

export function errorFromResponse(status: number, body: string, op: Operation): SourceError {
  if (status === 404 && (op.verb === 'list' || op.verb === 'watch')) {
    // A collection 404s only when its type is not served (namespaces are not checked on list):
    // usually a CRD that is not installed, e.g. no KubeVirt or no CDI.
    return new SourceError('NotFound', `error: the server doesn't have a resource type "${op.resource}"`, op.resource, status);
  }
  const st = parseStatus(body);
  const reason = st?.reason || genericReason(status);
  const kind = kindForStatus(status, reason);
  const message = st?.message ? withOperation(status, oneLine(st.message), op) : genericMessage(status, body, op);
  if (status === 401) {
    // kubectl special-cases 401 this way, whatever the server's wording.
    return new SourceError(kind, `error: You must be logged in to the server (${message || 'Unauthorized'})`, op.resource, status);
  }
  const line = reason ? `Error from server (${reason}): ${message}` : `Error from server: ${message}`;
  return new SourceError(kind, line, op.resource, status);
}

/**
 * Overload and server-side failures (429, 5xx) carry messages such as "Internal error occurred:
 * etcdserver: request timed out" that do not say which of a command's concurrent requests failed;
 * append the operation as client-go does for its generic wording. 4xx messages are left verbatim:
 * they name their object, and admission webhook refusals are quoted to the user as they are.
 */
function withOperation(status: number, message: string, op: Operation): string {
  if (status !== 429 && status < 500) return message;
  const resource = op.resource.split('.')[0] ?? op.resource;
  return message.includes(resource) ? message : `${message} (${describeOperation(op)})`;
}

function kindForStatus(status: number, reason: string): SourceErrorKind {
  if (reason === 'Timeout' || status === 504) return 'Timeout';
  switch (status) {
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 409:
      return 'Conflict';
    case 429:
      return 'TooManyRequests';
  }
  if (status >= 500) return 'ServerError';
  if (status >= 400) return 'BadRequest';
  return 'InvalidResponse';
}

// Reasons and messages as client-go's NewGenericServerResponse phrases them.
function genericReason(status: number): string {
  const reasons: Record<number, string> = {
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    405: 'MethodNotAllowed',
    406: 'NotAcceptable',
    409: 'Conflict',
    410: 'Gone',
    415: 'UnsupportedMediaType',
    422: 'Invalid',
    429: 'TooManyRequests',
    500: 'InternalError',
    503: 'ServiceUnavailable',
    504: 'Timeout',
  };
  return reasons[status] ?? '';
}

function genericMessage(status: number, body: string, op: Operation): string {
  const suffix = ` (${describeOperation(op)})`;
  switch (status) {
    case 400:
      return `the server rejected our request for an unknown reason${suffix}`;
    case 401:
      return 'Unauthorized';
    case 403:
      return `the server does not allow access to the requested resource${suffix}`;
    case 404:
      return `the server could not find the requested resource${suffix}`;
    case 405:
      return `the server does not allow this method on the requested resource${suffix}`;
    case 409:
      return `the server reported a conflict${suffix}`;
    case 410:
      return `the requested resource is no longer available${suffix}`;
    case 422:
      return `the server rejected our request due to an error in our request${suffix}`;
    case 429:
      return `the server has received too many requests and has asked us to try again later${suffix}`;
    case 500:
      return `an error on the server (${JSON.stringify(snippet(body))}) has prevented the request from succeeding${suffix}`;
    case 503:
      return `the server is currently unable to handle the request${suffix}`;
    case 504:
      return `the server was unable to return a response in the time allotted, but may still be processing the request${suffix}`;
    default: {
      const text = snippet(body);
      return text
        ? `the server responded with the status code ${status}: ${JSON.stringify(text)}${suffix}`
        : `the server responded with the status code ${status} but did not return more information${suffix}`;
    }
  }
}

/**
 * A body past its cap (body-limits.ts): `error: response too large from the server (list pods):
 * one page is larger than 64 MiB; stopped reading`.
 */
export function responseTooLarge(op: Operation, what: string, maxBytes: number, status?: number, note?: string): SourceError {
  const why = `${what} is larger than ${formatLimit(maxBytes)}${note ? ` (${note})` : ''}`;
  return new SourceError('InvalidResponse', `error: response too large from the server (${describeOperation(op)}): ${why}; stopped reading`, op.resource, status);
}

/** A 2xx body we could not use: truncated or not JSON. */
export function invalidResponse(op: Operation, detail: string, status?: number): SourceError {
  return new SourceError('InvalidResponse', `error: invalid response from the server (${describeOperation(op)}): ${oneLine(detail)}`, op.resource, status);
}

// Node's TLS verification error codes; any of them means "we did not trust the certificate".
const TLS_VERIFY_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
// The ones where no trusted CA signed the chain: Go, and so kubectl, words all of them alike.
const UNKNOWN_AUTHORITY_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** Socket-level failures (no HTTP status): refused, DNS, TLS, resets, our own timeout. */
export function errorFromTransport(err: unknown, op: Operation, server: URL): SourceError {
  const e = err as NodeJS.ErrnoException;
  const code = e?.code ?? '';
  const detail = oneLine(e instanceof Error ? e.message : String(err));
  const what = describeOperation(op);
  const make = (kind: SourceErrorKind, line: string) => new SourceError(kind, line, op.resource);
  if (err instanceof ProxyError) return make('Connection', `Unable to connect to the server: ${oneLine(err.message)}`);
  if (err instanceof ClientTimeoutError) {
    return make('Timeout', `error: timed out after ${formatDuration(err.timeoutMs)} waiting for the server (${what}); raise --request-timeout or use 0 for none`);
  }
  if (code === 'ECONNREFUSED') {
    return make('Connection', `The connection to the server ${hostPort(server)} was refused - did you specify the right host or port?`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return make('Connection', `Unable to connect to the server: dial tcp: lookup ${server.hostname}: no such host`);
  }
  if (TLS_VERIFY_CODES.has(code)) {
    // Node.js 22.15+/24 append a hint about its own --use-system-ca flag: not a kubectl user's fix
    // (the kubeconfig's certificate-authority is), and the message must not depend on the runtime.
    const reason = UNKNOWN_AUTHORITY_CODES.has(code)
      ? 'certificate signed by unknown authority'
      : detail.replace(/; if the root CA is installed locally, try running Node\.js with --use-system-ca$/, '');
    // Never `x509:` with nothing after it: a runtime that gives no message still names the code.
    return make('Connection', `Unable to connect to the server: tls: failed to verify certificate: x509: ${reason || code}`);
  }
  if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/.test(detail)) {
    return make('Connection', 'Unable to connect to the server: http: server gave HTTP response to HTTPS client');
  }
  if (code === 'ETIMEDOUT' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH') {
    return make('Connection', `Unable to connect to the server: dial tcp ${hostPort(server)}: ${detail}`);
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up|aborted/.test(detail)) {
    return make('Connection', `Unable to connect to the server: the connection was closed unexpectedly: ${detail} (${what})`);
  }
  return make('Connection', `Unable to connect to the server: ${detail} (${what})`);
}

/** kubectl always names host:port, with the scheme's default port when the URL has none. */
export function hostPort(server: URL): string {
  const port = server.port || (server.protocol === 'http:' ? '80' : '443');
  return `${server.hostname}:${port}`;
}

// Messages from webhooks and Status bodies can span lines; the documented rule is one line.
function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

function snippet(body: string): string {
  const text = oneLine(body);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
