import { DOMParser, type Node as XmlNode } from '@xmldom/xmldom';
import * as xpath from 'xpath';

const silent = { onError: () => {} };

// `parse(...).select({ node, isHtml })` exists at runtime but is missing from the bundled types.
const parseXpath = (xpath as unknown as { parse: (q: string) => { select(o: object): unknown } }).parse;

/**
 * Evaluates an XPath query on an HTML or XML byte string and returns text values (or the given
 * attribute). HTML is parsed leniently; `isHtml` lets `/html/body` match without the XHTML namespace.
 */
export function queryXpath(document: string, query: string, attribute?: string): string[] {
  const text = Buffer.from(document, 'latin1').toString('utf8');
  const isXml = /^\s*<\?xml/.test(text) && !/<html[\s>]/i.test(text);
  let root: XmlNode;
  try {
    root = new DOMParser(silent).parseFromString(
      text,
      isXml ? 'text/xml' : 'text/html',
    ) as unknown as XmlNode;
  } catch {
    return [];
  }
  let selected: unknown;
  try {
    selected = parseXpath(query).select({ node: root as unknown as Node, isHtml: !isXml });
  } catch {
    return [];
  }
  const nodes = Array.isArray(selected) ? (selected as Node[]) : [];
  const out: string[] = [];
  for (const node of nodes) {
    const element = node as unknown as {
      getAttribute?: (n: string) => string | null;
      textContent: string | null;
    };
    const value = attribute ? element.getAttribute?.(attribute) : element.textContent;
    if (value !== null && value !== undefined) out.push(Buffer.from(value, 'utf8').toString('latin1'));
  }
  return out;
}
