import { WORKER_GROUP_PHOTO_MAX_BYTES } from '@didban/core';

/** What is wrong with a chosen group photo, before it is sent (spec §3, §5: PNG/JPG, ≤ 2 MB). */
export type GroupPhotoProblem = 'type' | 'size';

const TYPES = new Set(['image/png', 'image/jpeg']);
const EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * The browser's type guess, or the extension when it has none. The server still checks the
 * content (magic bytes), so a renamed file is refused there and its message is shown.
 */
export function groupPhotoProblem(file: Pick<File, 'name' | 'size' | 'type'>): GroupPhotoProblem | null {
  const typeOk = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > WORKER_GROUP_PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** The message key in core's translations, the same words the server uses. */
export const GROUP_PHOTO_MESSAGE: Record<GroupPhotoProblem, 'errors.photo_type' | 'errors.photo_too_large'> =
  {
    type: 'errors.photo_type',
    size: 'errors.photo_too_large',
  };
