// The prose of one `why` check: a title for the checklist, and a summary and hint built from a
// result's args. One file per check in this folder, keyed by check id in ./index.ts.
import type { CheckResult } from '../../analyze/why/check.js';

export interface CheckText {
  /** Checklist line title, e.g. "Target pod scheduled". */
  title: string;
  /** One sentence with the decisive names and numbers. */
  summary(r: CheckResult): string;
  /** The fix: a command or a setting; undefined when there is nothing to do. */
  hint(r: CheckResult): string | undefined;
}
