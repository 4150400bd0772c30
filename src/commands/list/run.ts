// `list`: the migrations of a namespace (or all), each with phase, age, source → target, and
// the cause from the same engine as `why` (logs are not read, so progress comes later).
import type { GlobalOptions } from '../../cli/global-options.js';
import type { Io } from '../../cli/io.js';
import { EXIT_OK, type ExitCode } from '../../cli/exit-codes.js';
import { withSource } from '../../cli/open-source.js';
import { listKnown, type GatherError } from '../../collect/gather.js';
import { known } from '../../analyze/findings.js';
import type { Namespace, VirtualMachineInstance } from '../../kube/types.js';
import { readWhyLists } from '../why/gather.js';
import { deriveContext, newestFirst } from '../../analyze/why/derive.js';
import { diagnose } from '../../analyze/why/diagnose.js';
import { listDocument, renderMigrationList, type MigrationListRow } from '../../render/migration-list.js';
import { renderDocument } from '../../render/document.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { ageSeconds } from '../../analyze/why/timeline.js';

export interface ListOptions {
  allNamespaces: boolean;
}

export async function runList(g: GlobalOptions, o: ListOptions, io: Io): Promise<ExitCode> {
  const { rows, errors } = await withSource(g, io, async (source) => {
    const errors: GatherError[] = [];
    const namespace = o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace());
    const [lists, vmis, namespaces] = await Promise.all([
      readWhyLists(source, namespace, errors),
      listKnown<VirtualMachineInstance>(source, 'vmi', { namespace }, errors),
      listKnown<Namespace>(source, 'namespace', {}, errors),
    ]);
    const migrations = (lists.migrations.ok ? lists.migrations.items : []).filter((m) => namespace === undefined || m.metadata.namespace === namespace);
    const now = source.now();
    const rows = newestFirst(migrations).map((m): MigrationListRow => {
      const ns = m.metadata.namespace ?? '';
      const vmiName = m.spec?.vmiName ?? '';
      const vmi = vmis.ok ? vmis.items.find((v) => v.metadata.namespace === ns && v.metadata.name === vmiName) : undefined;
      const ctx = deriveContext({
        ...lists,
        now,
        namespace: ns,
        requested: { name: m.metadata.name ?? '', resolvedAs: 'VirtualMachineInstanceMigration' },
        vmi,
        namedMigration: m,
        namespaceObject: namespaces.ok ? known(namespaces.items.filter((n) => n.metadata.name === ns)) : namespaces,
        sourceLog: { ok: false, reason: 'list does not read launcher logs' },
      });
      const d = diagnose(ctx, []);
      const state = m.status?.migrationState ?? ctx.vmi?.status?.migrationState;
      const mine = state && state.migrationUid === m.metadata.uid ? state : undefined;
      return {
        namespace: ns,
        vmi: vmiName,
        migration: m.metadata.name ?? '',
        phase: m.status?.phase ?? '',
        sourceNode: mine?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? vmi?.status?.nodeName,
        targetNode: mine?.targetNode ?? ctx.targetPod?.spec?.nodeName,
        ageSeconds: ageSeconds(m.metadata.creationTimestamp, now),
        cause: d.verdict.cause,
        status: d.verdict.status,
      };
    });
    return { rows, errors };
  });
  io.stderr(renderPartialErrors(errors, makeStyle(g.color)));
  if (g.output === 'json' || g.output === 'yaml') io.stdout(renderDocument(listDocument(rows, errors), g.output));
  else io.stdout(renderMigrationList(rows, makeStyle(g.color), g.output === 'wide', o.allNamespaces));
  return EXIT_OK;
}
