import { createInterface } from 'node:readline';

/**
 * A question on the terminal; with `hidden` the answer is not echoed (passwords). Only used when
 * stdin is a TTY, so readline's raw handling is available.
 */
export function ttyPrompt(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): (question: string, options: { hidden: boolean }) => Promise<string> {
  return (question, { hidden }) =>
    new Promise((resolve) => {
      const rl = createInterface({ input, output, terminal: true });
      if (hidden) {
        // readline echoes through _writeToOutput; after the question, echo nothing.
        const internal = rl as unknown as { _writeToOutput: (s: string) => void };
        const write = internal._writeToOutput.bind(rl);
        internal._writeToOutput = (s) => write(s.startsWith(question) ? question : '');
      }
      rl.question(question, (answer) => {
        if (hidden) output.write('\n');
        rl.close();
        resolve(answer);
      });
    });
}
