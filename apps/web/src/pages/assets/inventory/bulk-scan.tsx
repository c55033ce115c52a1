import type { Asset } from '@didban/core';
import { BulkScanModal } from '../../../components/scans/bulk-scan-modal';

/**
 * The bulk-scan modal for the selected assets (spec §2); after a scan starts the selection is
 * cleared (spec §4) and the modal opens the scan's progress page.
 */
export function BulkScan({
  open,
  assets,
  onClose,
  onStarted,
}: {
  open: boolean;
  assets: Asset[];
  onClose: () => void;
  onStarted: () => void;
}) {
  return (
    <BulkScanModal
      open={open}
      onClose={onClose}
      target={{ kind: 'assets', assets: assets.map((a) => ({ id: a.id, host: a.host, group: a.group })) }}
      onStarted={onStarted}
    />
  );
}
