import { Dialog, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { DialogPanel } from './dialog-panel';

/** The panel's dialog frame: a dimmed page and a centred card with a title, scrolling when taller than the window. */
export function Modal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      {/* A dialog taller than the window (a long form with a message under it) scrolls, so its
          title and buttons stay reachable. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="w-full max-w-lg rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
