/**
 * Whether an endpoint's host is a push service Relevo sends to (PUSH_SERVICE_HOSTS,
 * docs/product.md#push-notifications). A device is stored from a public page (the responder
 * link), and the worker POSTs to its endpoint: without this list, anyone with a link could make the
 * server call any address (docs/security.md, "Push notifications").
 */
export function isPushService(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    host = url.hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}
