// Debug mode (requirements §9): on local, IP, dev-prefixed and test hosts the page views are also written
// to the console, so a developer sees what would be sent.

export function isDebugHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
    host.includes(':') ||
    /^dev[.-]/.test(host) ||
    /(^|\.)test([.-]|$)/.test(host) ||
    host.endsWith('.test')
  );
}
