import type { MessageType } from '@didban/core';
import { fileTypeFromBuffer } from 'file-type';

type MediaKind = Exclude<MessageType, 'text' | 'file'>;

// What a name's extension claims. Only media kinds are listed: a name claiming to be a picture,
// a video or a sound must hold one, or the chat would show something it is not.
const MEDIA_EXTENSIONS: Record<string, MediaKind> = Object.fromEntries([
  ...['png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp', 'bmp', 'avif', 'heic', 'heif', 'tif', 'tiff', 'ico'].map(
    (e) => [e, 'image' as const],
  ),
  ...['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'mpeg', 'mpg', '3gp', 'ogv', 'wmv', 'flv'].map((e) => [
    e,
    'video' as const,
  ]),
  ...['mp3', 'wav', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'flac', 'weba', 'amr', 'wma', 'mid', 'midi'].map(
    (e) => [e, 'audio' as const],
  ),
]);

// Programs: accepted only under their own extension (a program named report.pdf is refused).
const EXECUTABLES = new Set([
  'exe',
  'elf',
  'macho',
  'msi',
  'dmg',
  'apk',
  'class',
  'wasm',
  'dex',
  'deb',
  'rpm',
  'cab',
]);

const kindOfMime = (mime: string): MessageType => {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'file';
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export type AttachmentVerdict =
  | { ok: true; messageType: MessageType; contentType: string }
  | { ok: false; reason: 'disguised' };

/**
 * Judge an attachment by its bytes (magic numbers), never by what the client says:
 * - message_type is the real kind: image, video, audio, else file;
 * - a name (or declared type) claiming image/video/audio whose content is something else is
 *   DISGUISED and refused (a program renamed photo.png, text renamed song.mp3);
 * - a program is refused unless named with its own extension.
 * Content of no recognisable type (plain text, CSV, logs…) is a 'file' served as a download.
 * @example await classifyAttachment(pngBytes, 'shot.png', 'image/png') // { ok: true, messageType: 'image', contentType: 'image/png' }
 */
export async function classifyAttachment(
  bytes: Uint8Array,
  names: readonly string[],
  declaredMime?: string,
): Promise<AttachmentVerdict> {
  const real = await fileTypeFromBuffer(bytes);
  const realKind = real ? kindOfMime(real.mime) : 'file';
  const claims = names.map(extensionOf);
  const claimedKinds = new Set<MessageType>(
    claims.map((ext) => MEDIA_EXTENSIONS[ext]).filter((k): k is MediaKind => k !== undefined),
  );
  if (declaredMime && kindOfMime(declaredMime) !== 'file') claimedKinds.add(kindOfMime(declaredMime));
  for (const claimed of claimedKinds) if (claimed !== realKind) return { ok: false, reason: 'disguised' };
  if (real && EXECUTABLES.has(real.ext) && claims.some((ext) => ext !== real.ext)) {
    return { ok: false, reason: 'disguised' };
  }
  return {
    ok: true,
    messageType: realKind,
    contentType: real && realKind !== 'file' ? real.mime : 'application/octet-stream',
  };
}
