/**
 * An interaction server as people write it for nuclei's `-iserver`: a URL, or a bare host
 * (`oast.example.com`, meaning https). Callback hosts are `<id>.<that host>`.
 *
 * @example interactshServerUrl('oast.example.com') // 'https://oast.example.com'
 */
export function interactshServerUrl(value: string): string {
  const text = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`not an interaction server URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`an interaction server URL is http or https: "${value}"`);
  return url.origin;
}
