import { MESSAGES } from '../i18n/messages.js';
import type { LocalizedMessage } from '../validation/targets.js';

/**
 * Scan form rules (spec §5): a name and an asset group; and, ours, at least one template or tag
 * (the server refuses a scan that would run nothing). Bulk scan: the name is required.
 */

type ScanMessage = Omit<LocalizedMessage, 'code'> & { code: string };
const message = (key: keyof typeof MESSAGES): ScanMessage => ({ code: key, ...MESSAGES[key] });

export type ScanFormInput = {
  name: string;
  assetGroup: string | null | undefined;
  templateIds: readonly string[];
  templateTags: readonly string[];
};
export type ScanFormErrors = Partial<Record<'name' | 'asset_group' | 'templates', ScanMessage>>;

/** Field errors; empty when the scan may be saved. */
export function validateScanForm(input: ScanFormInput): ScanFormErrors {
  const errors: ScanFormErrors = {};
  if (!input.name.trim()) errors.name = message('scans.name_required');
  if (!input.assetGroup) errors.asset_group = message('scans.group_required');
  if (input.templateIds.length === 0 && input.templateTags.length === 0)
    errors.templates = message('scans.templates_required');
  return errors;
}

/** Bulk scan modal: name required, and something to run. */
export function validateBulkScanForm(
  input: Omit<ScanFormInput, 'assetGroup'>,
): Partial<Record<'name' | 'templates', ScanMessage>> {
  const errors: Partial<Record<'name' | 'templates', ScanMessage>> = {};
  if (!input.name.trim()) errors.name = message('scans.bulk_name_required');
  if (input.templateIds.length === 0 && input.templateTags.length === 0)
    errors.templates = message('scans.templates_required');
  return errors;
}
