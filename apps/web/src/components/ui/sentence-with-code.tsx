/** Stands in for the command while the sentence is translated, then is replaced by it. */
export const CODE_SLOT = '\uE000';

/**
 * A translated sentence with a command inside it (`--network host`): the command is a left-to-right
 * `<code>` that never breaks across lines, so in Persian it is not split into "--" at the end of one
 * line and "network host" at the start of the next. `sentence` is the translation made with
 * `CODE_SLOT` as the command's value.
 */
export function SentenceWithCode({ sentence, code }: { sentence: string; code: string }) {
  const [before, after = ''] = sentence.split(CODE_SLOT);
  return (
    <>
      {before}
      <code dir="ltr" className="whitespace-nowrap font-mono text-zinc-400">
        {code}
      </code>
      {after}
    </>
  );
}
