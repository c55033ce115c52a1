/**
 * Page URLs and nested sitemaps named by a sitemap (`<urlset><url><loc>`) or a sitemap index
 * (`<sitemapindex><sitemap><loc>`), read with htmlparser2 in XML mode.
 */
import { Parser } from 'htmlparser2';

export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

export function parseSitemap(xml: string, maxEntries: number): SitemapEntries {
  const result: SitemapEntries = { pages: [], sitemaps: [] };
  const stack: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        stack.push(name.toLowerCase().replace(/^.*:/, ''));
        text = '';
      },
      ontext(chunk) {
        if (stack.at(-1) === 'loc' && text.length < 4096) text += chunk;
      },
      onclosetag() {
        const name = stack.pop();
        if (name !== 'loc' || !text.trim()) return;
        const parent = stack.at(-1);
        if (parent === 'url' && result.pages.length < maxEntries) result.pages.push(text.trim());
        else if (parent === 'sitemap' && result.sitemaps.length < 20) result.sitemaps.push(text.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return result;
}
