/**
 * What a crawler needs from one HTML page, read with htmlparser2's streaming parser (tolerant of
 * broken markup like a browser, attributes decoded): link targets, forms with their fields,
 * scripts (inline text and same-page `src`), and the `<base href>` that relative URLs resolve
 * against.
 */
import { Parser } from 'htmlparser2';

export interface FormField {
  name: string;
  value: string;
  /** Input type (`text`, `email`, `file`…; `textarea`/`select` for those elements). */
  type: string;
}

export interface ExtractedForm {
  /** As written (may be empty: the page itself). */
  action: string;
  method: string;
  enctype: string;
  fields: FormField[];
}

export interface ExtractedPage {
  base?: string;
  links: string[];
  forms: ExtractedForm[];
  scriptSrcs: string[];
  inlineScripts: string[];
}

/** Caps per page so a hostile page cannot make the crawler hold millions of strings. */
const MAX_LINKS = 2000;
const MAX_FORMS = 100;
const MAX_FIELDS = 200;
const MAX_SCRIPT_TEXT = 512 * 1024;

const SKIPPED_INPUT_TYPES = new Set(['submit', 'button', 'image', 'reset']);

export function extractPage(html: string): ExtractedPage {
  const page: ExtractedPage = { links: [], forms: [], scriptSrcs: [], inlineScripts: [] };
  let form: ExtractedForm | undefined;
  let script: string[] | undefined;
  let scriptSize = 0;
  let textarea: FormField | undefined;
  let select: { field: FormField; first: boolean; selected: boolean } | undefined;
  let option: { value?: string; selected: boolean; text: string } | undefined;
  const radios = new Set<string>();
  const link = (href: string | undefined) => {
    if (href?.trim() && page.links.length < MAX_LINKS) page.links.push(href.trim());
  };
  const addField = (field: FormField) => {
    if (form && field.name && form.fields.length < MAX_FIELDS) form.fields.push(field);
  };

  const parser = new Parser(
    {
      onopentag(name, a) {
        switch (name) {
          case 'base':
            page.base ??= a.href;
            break;
          case 'a':
          case 'area':
            link(a.href);
            break;
          case 'frame':
          case 'iframe':
            link(a.src);
            break;
          case 'meta': {
            // <meta http-equiv="refresh" content="0; url=/next">
            if (a['http-equiv']?.toLowerCase() === 'refresh') {
              const m = /url\s*=\s*['"]?([^'"]+)/i.exec(a.content ?? '');
              link(m?.[1]);
            }
            break;
          }
          case 'form':
            if (page.forms.length < MAX_FORMS) {
              form = {
                action: a.action ?? '',
                method: (a.method ?? 'get').toLowerCase() === 'post' ? 'POST' : 'GET',
                enctype: (a.enctype ?? '').toLowerCase(),
                fields: [],
              };
              page.forms.push(form);
              radios.clear();
            }
            break;
          case 'input': {
            const type = (a.type ?? 'text').toLowerCase();
            if (!a.name || SKIPPED_INPUT_TYPES.has(type)) break;
            if (type === 'radio' || type === 'checkbox') {
              // One value per radio group: the checked one, else the first.
              if (type === 'radio' && radios.has(a.name) && !('checked' in a)) break;
              if (type === 'radio' && form) {
                const i = form.fields.findIndex((f) => f.name === a.name);
                if (i >= 0) form.fields.splice(i, 1);
              }
              radios.add(a.name);
              addField({ name: a.name, value: a.value ?? 'on', type });
              break;
            }
            addField({ name: a.name, value: a.value ?? '', type });
            break;
          }
          case 'textarea':
            if (a.name) {
              textarea = { name: a.name, value: '', type: 'textarea' };
              addField(textarea);
            }
            break;
          case 'select':
            if (a.name) {
              select = { field: { name: a.name, value: '', type: 'select' }, first: false, selected: false };
              addField(select.field);
            }
            break;
          case 'option':
            if (select) option = { value: a.value, selected: 'selected' in a, text: '' };
            break;
          case 'script':
            if (a.src) page.scriptSrcs.push(a.src);
            else if (!a.type || /javascript|module/i.test(a.type)) script = [];
            break;
        }
      },
      ontext(text) {
        if (script && scriptSize < MAX_SCRIPT_TEXT) {
          script.push(text);
          scriptSize += text.length;
        } else if (textarea) textarea.value += text;
        else if (option) option.text += text;
      },
      onclosetag(name) {
        if (name === 'form') form = undefined;
        else if (name === 'textarea') textarea = undefined;
        else if (name === 'select') select = undefined;
        else if (name === 'script' && script) {
          page.inlineScripts.push(script.join(''));
          script = undefined;
        } else if (name === 'option' && option && select) {
          const value = option.value ?? option.text.trim();
          // The selected option, else the first one.
          if (option.selected && !select.selected) {
            select.field.value = value;
            select.selected = true;
          } else if (!select.first) select.field.value = value;
          select.first = true;
          option = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return page;
}
