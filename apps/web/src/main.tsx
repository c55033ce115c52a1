// First: zod must be jitless before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n/init-i18n';
import { applyDocumentLanguage, storedLanguage } from './lib/language';
import { verifyStoredSession } from './lib/verify-session';
import '@fontsource-variable/vazirmatn';
import './index.css';

const lang = storedLanguage();
// Spec §1: <html lang dir> from the saved language, before anything is drawn.
applyDocumentLanguage(lang);
// Not awaited: the protected shell shows the splash while the session is being checked.
void verifyStoredSession(lang);

const i18n = await initI18n(lang);
document.title = i18n.t('shared:appName');

// A page chunk from an older release may be gone after an upgrade: the router's error page
// (components/layout/route-error.tsx) reloads once at the address asked for, never in a loop.

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
