// KubeVirt version from the KubeVirt CR. Vendors decorate it: `v1.6.3`, `1.6.3-150700.3.13.1`
// (SUSE), `v1.2.2-rc.0`; we keep major.minor.patch and compare on those.

export interface KubeVirtVersion {
  major: number;
  minor: number;
  patch: number;
  raw: string;
}

/** `raw` as found in the CR: a dump may hold a YAML number (`1.6`) or "null" instead of a string. */
export function parseKubeVirtVersion(raw: unknown): KubeVirtVersion | undefined {
  if (typeof raw !== 'string' || !raw) return undefined;
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(raw.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0), raw };
}

/** true when `v` is at least major.minor(.patch); undefined version ⇒ undefined (unknown). */
export function atLeast(v: KubeVirtVersion | undefined, major: number, minor: number, patch = 0): boolean | undefined {
  if (!v) return undefined;
  return v.major > major || (v.major === major && (v.minor > minor || (v.minor === minor && v.patch >= patch)));
}

export function versionOfKubeVirtCR(cr: { status?: { observedKubeVirtVersion?: string; operatorVersion?: string } } | undefined): KubeVirtVersion | undefined {
  return parseKubeVirtVersion(cr?.status?.observedKubeVirtVersion) ?? parseKubeVirtVersion(cr?.status?.operatorVersion);
}
