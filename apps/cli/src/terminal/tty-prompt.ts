import { createInterface } from 'node:readline';
import { Interrupted } from '../errors.js';

/**
 * A question on the terminal; with `hidden` the answer is not echoed (passwords). Only used when
 * stdin is a TTY, so readline's raw handling is available. Ctrl+C (readline's own SIGINT, the
 * terminal being raw) and Ctrl+D (end of input) reject with `Interrupted`: `run` prints its one
 * line and exits 130. Unanswered, the question used to leave a promise that never settled (exit 13).
 */
export function ttyPrompt(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): (question: string, options: { hidden: boolean }) => Promise<string> {
  return (question, { hidden }) =>
    new Promise((resolve, reject) => {
      const rl = createInterface({ input, output, terminal: true });
      let answered = false;
      if (hidden) {
        // readline echoes through _writeToOutput; after the question, echo nothing.
        const internal = rl as unknown as { _writeToOutput: (s: string) => void };
        const write = internal._writeToOutput.bind(rl);
        internal._writeToOutput = (s) => write(s.startsWith(question) ? question : '');
      }
      rl.on('SIGINT', () => rl.close());
      rl.on('close', () => {
        if (answered) return;
        output.write('\n');
        reject(new Interrupted());
      });
      rl.question(question, (answer) => {
        answered = true;
        if (hidden) output.write('\n');
        rl.close();
        resolve(answer);
      });
    });
}
