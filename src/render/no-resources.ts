// What a table command says when it found nothing: kubectl get's line, on stderr (stdout stays
// empty, so `| wc -l` counts 0).

/** `namespace` undefined: every namespace (-A). */
export function noResourcesLine(namespace: string | undefined): string {
  return namespace === undefined ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`;
}

/** check-migratable --node on a node without VMIs. */
export function noVmisOnNodeLine(node: string): string {
  return `No VirtualMachineInstances run on node ${node}.\n`;
}
