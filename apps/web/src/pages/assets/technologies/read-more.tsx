import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const CUT = 180;

/** A description cut at a word near {@link CUT} characters, with read more / read less. */
export function ReadMore({ text }: { text: string }) {
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState(false);
  if (text.length <= CUT) return <p className="text-sm text-zinc-300">{text}</p>;
  const cut = text.lastIndexOf(' ', CUT);
  const short = `${text.slice(0, cut > 0 ? cut : CUT)}…`;
  return (
    <p className="text-sm text-zinc-300" dir="ltr">
      {open ? text : short}{' '}
      <button
        type="button"
        className="text-brand-300 hover:underline"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t(open ? 'technologies.readLess' : 'technologies.readMore')}
      </button>
    </p>
  );
}
