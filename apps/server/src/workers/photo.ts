/**
 * The image type of a worker group photo, judged by its first bytes (never by the file name or
 * the declared type): PNG or JPEG, else null.
 * @example photoType(readFileSync('logo.png')) // 'image/png'
 */
export function photoType(data: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}
