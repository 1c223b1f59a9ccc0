// The agreement's e-mail domains as the admin reads them: "@bedrift.no", or "@bedrift.no eller
// @bedrift.com" (the word for "or" comes from the catalogue).

export function domainsText(domains: readonly string[], or: string): string {
  const named = domains.map((domain) => `@${domain}`);
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} ${or} ${named[named.length - 1]}`;
}
