import { useState } from 'react';

/**
 * Spec §5 chat rules: a message is trimmed text or one file; choosing a file clears the text
 * (and the box is disabled while a file is chosen).
 */
export function useComposer() {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setText('');
  };
  const message = file ? { file, fileName: file.name } : text.trim() ? { text: text.trim() } : null;
  const clear = () => {
    setText('');
    setFile(null);
  };
  return { text, setText, file, chooseFile, message, canSend: message !== null, clear };
}
