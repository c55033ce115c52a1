/** The scheduler kind of scan schedules (one per scan; subject = the scan id). */
export const SCAN_SCHEDULE_KIND = 'scan';
