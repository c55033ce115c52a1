/**
 * The DNS wire format, from `dns-packet`. One import point so the engine and the local lab
 * (scripts/lab, which has no package of its own) share a single copy of the codec.
 */
import dnsPacket from 'dns-packet';

export type { Answer, Packet, Question, RecordType } from 'dns-packet';

/** dns-packet decodes the response code as text; its type definitions leave the field out. */
export type DecodedPacket = import('dns-packet').DecodedPacket & { rcode?: string };

/** The record data as text (addresses, target names); '' for records without simple data. */
export function answerData(record: import('dns-packet').Answer): string {
  return 'data' in record ? String(record.data) : '';
}

export { dnsPacket };
