// The most the plugin reads from the API server in one go, after decompression. Real bodies
// are far below: a page of 500 virt-launcher pods is ~6 MiB, kube-apiserver refuses objects over
// 3 MiB (--max-request-bytes), and a launcher log tail is asked for with limitBytes. Past a cap
// the read stops and the request fails with one line naming it (a partial failure: errors[]).

const MiB = 1024 * 1024;

/** One object: a GET, one item of a list, one watch event. */
export const MAX_OBJECT_BYTES = 16 * MiB;
/**
 * What one list item counts towards a page's cap beyond its own bytes: its objects' overhead in
 * memory. Real items are kilobytes; an endless page of `{"metadata":{"name":"n"}}` is not: such an
 * item costs about 450 bytes of peak RSS on Node 24 (250 on Node 20), garbage included, so 256
 * let four endless pages pass 400 MB there (test/e2e/limits.e2e.test.ts).
 */
export const ITEM_OVERHEAD_BYTES = 1024;
/** Items per list page (`limit`) unless a command asks for fewer: kubectl's --chunk-size. */
export const DEFAULT_PAGE_SIZE = 500;
/** One page of a paged list (limit=DEFAULT_PAGE_SIZE), bytes plus ITEM_OVERHEAD_BYTES per item. */
export const MAX_LIST_PAGE_BYTES = 64 * MiB;
/** An unpaged list: `--cache-ok` (resourceVersion=0) makes the watch cache answer in one piece. */
export const MAX_UNPAGED_LIST_BYTES = 1024 * MiB;
/** Any other text (virt-handler /metrics through the pod proxy). */
export const MAX_TEXT_BYTES = 32 * MiB;
/** A pod log asked for without limitBytes. */
export const DEFAULT_LOG_BYTES = 4 * MiB;
/** An error body: only its Status message is used. */
export const ERROR_BODY_BYTES = 1 * MiB;

export class BodyTooLarge extends Error {
  constructor(
    /** What passed the cap, for the message: `one page`, `the log`. */
    readonly what: string,
    readonly maxBytes: number,
    readonly note?: string,
  ) {
    super(`${what} larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLarge';
  }
}

/** `64 MiB`, `131072 bytes`: the way the cap was set. */
export function formatLimit(bytes: number): string {
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
