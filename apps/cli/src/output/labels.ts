/**
 * Severities and statuses in the reader's language: the words live in core, shared with every
 * interface (packages/core/src/i18n/labels.ts).
 */
export { statusLabel as label } from '@didban/core';
