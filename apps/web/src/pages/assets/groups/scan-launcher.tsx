/** What the bulk scan modal scans (its `target` prop). */
export type ScanTarget =
  | { kind: 'groups'; groups: { id: string; name: string }[] }
  | { kind: 'assets'; assets: { id: string; host: string }[] };

/**
 * Opens the Scans issue's bulk scan modal for groups. Wired to
 * components/scans/bulk-scan-modal.tsx once it lands.
 */
export function ScanLauncher(_props: {
  target: ScanTarget | null;
  onClose: () => void;
  onStarted: () => void;
}) {
  return null;
}
