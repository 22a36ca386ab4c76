/**
 * The admin's SMTP host may not point the services' mailers at the machines they run on: a host on
 * loopback or link-local (a cloud's metadata service at 169.254.169.254) would let an admin account
 * — or whoever took one over — make every service talk SMTP to its own internals (decision 032).
 * The host is checked as written and as it resolves; a name that does not resolve now is taken
 * (the mailer will report it), since DNS on the admin's side may not be ours.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const local = new BlockList();
local.addSubnet('127.0.0.0', 8, 'ipv4');
local.addSubnet('169.254.0.0', 16, 'ipv4');
local.addSubnet('0.0.0.0', 8, 'ipv4');
local.addAddress('::1', 'ipv6');
local.addAddress('::', 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

/** True for a loopback, link-local or unspecified address (IPv4-mapped IPv6 included). */
export function isLocalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return local.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return local.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;

const RESOLVE_WITHIN_MS = 5_000;

/** Every address `host` resolves to; a resolver that does not answer in time is a failure. */
const resolveAll: Resolve = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no DNS answer in time')), RESOLVE_WITHIN_MS);
  });
  try {
    return (await Promise.race([lookup(host, { all: true, verbatim: true }), late])).map((found) => found.address);
  } finally {
    clearTimeout(timer);
  }
};

/** True when `host` is, or resolves to, a local address. */
export async function isLocalSmtpHost(host: string, resolve: Resolve = resolveAll): Promise<boolean> {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (bare === '') return false;
  if (isIP(bare) !== 0) return isLocalAddress(bare);
  let addresses: string[];
  try {
    addresses = await resolve(bare);
  } catch {
    return false;
  }
  return addresses.some(isLocalAddress);
}
