// A fixed test PKI (fixtures/tls/, valid until 2126; fixtures/README.md has the openssl commands):
// a CA and a 127.0.0.1/localhost server certificate; a client CA and a client certificate for
// CN=vmigrate-tester, O=system:masters, O=vmigrate-testers; an unrelated CA for wrong-CA tests.
// kubectl only sends bearer tokens over TLS (kubernetes/kubectl#744), so token-authenticated
// kubectl tests need `startFakeApiServer({ tls: testTls(), tokens })`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TlsOptions } from './types.js';

const TLS_DIR = join(import.meta.dirname, 'fixtures', 'tls');

/** `dir` overrides the PEM location, for bundles where import.meta.dirname is the bundle's. */
export function testTls(dir = TLS_DIR): TlsOptions {
  return {
    key: readFileSync(join(dir, 'server.key')),
    cert: readFileSync(join(dir, 'server.crt')),
    ca: readFileSync(join(dir, 'ca.crt')),
  };
}

/** testTls() plus client-certificate authentication against the test client CA. */
export function testMutualTls(dir = TLS_DIR): TlsOptions {
  return { ...testTls(dir), clientCa: readFileSync(join(dir, 'client-ca.crt')) };
}

/** Paths of the PEM files, for kubeconfigs that name files or embed them (`*-data`). */
export function testPkiFiles(dir = TLS_DIR) {
  return {
    /** CA of the server certificate. */
    ca: join(dir, 'ca.crt'),
    /** Server certificate and key; signed by `ca`, so the client CA does not verify them. */
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
    /** Client certificate (CN=vmigrate-tester, O=system:masters, O=vmigrate-testers) and key. */
    clientCert: join(dir, 'client.crt'),
    clientKey: join(dir, 'client.key'),
    /** A CA that signed nothing here. */
    otherCa: join(dir, 'other-ca.crt'),
  };
}
