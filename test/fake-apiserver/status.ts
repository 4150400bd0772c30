// Kubernetes `Status` error bodies with the exact messages kube-apiserver writes
// (k8s.io/apimachinery/pkg/api/errors and apiserver/pkg/endpoints/handlers/responsewriters).
// Clients and our own error mapping parse these, so wording and `details` must match.

import type { ResourceType } from '../../src/kube/resources.js';
import { qualifiedName } from '../../src/kube/resources.js';

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  retryAfterSeconds?: number;
  causes?: { reason?: string; message?: string; field?: string }[];
}

export interface KubeStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** The StatusReason kube-apiserver pairs with each HTTP code when nothing more specific applies. */
const REASON_BY_CODE: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Expired',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

export function reasonForCode(code: number): string {
  return REASON_BY_CODE[code] ?? (code >= 500 ? 'InternalError' : '');
}

export function failure(code: number, reason: string, message: string, details?: StatusDetails): KubeStatus {
  const s: KubeStatus = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details && Object.keys(details).length > 0) s.details = details;
  return s;
}

/** details.{name,group,kind} as NewNotFound & co. fill them: kind is the plural, group omitted for core. */
function resourceDetails(r: ResourceType, name?: string): StatusDetails {
  const d: StatusDetails = {};
  if (name) d.name = name;
  if (r.group) d.group = r.group;
  d.kind = r.plural;
  return d;
}

export function notFound(r: ResourceType, name: string): KubeStatus {
  return failure(404, 'NotFound', `${qualifiedName(r)} "${name}" not found`, resourceDetails(r, name));
}

/** A path the server does not serve (unknown resource under a known group version). */
export function pathNotFound(): KubeStatus {
  return failure(404, 'NotFound', 'the server could not find the requested resource', {});
}

export function alreadyExists(r: ResourceType, name: string): KubeStatus {
  return failure(409, 'AlreadyExists', `${qualifiedName(r)} "${name}" already exists`, resourceDetails(r, name));
}

/** errors.NewConflict: "Operation cannot be fulfilled on <resource> "<name>": <cause>". */
export function conflict(r: ResourceType, name: string, cause: string): KubeStatus {
  return failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedName(r)} "${name}": ${cause}`, resourceDetails(r, name));
}

export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

/** etcd key as the generic registry builds it; it appears inside precondition errors. */
export function storageKey(r: ResourceType, namespace: string | undefined, name: string): string {
  const prefix = r.group ? `/registry/${r.group}/${r.plural}` : `/registry/${r.plural}`;
  return namespace ? `${prefix}/${namespace}/${name}` : `${prefix}/${name}`;
}

/** Delete with preconditions.uid that does not match: a Conflict wrapping a storage InvalidObj error. */
export function uidPreconditionFailed(r: ResourceType, namespace: string | undefined, name: string, wanted: string, actual: string): KubeStatus {
  const cause =
    `StorageError: invalid object, Code: 4, Key: ${storageKey(r, namespace, name)}, ResourceVersion: 0, ` +
    `AdditionalErrorMsg: Precondition failed: UID in precondition: ${wanted}, UID in object meta: ${actual}`;
  return conflict(r, name, cause);
}

export function badRequest(message: string): KubeStatus {
  return failure(400, 'BadRequest', message);
}

export function unauthorized(): KubeStatus {
  return failure(401, 'Unauthorized', 'Unauthorized');
}

export interface ForbiddenAttributes {
  user: string;
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/**
 * responsewriters.Forbidden: `<qualified resource> ["<name>" ]is forbidden: User "<u>" cannot <verb>
 * resource "<res[/sub]>" in API group "<g>" (in the namespace "<ns>"|at the cluster scope)`.
 */
export function forbidden(a: ForbiddenAttributes): KubeStatus {
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const scope = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
  const why = `User "${a.user}" cannot ${a.verb} resource "${resource}" in API group "${a.group}" ${scope}`;
  const gr = a.group ? `${a.resource}.${a.group}` : a.resource;
  const subject = a.name ? `${gr} "${a.name}"` : gr;
  const details: StatusDetails = {};
  if (a.name) details.name = a.name;
  if (a.group) details.group = a.group;
  details.kind = a.resource;
  return failure(403, 'Forbidden', `${subject} is forbidden: ${why}`, details);
}

export function invalid(r: ResourceType, name: string, field: string, detail: string): KubeStatus {
  const kindGroup = r.group ? `${r.kind}.${r.group}` : r.kind;
  const message = `${kindGroup} "${name}" is invalid: ${field}: ${detail}`;
  return failure(422, 'Invalid', message, {
    ...(name ? { name } : {}),
    ...(r.group ? { group: r.group } : {}),
    kind: r.kind,
    causes: [{ reason: detail.startsWith('Required value') ? 'FieldValueRequired' : 'FieldValueInvalid', message: detail, field }],
  });
}

export function unsupportedPatchType(): KubeStatus {
  return failure(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: ' +
      'application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
  );
}

export function methodNotAllowed(): KubeStatus {
  return failure(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
}

/** Default messages for an injected fault with just a status code. */
export function genericFailure(code: number, retryAfterSeconds?: number): KubeStatus {
  const details: StatusDetails = retryAfterSeconds !== undefined ? { retryAfterSeconds } : {};
  switch (code) {
    case 429:
      return failure(429, 'TooManyRequests', 'Too many requests, please try again later.', details);
    case 500:
      return failure(500, 'InternalError', 'Internal error occurred: injected fault', { causes: [{ message: 'injected fault' }], ...details });
    case 503:
      return failure(503, 'ServiceUnavailable', 'the server is currently unable to handle the request', details);
    case 504:
      return failure(504, 'Timeout', 'Timeout: request did not complete within requested timeout - context deadline exceeded', details);
    case 410:
      return failure(
        410,
        'Expired',
        'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.',
        details,
      );
    default:
      return failure(code, reasonForCode(code), `injected fault: HTTP ${code}`, details);
  }
}
