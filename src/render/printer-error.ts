/**
 * A -o template, custom-columns spec or --sort-by path kubectl would refuse, with kubectl's
 * message (without its `error: ` prefix). Commands report it as a usage error.
 */
export class PrinterError extends Error {
  override name = 'PrinterError';
}
