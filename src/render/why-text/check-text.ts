// The prose of one `why` check: a title for the checklist, and a summary and hint built from a
// result's args. One file per check in this folder, keyed by check id in ./index.ts.
import type { CheckId, CheckResult } from '../../analyze/why/check.js';

export interface CheckText<Id extends CheckId> {
  /** Checklist line title, e.g. "Target pod scheduled". */
  title: string;
  /** One sentence with the decisive names and numbers. */
  summary(r: CheckResult<Id>): string;
  /** The fix: a command or a setting; undefined when there is nothing to do. */
  hint(r: CheckResult<Id>): string | undefined;
}
