import ipaddr from 'ipaddr.js';

/**
 * The key a rate limit counts an address under. An IPv4 address is itself (an IPv4-mapped IPv6
 * address counts as its IPv4 address); an IPv6 address counts as its /64 network, because one
 * subscriber usually holds a whole /64 and could otherwise step to a fresh address per attempt.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const network = v6.parts
      .slice(0, 4)
      .map((part) => part.toString(16))
      .join(':');
    return `${network}::/64`;
  }
  return parsed.toString();
}
