// Where a webhook may be sent (docs/webhooks.md, "Addresses"). An endpoint is a URL the company
// types, and the server calls it: without these checks it would reach the server's own network
// (metadata services, databases, admin ports) on the company's behalf. In production a URL must be
// https and every address its host resolves to must be public; the check runs at registration
// and again at every send, on the very addresses the connection then uses (webhooks.sender.ts),
// so a name that resolves elsewhere later cannot be used to get in.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config';
import type { FieldError } from '../../http/errors';

/** What the checks allow, from the configuration. */
export interface TargetRules {
  httpsOnly: boolean;
  allowPrivate: boolean;
}

export const targetRulesOf = (config: Config): TargetRules => ({
  httpsOnly: config.NODE_ENV === 'production',
  allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS,
});

// Addresses that are not on the public internet: this host, private and shared networks,
// link-local (cloud metadata at 169.254.169.254), documentation, benchmarking, multicast and
// reserved ranges, and their IPv6 counterparts (IPv4-mapped addresses are checked as IPv4).
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6) is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, 'ipv4');
  if (family === 6) {
    // ::ffff:7f00:1 is 127.0.0.1 written in hex.
    if (/^::ffff:/i.test(address)) return true;
    return notPublic.check(address, 'ipv6');
  }
  return true;
}

const pointer = '/body/url';

/** The problems of a URL's form: not a URL, not http(s), https required, credentials in it. */
export function urlFormProblems(raw: string, rules: TargetRules): FieldError[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [{ pointer, detail: 'is not a URL (https://…)' }];
  }
  const problems: FieldError[] = [];
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    problems.push({ pointer, detail: `must be an https URL, not ${url.protocol.replace(':', '')}` });
  else if (rules.httpsOnly && url.protocol !== 'https:')
    problems.push({
      pointer,
      detail: 'must use https: events are signed, but their content is not hidden on http',
    });
  if (url.username || url.password)
    problems.push({
      pointer,
      detail: 'must not carry a user name or password: the signature proves the sender',
    });
  if (url.hash) problems.push({ pointer, detail: 'must not have a #fragment' });
  return problems;
}

/** The host of a URL as a bare name or address ([::1] without its brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a host stands for, each checked: answers them, or throws a message naming the
 * private one. Private ones pass when the rules allow them.
 */
export async function resolvePublic(
  host: string,
  rules: TargetRules,
): Promise<{ address: string; family: 4 | 6 }[]> {
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : (await lookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }));
  if (!addresses.length) throw new Error(`${host} has no address`);
  if (!rules.allowPrivate)
    for (const a of addresses)
      if (isPrivateAddress(a.address))
        throw new Error(
          a.address === host
            ? `${host} is a private or loopback address`
            : `${host} resolves to ${a.address}, a private or loopback address`,
        );
  return addresses;
}

/** Every problem of a URL an endpoint is registered with, each at /body/url (none: it may be used). */
export async function targetProblems(raw: string, rules: TargetRules): Promise<FieldError[]> {
  const form = urlFormProblems(raw, rules);
  if (form.length) return form;
  const host = hostOf(new URL(raw));
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    if (!rules.allowPrivate)
      return [{ pointer, detail: `${host} is a name of this network, not a public one` }];
  // Outside production private addresses may be used, so their names need not resolve here.
  if (rules.allowPrivate) return [];
  try {
    await resolvePublic(host, rules);
    return [];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as NodeJS.ErrnoException).code;
    return [
      {
        pointer,
        detail:
          code === 'ENOTFOUND' || code === 'ENODATA' ? `${host} does not resolve to an address` : message,
      },
    ];
  }
}
