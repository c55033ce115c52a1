import { en as enFirst } from './en';
import { enPanel } from './en/panel';
import { fa as faFirst } from './fa';
import { faPanel } from './fa/panel';

/** Every string of each language in one object (for tests and key checks; the panel loads them in two parts). */
export const en = { ...enFirst, ...enPanel };
export const fa = { ...faFirst, ...faPanel };
