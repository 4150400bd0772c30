// Reads the message of the sync controller's failure condition (v1.8+; docs/kubevirt/
// migration-kinds.md §2.6, §2.9): which of the known situations it is. Pure.
import {
  GRPC_ERROR_PREFIX,
  MSG_SOURCE_UNABLE_TO_LOCATE,
  MSG_SOURCE_UNABLE_TO_LOCATE_VMI,
  MSG_TARGET_UNABLE_TO_LOCATE,
  MSG_TARGET_UNABLE_TO_LOCATE_VMI,
  MSG_WAITING_FOR_INCOMING_SYNC,
  MSG_X509_HOSTNAME_ERROR,
} from '../../kubevirt/migration-kinds.js';
import { GRPC_CODES_UNREACHABLE, TLS_ERROR_FRAGMENTS } from '../../kubevirt/sync-channel-texts.js';
import { goFormatRegExp } from '../why/parse/go-format.js';

export type SyncMessage =
  /** A target half's normal state in WaitingForSync: nothing has arrived yet. */
  | { kind: 'waiting' }
  /** The other cluster has no VMIM with this migrationID (`vmi` unset), or has it but not its VMI. */
  | { kind: 'peer-missing'; migrationID: string; vmi?: string }
  | { kind: 'unreachable'; code: string }
  | { kind: 'tls' }
  | { kind: 'other' };

const LOCATE = [MSG_SOURCE_UNABLE_TO_LOCATE_VMI, MSG_TARGET_UNABLE_TO_LOCATE_VMI, MSG_SOURCE_UNABLE_TO_LOCATE, MSG_TARGET_UNABLE_TO_LOCATE];

/** `rpc error: code = <Code> desc = <text>` (grpc-go's status string). */
const GRPC_STATUS = /^rpc error: code = (\w+) desc = ([\s\S]*)$/;

export function classifySyncMessage(message: string): SyncMessage {
  const text = message.trim();
  if (text === MSG_WAITING_FOR_INCOMING_SYNC) return { kind: 'waiting' };
  if (text === MSG_X509_HOSTNAME_ERROR || TLS_ERROR_FRAGMENTS.some((f) => text.includes(f))) return { kind: 'tls' };
  const status = text.startsWith(GRPC_ERROR_PREFIX) ? GRPC_STATUS.exec(text) : null;
  const desc = status?.[2] ?? text;
  for (const template of LOCATE) {
    const m = goFormatRegExp(template).exec(desc);
    if (m) return { kind: 'peer-missing', migrationID: m[1] ?? '', ...(m[2] !== undefined ? { vmi: m[2] } : {}) };
  }
  const code = status?.[1];
  if (code && (GRPC_CODES_UNREACHABLE as readonly string[]).includes(code)) return { kind: 'unreachable', code };
  return { kind: 'other' };
}
