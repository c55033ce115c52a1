import { useState } from 'react';
import { useLang } from '../../hooks/use-lang';
import { Button } from '../ui/button';
import { ReportDialog } from './report-dialog';
import type { ReportFilters, ReportScope } from './report-scope';
import { reportText } from './reports-text';

/**
 * The "Report" action of a scan's details, an asset group and the vulnerability list (issue 33):
 * opens the Report dialog for that scope (the list's filters become the report's).
 */
export function ReportButton({
  scope,
  filters,
  variant = 'secondary',
  list = false,
}: {
  scope: ReportScope | null;
  filters?: ReportFilters | undefined;
  variant?: 'primary' | 'secondary' | 'ghost';
  /** On a list: "Report these findings" (its filters go along), beside the page's own "Report". */
  list?: boolean;
}) {
  const lang = useLang();
  const [open, setOpen] = useState(false);
  if (!scope) return null;
  return (
    <>
      <Button
        variant={variant}
        onClick={() => setOpen(true)}
        data-testid={list ? 'report-list-open' : 'report-open'}
      >
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <path
            d="M5 2.5h6.5L15 6v11.5H5zM11 2.5V6.5h4M7.5 10.5h5M7.5 13.5h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
        {reportText(lang)(list ? 'reportList' : 'reportButton')}
      </Button>
      {open ? (
        <ReportDialog open={open} onClose={() => setOpen(false)} scope={scope} filters={filters} />
      ) : null}
    </>
  );
}
