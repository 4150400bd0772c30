// Property tests run the real command functions (runWhy, runList, runStart, …) on generated
// objects: each test file replaces src/cmdutil/open-source.ts with `mockOpenSource` (vi.mock), and
// the source the commands open is whatever `injected.source` holds. This module is loaded while
// open-source.ts is being mocked, so it imports nothing at runtime that imports open-source.ts.
import type * as OpenSource from '../../src/cmdutil/open-source.js';
import type { ControlSource } from '../../src/commands/follow/control-source.js';

export const injected: { source?: ControlSource } = {};

function current(): ControlSource {
  if (!injected.source) throw new Error('property test: no source injected');
  return injected.source;
}

export function mockOpenSource(actual: typeof OpenSource): typeof OpenSource {
  return {
    ...actual,
    openSource: async () => current(),
    openLive: async () => current(),
    withSource: async (_opts, _io, fn) => fn(current()),
  };
}
