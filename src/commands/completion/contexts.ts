// Context names for `--context <TAB>`, from the kubeconfig files kubectl would read: the
// --kubeconfig file, else the KUBECONFIG list, else ~/.kube/config. A plain YAML read, no client
// library. Loaded only for that completion (a static import, so the bundle keeps `parse`).
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parse } from 'yaml';

export function contextNames(kubeconfig: string | undefined, env: NodeJS.ProcessEnv): string[] {
  const names: string[] = [];
  for (const file of kubeconfigFiles(kubeconfig, env)) {
    try {
      const doc = parse(readFileSync(file, 'utf8')) as { contexts?: { name?: unknown }[] } | null;
      for (const c of doc?.contexts ?? []) if (typeof c?.name === 'string') names.push(c.name);
    } catch {
      // unreadable or malformed: no names from this file
    }
  }
  return names;
}

function kubeconfigFiles(flag: string | undefined, env: NodeJS.ProcessEnv): string[] {
  if (flag !== undefined) return [flag];
  if (env.KUBECONFIG) return env.KUBECONFIG.split(delimiter).filter(Boolean);
  const home = env.HOME ?? env.USERPROFILE;
  return home ? [join(home, '.kube', 'config')] : [];
}
