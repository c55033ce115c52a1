import { LIMITS } from '@didban/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies a value and shows a check for 2 s (spec §4). */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation('shared');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LIMITS.copyConfirmationMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission (plain http on another host): nothing to confirm.
    }
  };

  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex size-7 items-center justify-center rounded-md text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
      aria-label={copied ? t('copied') : (label ?? t('copy'))}
      title={copied ? t('copied') : (label ?? t('copy'))}
    >
      {copied ? (
        <svg viewBox="0 0 20 20" className="size-4 text-emerald-400" aria-hidden="true">
          <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      ) : (
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <rect
            x="7"
            y="7"
            width="10"
            height="10"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <path d="M13 4H5a1 1 0 0 0-1 1v8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      )}
    </button>
  );
}
