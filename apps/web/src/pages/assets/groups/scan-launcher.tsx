import { BulkScanModal, type BulkScanTarget } from '../../../components/scans/bulk-scan-modal';

/** What the bulk scan modal scans (its `target` prop). */
export type ScanTarget = BulkScanTarget;

/**
 * Opens the Scans issue's bulk scan modal for the chosen groups ("Bulk scan", "Scan group").
 * Closed when there is no target; on start the modal opens the scan's progress page.
 */
export function ScanLauncher({
  target,
  onClose,
  onStarted,
}: {
  target: ScanTarget | null;
  onClose: () => void;
  onStarted: () => void;
}) {
  if (!target) return null;
  return <BulkScanModal open onClose={onClose} target={target} onStarted={onStarted} />;
}
