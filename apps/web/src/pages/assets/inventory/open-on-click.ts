import type { MouseEvent } from 'react';

/**
 * A card or row opens the detail panel when clicked, but not when the click was meant for a
 * control inside it (checkbox, copy button, actions menu, link) — React events bubble through
 * portals too, so the menu's items count as inside.
 */
export function openUnlessControl(open: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, label, [role="menu"], [role="menuitem"]')) return;
    open();
  };
}
