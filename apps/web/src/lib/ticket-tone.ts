import type { TicketStatus } from '@didban/core';
import type { Tone } from './status-tone';

/** Spec §4: open, in_progress, closed → success, warning, neutral. */
export const TICKET_TONE: Record<TicketStatus, Tone> = {
  open: 'success',
  in_progress: 'warning',
  closed: 'neutral',
};
