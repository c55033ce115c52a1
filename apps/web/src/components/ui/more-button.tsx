import { MenuButton } from '@headlessui/react';
import type { ComponentProps } from 'react';

/**
 * The ⋯ button that opens a row's or card's actions menu (inside a Headless UI Menu). It never
 * lets its click reach the row, which would open the row instead.
 */
export function MoreButton({
  label,
  ...props
}: { label: string } & ComponentProps<typeof MenuButton<'button'>>) {
  return (
    <MenuButton
      className="inline-flex size-8 items-center justify-center rounded-md text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
      aria-label={label}
      onClick={(event: { stopPropagation: () => void }) => event.stopPropagation()}
      {...props}
    >
      <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
        <circle cx="4" cy="10" r="1.6" />
        <circle cx="10" cy="10" r="1.6" />
        <circle cx="16" cy="10" r="1.6" />
      </svg>
    </MenuButton>
  );
}
