// Module customization hooks for load-hook.mjs (they run on the loader thread).
import { appendFileSync } from 'node:fs';

const LOG = process.env.VMIGRATE_BENCH_LOAD_LOG;

export async function load(url, context, nextLoad) {
  if (LOG && url.startsWith('file:')) appendFileSync(LOG, url + '\n');
  return nextLoad(url, context);
}
