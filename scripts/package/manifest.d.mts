export const RELEASE_BASE: string;
/** Renders krew-manifest.yaml: version without the `v`, sha256 by archive file name. */
export function renderManifest(template: string, values: { version: string; sha256: Record<string, string>; base?: string }): string;
