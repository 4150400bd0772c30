// Public types of the fake API server: options, request records, faults and raw routes.
// Kept apart from server.ts so tests can import types without pulling in node:http.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResourceId } from '../../src/kube/resources.js';
import type { KubeObject } from '../../src/kube/types.js';

/** Verbs as the Kubernetes authorizer names them, plus `log` for faults on pods/log. */
export type ApiVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';
export type FaultVerb = ApiVerb | 'log';

/** Any object the store accepts: needs apiVersion, kind and metadata.name (or generateName). */
export type AnyObject = KubeObject & Record<string, unknown>;

export interface TlsOptions {
  key: string | Buffer;
  cert: string | Buffer;
  /** CA that signed `cert`; written to kubeconfigs as certificate-authority-data. */
  ca?: string | Buffer;
  /**
   * CA for client certificates. When set, the server asks every client for a certificate and, as
   * kube-apiserver does, authenticates one this CA verifies as user = Subject CN, groups = each O.
   * A request with neither such a certificate nor a known token (when `tokens` is set) gets 401.
   */
  clientCa?: string | Buffer;
}

/** Everything an authorizer needs, in the shape of Kubernetes authorizer attributes. */
export interface AuthorizeAttributes {
  /** Groups of the requesting user (a client certificate's O values); empty for token users. */
  userGroups: string[];
  group: string;
  /** Plural, e.g. `pods`; never includes the subresource. */
  resource: string;
  subresource?: string;
  name?: string;
}

export interface FakeApiServerOptions {
  /** Serve HTTPS with this key pair instead of plain HTTP. */
  tls?: TlsOptions;
  /**
   * Accepted bearer tokens → user name. When set, a request without one of these tokens gets
   * 401 Unauthorized. When unset, every request is served as `defaultUser`.
   */
  tokens?: Record<string, string>;
  /** User name for unauthenticated servers and for Forbidden messages; default `system:serviceaccount:default:default`. */
  defaultUser?: string;
  /**
   * RBAC seam: return false to answer 403 Forbidden with the kube-apiserver message.
   * `resource` is `pods/log` style when a subresource is involved.
   */
  authorize?: (user: string, verb: ApiVerb, resource: string, namespace: string | undefined, attrs: AuthorizeAttributes) => boolean;
  /** Clock for creationTimestamp and the AGE column; default real time. */
  now?: () => Date;
  /**
   * When true, deleting an object that has finalizers only sets deletionTimestamp (as a real
   * server does) and the object stays until a test removes it. Default false: delete removes.
   */
  honourFinalizers?: boolean;
  /** Objects to load before listening. */
  objects?: AnyObject[];
  /** gitVersion reported by /version; default v1.32.4. */
  gitVersion?: string;
  /**
   * With `Accept-Encoding: gzip`, bodies larger than this are gzipped; default 128 KiB, as
   * kube-apiserver. Watch streams and logs are never compressed.
   */
  gzipThresholdBytes?: number;
  /**
   * UIDs of the FlowSchema and PriorityLevelConfiguration sent on every response
   * (X-Kubernetes-PF-FlowSchema-UID, X-Kubernetes-PF-PriorityLevel-UID); default fixed fake
   * UIDs, false for a server without priority and fairness.
   */
  apf?: { flowSchemaUid: string; priorityLevelUid: string } | false;
}

export interface RequestRecord {
  method: string;
  /** URL path without the query string. */
  path: string;
  /** Query parameters (last value wins for repeated keys). */
  query: Record<string, string>;
  /** HTTP status sent; 0 while pending or when the socket was dropped. */
  status: number;
  /** Epoch milliseconds when the request arrived. */
  time: number;
  /** Authenticated user; unset when the request got 401. */
  user?: string;
  /** Groups of `user` when a client certificate authenticated it (its O values). */
  groups?: string[];
  accept?: string;
  contentType?: string;
  /** The Authorization header as sent: a credential reached the server. */
  authorization?: string;
  acceptEncoding?: string;
  /** `gzip` when the response body was compressed. */
  contentEncoding?: string;
  /** Set when a fault was applied to this request. */
  faulted?: boolean;
  /** Bytes of the response body sent so far. */
  bytes?: number;
}

export interface FaultSpec {
  /** Resource id (`node`) or plural (`nodes`); `pods/log` also accepted. Omit to match any. */
  resource?: ResourceId | string;
  verb?: FaultVerb;
  /** Tested against the URL path (no query string). */
  path?: RegExp;
  namespace?: string;
  name?: string;
  method?: string;
  /** Answer with a Status of this code (403 → kube-apiserver Forbidden message, 429 → TooManyRequests, …). */
  status?: number;
  /** Adds a Retry-After header and details.retryAfterSeconds. */
  retryAfterSeconds?: number;
  /** Wait this long before answering (alone: then serve normally). */
  delayMs?: number;
  /** Destroy the socket without any response. */
  drop?: boolean;
  /** Serve the real response but cut its body in half (valid headers, broken JSON). */
  truncateBody?: boolean;
  /** Answer 200 with a body that is not JSON. */
  invalidJson?: boolean;
  /** 'headers': never answer; 'body': send 200 headers, then nothing, never closing (a silent watch). */
  stall?: 'headers' | 'body';
  /**
   * Answer 200 with `head`, then `unit` again and again until the client goes away: an endless
   * list page, log or watch line.
   */
  endless?: { head?: string; unit: string; contentType?: string };
  /** Only requests that carry this query parameter (e.g. `continue`: a page after the first). */
  withQuery?: string;
  /** Watches only: end the stream after this many events were sent. */
  closeWatchAfterEvents?: number;
  /** Watches only: end the stream after this many milliseconds. */
  closeWatchAfterMs?: number;
  /** How many requests the fault applies to; default unlimited. */
  times?: number;
  /** Overrides the Status message. */
  message?: string;
  /** User named in a Forbidden message; default the requesting user. */
  user?: string;
}

/** Handle returned by fault(): lets a test see how often it fired, or remove it alone. */
export interface FaultHandle {
  readonly spec: FaultSpec;
  readonly hits: number;
  remove(): void;
}

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  match: RegExpExecArray;
  body: Buffer;
  user: string;
  /** Send JSON with a status code. */
  json(status: number, body: unknown): void;
  /** Send text/plain (or another content type). */
  text(status: number, body: string, contentType?: string): void;
  /** Send a Kubernetes Status error. */
  status(code: number, reason: string, message: string): void;
}

export type RouteHandler = (ctx: RouteContext) => void | Promise<void>;

/** Text of a container log; a function is called on every request so logs can advance. */
export type LogSource = string | (() => string);

export interface KubeconfigOptions {
  namespace?: string;
  /** kubeconfig user entry name; default `fake-user`. */
  user?: string;
  token?: string;
  contextName?: string;
  /** File name inside `dir`; default `kubeconfig`. */
  fileName?: string;
  /** More fields of the user entry, spelt as in a kubeconfig: `client-certificate-data`, `exec`, … */
  userEntry?: Record<string, unknown>;
  /**
   * Fields of the cluster entry that replace the written ones (`certificate-authority`,
   * `insecure-skip-tls-verify`, …); a field set to `undefined` is left out.
   */
  clusterEntry?: Record<string, unknown>;
}
