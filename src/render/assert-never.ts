// The default of an exhaustive switch over typed findings (a check's or rule's args `kind`, a
// cause): a value that reaches it is a case the renderer forgot, and `tsc` says so.
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
