/**
 * The DNS wire format, from `dns-packet`. One import point so the engine and the local lab
 * (scripts/lab, which has no package of its own) share a single copy of the codec.
 */
import dnsPacket from 'dns-packet';

export type { Answer, DecodedPacket, Packet, Question, RecordType } from 'dns-packet';
export { dnsPacket };
