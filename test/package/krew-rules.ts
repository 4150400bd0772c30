// krew's manifest validation, re-implemented (kubernetes-sigs/krew internal/index/validation,
// cmd/validate-krew-manifest, and the krew-index review conventions), so the manifest is
// checked here without krew. Returns every violation as a sentence; [] means valid.

export const API_VERSION = 'krew.googlecontainertools.github.com/v1alpha2';

/** os/arch pairs krew supports (validate.go). */
export const SUPPORTED: Readonly<Record<string, readonly string[]>> = {
  windows: ['386', 'amd64', 'arm64'],
  linux: ['386', 'amd64', 'arm', 'arm64', 'ppc64le'],
  darwin: ['386', 'amd64', 'arm64'],
};

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface KrewPlatform {
  selector?: LabelSelector | null;
  uri?: string;
  sha256?: string;
  bin?: string;
  files?: { from?: string; to?: string }[] | null;
}

export interface KrewManifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    version?: string;
    homepage?: string;
    shortDescription?: string;
    description?: string;
    caveats?: string;
    platforms?: KrewPlatform[];
  };
}

const NAME = /^[\w-]+$/;
const WINDOWS_RESERVED = /^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;
const SHA256 = /^[a-f0-9]{64}$/;
// Semantic Versioning 2.0.0, with krew's mandatory `v` prefix.
const SEMVER =
  /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** Whether `selector` matches the labels {os, arch} (Kubernetes label-selector semantics). */
export function selectorMatches(selector: LabelSelector, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const value = labels[e.key];
    const values = e.values ?? [];
    switch (e.operator) {
      case 'In':
        if (!has || !values.includes(value!)) return false;
        break;
      case 'NotIn':
        if (has && values.includes(value!)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Every supported os/arch pair a selector matches. */
export function matchedPairs(selector: LabelSelector): string[] {
  const out: string[] = [];
  for (const [os, arches] of Object.entries(SUPPORTED)) for (const arch of arches) if (selectorMatches(selector, { os, arch })) out.push(`${os}/${arch}`);
  return out;
}

function selectorProblems(s: LabelSelector | null | undefined, where: string): string[] {
  if (!s || typeof s !== 'object') return [`${where}: selector is required`];
  const p: string[] = [];
  const hasLabels = s.matchLabels !== undefined;
  const hasExprs = s.matchExpressions !== undefined;
  if (!hasLabels && !hasExprs) p.push(`${where}: selector is empty (it would match every platform)`);
  if (hasLabels && Object.keys(s.matchLabels ?? {}).length === 0) p.push(`${where}: matchLabels is present but empty`);
  if (hasExprs && (s.matchExpressions ?? []).length === 0) p.push(`${where}: matchExpressions is present but empty`);
  for (const k of Object.keys(s.matchLabels ?? {})) if (k !== 'os' && k !== 'arch') p.push(`${where}: selector key "${k}" (only os and arch)`);
  for (const e of s.matchExpressions ?? []) {
    if (e.key !== 'os' && e.key !== 'arch') p.push(`${where}: selector key "${e.key}" (only os and arch)`);
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(e.operator)) p.push(`${where}: operator "${e.operator}"`);
    const needsValues = e.operator === 'In' || e.operator === 'NotIn';
    if (needsValues && !(e.values && e.values.length > 0)) p.push(`${where}: ${e.operator} needs values`);
    if (!needsValues && e.values && e.values.length > 0) p.push(`${where}: ${e.operator} takes no values`);
  }
  return p;
}

/** krew's rules 1–12 plus the krew-index review limits (shortDescription ≤ 50, description lines ≤ 80). */
export function validateManifest(m: KrewManifest, fileName: string): string[] {
  const p: string[] = [];
  // 1. apiVersion and kind.
  if (m.apiVersion !== API_VERSION) p.push(`apiVersion must be ${API_VERSION}`);
  if (m.kind !== 'Plugin') p.push('kind must be Plugin');
  // 2. name.
  const name = m.metadata?.name ?? '';
  if (!NAME.test(name)) p.push(`metadata.name "${name}" must match ${NAME}`);
  if (WINDOWS_RESERVED.test(name)) p.push(`metadata.name "${name}" is a reserved Windows name`);
  if (`${name}.yaml` !== fileName) p.push(`metadata.name "${name}" must equal the file name ${fileName} without .yaml`);
  const spec = m.spec ?? {};
  // 3. shortDescription; review: at most 50 characters.
  const short = spec.shortDescription ?? '';
  if (!short) p.push('spec.shortDescription is required');
  if (/[\r\n]/.test(short)) p.push('spec.shortDescription must be one line');
  if (short.length > 50) p.push(`spec.shortDescription has ${short.length} characters (krew-index asks for at most 50)`);
  // Review: description required, wrapped at 80 characters.
  if (!spec.description) p.push('spec.description is required');
  for (const [i, line] of (spec.description ?? '').split('\n').entries()) {
    if (line.length > 80) p.push(`spec.description line ${i + 1} has ${line.length} characters (wrap at 80)`);
  }
  // 4. version.
  if (!spec.version) p.push('spec.version is required');
  else if (!SEMVER.test(spec.version)) p.push(`spec.version "${spec.version}" must be v + semver`);
  // 5. platforms.
  const platforms = spec.platforms ?? [];
  if (platforms.length === 0) p.push('spec.platforms must not be empty');
  const owner = new Map<string, number>();
  platforms.forEach((pl, i) => {
    const where = `platform ${i + 1}`;
    // 6–8.
    if (!pl.uri) p.push(`${where}: uri is required`);
    if (!pl.sha256 || !SHA256.test(pl.sha256)) p.push(`${where}: sha256 must be 64 lowercase hex digits`);
    if (!pl.bin) p.push(`${where}: bin is required`);
    // 9. files: absent, or non-empty with from and to in every entry.
    if (pl.files !== undefined) {
      if (!pl.files || pl.files.length === 0) p.push(`${where}: files, when present, must not be empty`);
      for (const f of pl.files ?? []) if (!f.from || !f.to) p.push(`${where}: every files entry needs from and to`);
    }
    // 10.
    const sp = selectorProblems(pl.selector, where);
    p.push(...sp);
    if (sp.length > 0 || !pl.selector) return;
    // 11. matches at least one supported pair; 12. no pair matched twice.
    const pairs = matchedPairs(pl.selector);
    if (pairs.length === 0) p.push(`${where}: selector matches no supported os/arch`);
    for (const pair of pairs) {
      const other = owner.get(pair);
      if (other !== undefined) p.push(`${where}: selector overlaps platform ${other + 1} on ${pair}`);
      else owner.set(pair, i);
    }
  });
  return p;
}
