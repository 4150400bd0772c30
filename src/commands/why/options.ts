import { validateName } from '../../cli/global-options.js';
import type { FailOn } from '../../cli/exit-codes.js';

export interface WhyOptions {
  name: string;
  failOn: FailOn;
}

export interface RawWhyOptions {
  failOn: FailOn;
}

export function parseWhyOptions(name: string, raw: RawWhyOptions): WhyOptions {
  validateName('name', name);
  return { name, failOn: raw.failOn };
}
