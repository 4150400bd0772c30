// Public entry of the fake Kubernetes API server used by tests (never shipped).

export { FakeApiServer, startFakeApiServer } from './server.js';
export { normalizeSupportBundle, parseObjects, readObjectFiles } from './fixtures.js';
export type { LoadOptions } from './fixtures.js';
export { kubeconfigYaml } from './kubeconfig.js';
export { deterministicUid } from './store.js';
export { testMutualTls, testPkiFiles, testTls } from './tls.js';
export type {
  AnyObject,
  ApiVerb,
  AuthorizeAttributes,
  FakeApiServerOptions,
  FaultHandle,
  FaultSpec,
  FaultVerb,
  KubeconfigOptions,
  LogSource,
  RequestRecord,
  RouteContext,
  RouteHandler,
  TlsOptions,
} from './types.js';
export type { KubeStatus } from './status.js';
