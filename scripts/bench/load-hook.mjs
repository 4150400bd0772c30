// `node --import ./load-hook.mjs`: records the URL of every file-backed ES module the process
// loads into $VMIGRATE_BENCH_LOAD_LOG (one per line). The bench maps the dist chunks it sees to
// the npm packages bundled in them (from their source maps) to prove what --version/--help load.
import { register } from 'node:module';

register('./load-hooks.mjs', import.meta.url);
