// Kubernetes resource quantities (`4Gi`, `500m`, `1k`, `1e3`, `4737464313`) as plain numbers:
// bytes for memory/storage, cores for cpu, counts for devices. Float precision is plenty for
// diagnostics (we compare and print sizes, we never write them back).

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

// number, then either a decimal exponent (e3, E-2) or a suffix. `1E` alone is exa, not an exponent.
const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$/;

/** The value of a quantity in base units, or undefined when it is not a valid quantity. */
export function parseQuantity(q: string | number | undefined | null): number | undefined {
  if (typeof q === 'number') return Number.isFinite(q) ? q : undefined;
  if (typeof q !== 'string') return undefined;
  const m = QUANTITY.exec(q.trim());
  if (!m) return undefined;
  const base = Number(m[1]);
  const suffix = m[3] ?? '';
  const v = m[2] ? base * 10 ** Number(m[2].slice(1)) : base * (BINARY[suffix] ?? DECIMAL[suffix] ?? 1);
  // `1e400` or 400 digits: beyond any real quantity, and Infinity would print as null in JSON.
  return Number.isFinite(v) ? v : undefined;
}

const BYTE_UNITS = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;

/** Bytes in the largest binary unit with one decimal: `17.4Gi`, `4Gi`, `512B`. */
export function formatBytes(bytes: number): string {
  const sign = bytes < 0 ? '-' : '';
  let v = Math.abs(bytes);
  if (v < 1024) return `${sign}${Math.round(v)}B`;
  let unit: string = BYTE_UNITS[0];
  for (const u of BYTE_UNITS) {
    unit = u;
    v /= 1024;
    if (v < 1024) break;
  }
  // Rounding up to 1024.0 would read oddly ("1024.0Mi"), but it is still correct; keep it simple.
  const text = v.toFixed(1).replace(/\.0$/, '');
  return `${sign}${text}${unit}`;
}

/** Cores as kubectl writes them: whole cores as `2`, fractions in millicores as `500m`. */
export function formatCpu(cores: number): string {
  if (Number.isInteger(cores)) return String(cores);
  return `${Math.round(cores * 1000)}m`;
}
