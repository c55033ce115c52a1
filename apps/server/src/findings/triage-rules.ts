/**
 * The rules of a status change (issue 32), checked before anything is written: a false positive
 * or an accepted risk needs a reason; only an owner or admin accepts a risk; an acceptance ends in
 * the future (90 days unless said), within 3 years.
 */
import { ACCEPTANCE_DEFAULT_DAYS, type TeamRole, type VulnerabilityStatus } from '@didban/core';
import { HttpError } from '../http/errors.js';
import { roleAtLeast } from '../http/permissions.js';

const DAY = 86_400_000;
const MAX_ACCEPT_DAYS = 3 * 366;

export type StatusChange = {
  status: VulnerabilityStatus;
  reason: string | null;
  accepted_until: Date | null;
};

const bad = (key: ConstructorParameters<typeof HttpError>[2], field: string) =>
  new HttpError(400, 'validation_error', key, {}, { [field]: [key] });

/** A date-only value means the end of that day (UTC). */
export function parseFindingDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

export function checkStatusChange(
  input: { status: VulnerabilityStatus; reason?: string; accepted_until?: string },
  role: TeamRole,
  now = new Date(),
): StatusChange {
  const { status } = input;
  const reason = input.reason?.trim() || null;
  const needsReason = status === 'false_positive' || status === 'accepted_risk';
  if (status === 'accepted_risk' && !roleAtLeast(role, 'admin'))
    throw new HttpError(403, 'accept_forbidden', 'findings.accept_forbidden');
  if (needsReason && !reason) throw bad('findings.reason_required', 'reason');
  if (input.accepted_until !== undefined && status !== 'accepted_risk')
    throw bad('findings.accepted_until_only_accept', 'accepted_until');
  let acceptedUntil: Date | null = null;
  if (status === 'accepted_risk') {
    acceptedUntil = input.accepted_until
      ? parseFindingDate(input.accepted_until)
      : new Date(now.getTime() + ACCEPTANCE_DEFAULT_DAYS * DAY);
    if (acceptedUntil.getTime() <= now.getTime()) throw bad('findings.accepted_until_past', 'accepted_until');
    if (acceptedUntil.getTime() > now.getTime() + MAX_ACCEPT_DAYS * DAY)
      throw bad('findings.accepted_until_far', 'accepted_until');
  }
  return { status, reason: needsReason ? reason : null, accepted_until: acceptedUntil };
}
