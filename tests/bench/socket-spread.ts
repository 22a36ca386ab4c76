/**
 * How the socket bench spreads its client sockets (pure, so it is unit-tested):
 * - over client PROCESSES, because each process may hold only as many sockets as its own
 *   open-files limit allows (20,000 on our machines, and it cannot be raised there);
 * - over loopback SOURCE ADDRESSES (127.0.0.2, 127.0.0.3, ...), because one source address can
 *   reach one server port from only as many ephemeral ports as the kernel hands out
 *   (net.ipv4.ip_local_port_range, about 28,000 by default).
 * Socket i goes to process floor(i / perProcess) and address floor(i / perAddress): the sockets
 * of a process use consecutive addresses, and no address carries more than perAddress.
 */

export interface SpreadOptions {
  /** Sockets one client process opens at most (under its open-files limit). */
  perProcess: number;
  /** Sockets one source address carries at most (under the ephemeral port range). */
  perAddress: number;
  /** The first member id; socket i belongs to member firstUserId + i (one socket per member). */
  firstUserId: number;
  /**
   * The first address slot (default 0). A scenario after another one that just closed thousands of
   * sockets to the same server starts past that one's slots: its ports are still in TIME_WAIT there.
   */
  firstSlot?: number;
}

export interface AddressShare {
  address: string;
  count: number;
}

/** What one client process opens: `count` sockets for members firstUserId..+count-1, from `addresses` in order. */
export interface ClientShare {
  index: number;
  firstUserId: number;
  count: number;
  addresses: AddressShare[];
}

/** The loopback source address of the n-th address slot: 127.0.0.2 first (127.0.0.1 stays the product's own). */
export function loopbackAddress(slot: number): string {
  const n = slot + 2;
  if (n > 255 * 256 * 256) throw new Error(`no loopback address left for slot ${slot}`);
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export function planClients(sockets: number, options: SpreadOptions): ClientShare[] {
  const { perProcess, perAddress, firstUserId, firstSlot = 0 } = options;
  if (!(perProcess > 0 && perAddress > 0)) throw new Error('perProcess and perAddress must be positive');
  const shares: ClientShare[] = [];
  for (let start = 0, index = 0; start < sockets; start += perProcess, index++) {
    const end = Math.min(sockets, start + perProcess);
    const addresses: AddressShare[] = [];
    for (let at = start; at < end;) {
      const slot = Math.floor(at / perAddress);
      const slotEnd = Math.min(end, (slot + 1) * perAddress);
      addresses.push({ address: loopbackAddress(firstSlot + slot), count: slotEnd - at });
      at = slotEnd;
    }
    shares.push({ index, firstUserId: firstUserId + start, count: end - start, addresses });
  }
  return shares;
}

/** The source address of a process's k-th socket (its shares are used in order). */
export function addressOf(share: ClientShare, k: number): string {
  for (const { address, count } of share.addresses) {
    if (k < count) return address;
    k -= count;
  }
  throw new Error(`socket ${k} is beyond client ${share.index}'s share`);
}
