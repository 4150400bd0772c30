// The characters that drive a terminal or hide text, wherever the cluster or a dump wrote them:
// C0 and C1 controls and DEL (ESC/CSI/OSC sequences, NUL, CR, BS; U+009B is a CSI on its own),
// Unicode format characters (bidi overrides and isolates, zero-width characters, the BOM, tag
// characters, the soft hyphen), the line and paragraph separators, lone surrogates and the
// non-characters U+FFFE/U+FFFF (YAML 1.2 allows neither). Output escapes them (src/render/
// terminal-text.ts) and parsers never take them into a value (src/analyze/why/parse/).

/** The body of a character class of them, for a RegExp with the `u` flag. */
export const CONTROL_CHARS = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\uFFFE\\uFFFF';
