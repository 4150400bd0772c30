// Renders krew-manifest.yaml: {{ version }}, {{ url FILE }} and {{ sha256 FILE }}; comment
// lines are dropped. Any other placeholder, or a FILE that was not built, is an error.
export const RELEASE_BASE = 'https://github.com/kubectl-vmigrate/kubectl-vmigrate/releases/download';

/**
 * @param {string} template
 * @param {{ version: string, sha256: Record<string, string>, base?: string }} values
 *   version without the `v`; sha256 by archive file name
 */
export function renderManifest(template, { version, sha256, base = RELEASE_BASE }) {
  const tag = `v${version}`;
  const body = template
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  return body.replace(/\{\{\s*(\w+)(?:\s+([^\s}]+))?\s*\}\}/g, (whole, name, arg) => {
    if (name === 'version' && arg === undefined) return tag;
    if ((name === 'url' || name === 'sha256') && arg !== undefined) {
      const sum = sha256[arg];
      if (sum === undefined) throw new Error(`krew-manifest.yaml: ${whole}: ${arg} was not built`);
      return name === 'sha256' ? sum : `${base}/${tag}/${arg}`;
    }
    throw new Error(`krew-manifest.yaml: unknown placeholder ${whole}`);
  });
}
