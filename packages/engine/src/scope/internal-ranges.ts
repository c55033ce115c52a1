/**
 * What the built-in worker refuses by default: every range that is not the public Internet —
 * the machine itself, its local networks, cloud metadata, and ranges reserved for tests,
 * benchmarks, documentation and the future (IANA special-purpose registries, RFC 6890).
 */
import { parseScopeRanges } from './ranges.js';

export const INTERNAL_RANGE_TEXT = [
  // IPv4
  '0.0.0.0/8', // "this network", incl. the unspecified 0.0.0.0
  '10.0.0.0/8', // private (RFC 1918)
  '100.64.0.0/10', // carrier-grade NAT (RFC 6598)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, incl. cloud metadata 169.254.169.254
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, incl. broadcast 255.255.255.255
  // IPv6 (IPv4-mapped forms are checked as the IPv4 address they carry)
  '::/128', // unspecified
  '::1/128', // loopback
  '::/96', // IPv4-compatible (deprecated)
  '64:ff9b::/96', // NAT64: would reach an IPv4 address through a translator
  '64:ff9b:1::/48', // local-use NAT64
  '100::/64', // discard
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: embeds an IPv4 address
  'fc00::/7', // unique local (ULA)
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
] as const;

export const INTERNAL_RANGES = parseScopeRanges([...INTERNAL_RANGE_TEXT]);
