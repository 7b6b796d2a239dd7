// Webhook targets must not reach inside the network (SSRF): a URL is refused unless every address
// it resolves to is public unicast, or the operator's allow-list names the host, address or range.
// Checked at creation and again at every delivery, where the vetted address is the one connected to.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { fieldError } from '../../platform/http/errors.js';

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface TargetPolicy {
  allowHttp: boolean;
  /** Host names, IP addresses and CIDR ranges the operator allows although they are not public. */
  allowed: string[];
}

export interface VettedTarget {
  url: URL;
  addresses: string[];
}

function normalize(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

/** Public unicast only: no loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = normalize(address);
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated) is not judged public whatever it embeds.
  if (ip.kind() === 'ipv6' && ip.match(ipaddr.parseCIDR('::/96'))) return false;
  return ip.range() === 'unicast';
}

function isAllowListed(policy: TargetPolicy, host: string, address?: string): boolean {
  return policy.allowed.some((entry) => {
    if (entry.includes('/')) {
      if (!address) return false;
      try {
        const [range, bits] = ipaddr.parseCIDR(entry);
        const ip = normalize(address);
        return ip.kind() === range.kind() && ip.match([range, bits]);
      } catch {
        return false;
      }
    }
    if (ipaddr.isValid(entry))
      return address !== undefined && normalize(entry).toString() === normalize(address).toString();
    return entry.toLowerCase() === host.toLowerCase();
  });
}

export function parseAllowList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const refuse = (reason: string) => fieldError('url', reason);

/** Parses and checks a URL and resolves it; throws 400 naming `url` when it may not be called. */
export async function vetTarget(rawUrl: string, policy: TargetPolicy, resolve: Resolver): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refuse('is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw refuse(policy.allowHttp ? 'must be http or https' : 'must be https');
  }
  if (url.username || url.password) throw refuse('must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host) && !isAllowListed(policy, host, host))
      throw refuse(`points to a non-public address (${host})`);
    return { url, addresses: [normalize(host).toString()] };
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw refuse(`host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw refuse(`host ${host} does not resolve`);
  if (isAllowListed(policy, host)) return { url, addresses };
  for (const address of addresses) {
    if (!isPublicAddress(address) && !isAllowListed(policy, host, address))
      throw refuse(`host ${host} resolves to a non-public address (${address})`);
  }
  return { url, addresses };
}
