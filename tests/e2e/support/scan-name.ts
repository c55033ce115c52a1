const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spec §5's prefilled scan name with the date and time the dialog opened (core's datedScanName). */
export const datedPrefill = (name: string) =>
  new RegExp(`^${escapeRegExp(name)} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`);
