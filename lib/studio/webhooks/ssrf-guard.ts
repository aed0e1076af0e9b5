import "server-only";
// Where a webhook may be sent (product-decisions §5): http(s) only, and never to an address inside
// the operator's network (loopback, private, link-local, CGNAT, unique-local, cloud metadata)
// unless the operator allows it. Names are checked after DNS resolution, and the connection goes
// to the address that was checked (see `guardedLookup`), so a name that re-resolves to a private
// address between the check and the connect (DNS rebinding) cannot slip through.
import dns from "node:dns";
import net from "node:net";

export type Refusal = { refused: string };

const BLOCKED_V4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "this-network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "CGNAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];
const BLOCKED_V6: Array<[string, number, string]> = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["fc00::", 7, "unique-local"],
  ["fe80::", 10, "link-local"],
  ["ff00::", 8, "multicast"],
];

/** Why `address` (an IP literal) may not be a webhook target, or null when it may. */
export function forbiddenAddressReason(address: string): string | null {
  const kind = forbiddenAddressKind(address);
  return kind && `${address} is ${kind}`;
}

/**
 * What kind of forbidden address `address` is ("a private address"), without the address: what a
 * name resolved to stays inside the operator's network, so a refusal (stored, and shown to the
 * organization in its delivery log) names only the kind.
 */
function forbiddenAddressKind(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 4) return v4Kind(address);
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses
  // reach the IPv4 address they embed: judge that one.
  const embedded = embeddedV4(lower);
  if (embedded) return v4Kind(embedded);
  for (const [subnet, prefix, why] of BLOCKED_V6) {
    const list = new net.BlockList();
    list.addSubnet(subnet, prefix, "ipv6");
    if (list.check(lower, "ipv6")) return `a ${why} address`;
  }
  return null;
}

function v4Kind(address: string): string | null {
  if (address === "255.255.255.255") return "the broadcast address";
  for (const [subnet, prefix, why] of BLOCKED_V4) {
    const list = new net.BlockList();
    list.addSubnet(subnet, prefix, "ipv4");
    if (list.check(address, "ipv4")) return `a ${why} address`;
  }
  return null;
}

function embeddedV4(address: string): string | null {
  const words = expandV6(address);
  if (!words) return null;
  const high = words.slice(0, 6);
  const isMapped = high.slice(0, 5).every((word) => word === 0) && (high[5] === 0xffff || high[5] === 0);
  const isNat64 = words[0] === 0x64 && words[1] === 0xff9b && high.slice(2).every((word) => word === 0);
  if (!isMapped && !isNat64) return null;
  // "::" and "::1" are judged as IPv6 (unspecified, loopback), not as 0.0.0.x.
  if (!isNat64 && high[5] === 0 && (words[6] ?? 0) === 0) return null;
  const [a = 0, b = 0] = [words[6], words[7]];
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** The eight 16-bit words of an IPv6 address (with an optional dotted IPv4 tail), or null. */
function expandV6(address: string): number[] | null {
  let text = address.split("%")[0] ?? "";
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail?.[1]) {
    const parts = tail[1].split(".").map(Number);
    text = `${text.slice(0, -tail[1].length)}${(((parts[0] ?? 0) << 8) | (parts[1] ?? 0)).toString(16)}:${(((parts[2] ?? 0) << 8) | (parts[3] ?? 0)).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? left.length !== 8 : missing < 0) return null;
  const words = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill("0"), ...right].map((word) => parseInt(word, 16));
  return words.some((word) => Number.isNaN(word)) ? null : words;
}

/** The URL to send to, or why it may not be one: http(s), and a literal address must be allowed. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL | Refusal {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: "the callback URL is not a valid URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { refused: `only http and https callback URLs are allowed, not ${url.protocol}` };
  if (url.username || url.password) return { refused: "callback URLs may not carry credentials" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && net.isIP(host)) {
    const reason = forbiddenAddressReason(host);
    if (reason) return { refused: `refused: ${reason} (set WEBHOOK_ALLOW_PRIVATE=1 to allow private targets)` };
  }
  return url;
}

type LookupAll = (hostname: string, options: { all: true }) => Promise<Array<{ address: string; family: number }>>;
const systemLookup: LookupAll = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * Resolves `hostname` and checks every address it has (one private answer refuses the name);
 * returns the addresses the connection may use.
 */
export async function resolveAllowed(
  hostname: string,
  options: { allowPrivate: boolean; lookup?: LookupAll },
): Promise<Array<{ address: string; family: number }> | Refusal> {
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await (options.lookup ?? systemLookup)(hostname, { all: true });
  } catch (error) {
    return { refused: `could not resolve ${hostname}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  if (addresses.length === 0) return { refused: `${hostname} has no addresses` };
  if (options.allowPrivate) return addresses;
  for (const { address } of addresses) {
    const kind = forbiddenAddressKind(address);
    if (kind) return { refused: `refused: ${hostname} resolves to ${kind} (set WEBHOOK_ALLOW_PRIVATE=1 to allow private targets)` };
  }
  return addresses;
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetRefused";
  }
}

/**
 * A `lookup` for http.request/net.connect: resolves, checks every address, and hands the socket
 * the checked address itself, so what is connected to is exactly what was judged.
 */
export function guardedLookup(allowPrivate: boolean, lookup?: LookupAll): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, { allowPrivate, lookup }).then(
      (result) => {
        if ("refused" in result) {
          callback(new TargetRefused(result.refused) as NodeJS.ErrnoException, "", 4);
          return;
        }
        const wanted = typeof options === "object" && options.family ? result.filter((entry) => entry.family === options.family) : result;
        const chosen = wanted.length ? wanted : result;
        if (typeof options === "object" && options.all) {
          (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, chosen);
        } else {
          const first = chosen[0]!;
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}
