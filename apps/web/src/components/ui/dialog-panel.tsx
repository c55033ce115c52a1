import { DialogPanel as HeadlessPanel } from '@headlessui/react';
import { type ComponentProps, useEffect } from 'react';
import { dialogLayers } from '../../lib/dialog-layers';
import { Snackbars } from './snackbars';

/**
 * Headless UI's dialog panel with the snackbars inside it: messages raised while a dialog is open
 * show above its overlay and can be closed (the page behind the dialog is inert).
 */
export function DialogPanel({ children, ...props }: ComponentProps<typeof HeadlessPanel>) {
  useEffect(() => dialogLayers.enter(), []);
  return (
    <HeadlessPanel {...props}>
      {(bag) => (
        <>
          {typeof children === 'function' ? children(bag) : children}
          <Snackbars inDialog />
        </>
      )}
    </HeadlessPanel>
  );
}
