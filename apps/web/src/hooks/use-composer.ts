import { TICKET_ATTACHMENT_MAX_BYTES, translate } from '@didban/core';
import { useState } from 'react';
import { snackbarStore } from '../lib/snackbar-store';
import { useLang } from './use-lang';

/**
 * Spec §5 chat rules: a message is trimmed text or one file; choosing a file clears the text
 * (and the box is disabled while a file is chosen).
 */
export function useComposer() {
  const lang = useLang();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /** false when the file is refused before upload (over 10 MB: the server would refuse it too). */
  const chooseFile = (chosen: File | null): boolean => {
    if (chosen && chosen.size > TICKET_ATTACHMENT_MAX_BYTES) {
      snackbarStore.show(translate('support.attachment_too_large', lang), 'error');
      return false;
    }
    setFile(chosen);
    if (chosen) setText('');
    return true;
  };
  const message = file ? { file, fileName: file.name } : text.trim() ? { text: text.trim() } : null;
  const clear = () => {
    setText('');
    setFile(null);
  };
  return { text, setText, file, chooseFile, message, canSend: message !== null, clear };
}
