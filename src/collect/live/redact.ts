// A password in a server or proxy URL (`https://admin:s3cret@host`) never reaches -v or an error
// line: it is shown as `***`, as Go's net/http shows it in the errors kubectl prints.

/** The URL with its password, if any, replaced by `***`. */
export function redactUrl(u: URL): string {
  if (!u.password) return u.href;
  const copy = new URL(u.href);
  copy.password = '***';
  return copy.href;
}

/** The same for a URL that may not parse (a kubeconfig's server field, as written). */
export function redactUrlText(text: string): string {
  return text.replace(/(\/\/[^/@:\s]*):[^/@\s]*@/g, '$1:***@');
}
