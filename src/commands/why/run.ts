import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import type { ExitCode } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { openPeer } from '../peer/open.js';
import { emit } from '../../cmdutil/output.js';
import { openPrometheus } from '../../collect/prometheus.js';
import type { WhyOptions } from './options.js';
import { diagnoseOnce, whyExitCode, whyOutput } from './diagnosis.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';

export async function runWhy(g: GlobalOptions, o: WhyOptions, io: Io): Promise<ExitCode> {
  if (o.node !== undefined) {
    const { runWhyNode } = await import('./node-run.js');
    return runWhyNode(g, o, o.node, io);
  }
  const prometheus = await openPrometheus(o.prometheus, g, (line) => io.stderr(`${line}\n`));
  if (o.watch) {
    const { watchWhy } = await import('./watch.js');
    return watchWhy(g, o, io, prometheus);
  }
  const log = g.verbose ? (line: string) => io.stderr(`${line}\n`) : undefined;
  const diagnosed = await withSource(g, io, async (source) => {
    const peer = o.peer ? await openPeer(g, io, o.peer, source.now()) : undefined;
    try {
      return await diagnoseOnce(source, g.namespace ?? source.defaultNamespace(), o.name, { ...(prometheus ? { prometheus } : {}), ...(log ? { log } : {}), ...(peer ? { peer } : {}) });
    } finally {
      await peer?.source.close();
    }
  });
  io.stderr(renderPartialErrors(diagnosed.errors, makeStyle(g.color)));
  await emit(g, io.stdout, whyOutput(diagnosed));
  return whyExitCode(diagnosed.diagnosis, o.failOn);
}
