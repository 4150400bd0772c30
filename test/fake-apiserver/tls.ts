// A fixed test PKI for serving HTTPS: a CA and a 127.0.0.1/localhost server certificate valid
// until 2126 (fixtures/tls/). kubectl only sends bearer tokens over TLS (kubernetes/kubectl#744),
// so token-authenticated kubectl tests need `startFakeApiServer({ tls: testTls(), tokens })`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TlsOptions } from './types.js';

/** `dir` overrides the PEM location, for bundles where import.meta.dirname is the bundle's. */
export function testTls(dir = join(import.meta.dirname, 'fixtures', 'tls')): TlsOptions {
  return {
    key: readFileSync(join(dir, 'server.key')),
    cert: readFileSync(join(dir, 'server.crt')),
    ca: readFileSync(join(dir, 'ca.crt')),
  };
}
