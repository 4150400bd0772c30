// What a failed call on the synchronization channel of a decentralized migration looks like once
// the sync controller has written it into the VMI condition DecentralizedLiveMigrationFailure
// (v1.8+, pkg/synchronization-controller/synchronization-controller.go). The KubeVirt texts
// themselves are in ./migration-kinds.ts; these are grpc-go's, which KubeVirt passes through.

/**
 * grpc-go status codes (google.golang.org/grpc/codes) of a peer that cannot be reached: nothing
 * listens at the address, a route or NetworkPolicy drops it, or the 30 s call deadline ran out
 * (SYNC_CALL_TIMEOUT_SECONDS). The status text is `rpc error: code = <Code> desc = <detail>`.
 */
export const GRPC_CODES_UNREACHABLE = ['Unavailable', 'DeadlineExceeded'] as const;
/** `Unknown` carries the peer's own error (the "unable to locate VMI" texts). */
export const GRPC_CODE_UNKNOWN = 'Unknown';
/** `Unimplemented`: a v1.6 peer asked for CancelMigration (v1.7+). */
export const GRPC_CODE_UNIMPLEMENTED = 'Unimplemented';

/**
 * Fragments of Go's crypto/tls and crypto/x509 errors in a dial error (`tls: …`, `x509: certificate
 * signed by unknown authority`, `x509: certificate is valid for …`): not KubeVirt strings, so only
 * these stable prefixes are matched. v1.8+ shortens a hostname mismatch to MSG_X509_HOSTNAME_ERROR.
 */
export const TLS_ERROR_FRAGMENTS = ['x509: ', 'tls: ', 'authentication handshake failed'] as const;
