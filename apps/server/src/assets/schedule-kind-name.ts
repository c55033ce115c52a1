/** The scheduler kind of enumeration schedules (one per asset group; subject = the group id). */
export const ENUMERATION_SCHEDULE_KIND = 'enumeration';
