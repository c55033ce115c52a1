import { ApiError } from '../client/errors.js';
import type { PagedList } from '../contract/envelope.js';
import type { BulkScanInput, BulkScanResponse, ScanHistory } from '../contract/scans.js';
import type { Lang } from '../i18n/lang.js';
import { translate } from '../i18n/messages.js';

type BulkScanCalls = {
  bulkCreate: (body: BulkScanInput) => Promise<BulkScanResponse>;
  histories: (
    scanId: string,
    query?: { page?: number; page_size?: number },
  ) => Promise<PagedList<ScanHistory>>;
};

/** The ids the progress page needs, and how many wildcard records the server left out. */
export type StartedBulkScan = { scanId: string; historyId: string; skippedWildcards: number };

/**
 * Start a bulk scan and return the ids the progress page needs (spec §7): when the answer has no
 * scan_history_id, the first result of the scan's histories is taken. Failures carry the §8
 * messages ('No scan ID returned from bulk scan creation', 'Could not retrieve scan history ID').
 */
export async function startBulkScan(
  calls: BulkScanCalls,
  body: BulkScanInput,
  lang: Lang = 'en',
): Promise<StartedBulkScan> {
  const answer = await calls.bulkCreate(body);
  if (!answer.scan_id) throw new ApiError(translate('scans.no_scan_id', lang), null, 'no_scan_id');
  const skippedWildcards = answer.skipped_wildcards ?? 0;
  if (answer.scan_history_id)
    return { scanId: answer.scan_id, historyId: answer.scan_history_id, skippedWildcards };
  const page = await calls.histories(answer.scan_id, { page: 1, page_size: 1 });
  const historyId = page.results[0]?.id;
  if (!historyId) throw new ApiError(translate('scans.no_history_id', lang), null, 'no_history_id');
  return { scanId: answer.scan_id, historyId, skippedWildcards };
}
