import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { PATHS } from '../../routes/paths';
import { FeedbackDialog } from '../feedback/feedback-dialog';
import { NotificationBell } from '../notifications/notification-bell';
import { buttonClass } from '../ui/button';
import { LanguageToggle } from './language-toggle';
import { LogoMark } from './logo-mark';
import { NavLinks } from './nav-links';
import { ProfileMenu } from './profile-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/** Spec §2 header: logo, navigation, workspace, bell, feedback, profile; guests get sign-in/up. */
export function Header() {
  const { t } = useTranslation(['layout', 'shared']);
  const { isAuthenticated } = useAuth();
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <Disclosure
      as="header"
      className="sticky top-0 z-40 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur"
    >
      {({ open, close }) => (
        <>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:rounded focus:bg-zinc-800 focus:px-3 focus:py-2"
          >
            {t('skipToContent')}
          </a>
          <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
            {isAuthenticated ? (
              <DisclosureButton
                className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-300 hover:bg-zinc-800 md:hidden"
                aria-label={open ? t('closeMenu') : t('openMenu')}
                data-testid="mobile-menu-button"
              >
                <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                  {open ? (
                    <path
                      d="M6 6l12 12M18 6L6 18"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  ) : (
                    <path
                      d="M4 7h16M4 12h16M4 17h16"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  )}
                </svg>
              </DisclosureButton>
            ) : null}
            <Link to={PATHS.home} className="flex items-center gap-2 text-lg font-semibold text-white">
              <LogoMark className="size-8 text-brand-500" />
              <span>{t('shared:appName')}</span>
            </Link>
            {isAuthenticated ? (
              <nav aria-label={t('mainNav')} className="ms-4 hidden md:block">
                <NavLinks />
              </nav>
            ) : null}
            <div className="ms-auto flex items-center gap-2">
              {isAuthenticated ? (
                <>
                  <div className="hidden sm:block">
                    <WorkspaceSwitcher />
                  </div>
                  <NotificationBell />
                  <button
                    type="button"
                    onClick={() => setFeedbackOpen(true)}
                    className="inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm text-zinc-300 hover:bg-zinc-800 hover:text-white"
                    data-testid="feedback-button"
                  >
                    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                      <path
                        d="M4 5h16v11H9l-5 4V5z"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.7"
                        strokeLinejoin="round"
                      />
                    </svg>
                    <span className="hidden lg:inline">{t('feedback.button')}</span>
                    <span className="sr-only lg:hidden">{t('feedback.button')}</span>
                  </button>
                  <ProfileMenu />
                </>
              ) : (
                <>
                  <LanguageToggle />
                  <Link to={PATHS.signIn} className={buttonClass('ghost')}>
                    {t('guest.signIn')}
                  </Link>
                  <Link to={PATHS.signUp} className={buttonClass('primary')}>
                    {t('guest.signUp')}
                  </Link>
                </>
              )}
            </div>
          </div>
          {isAuthenticated ? (
            <DisclosurePanel
              className="border-t border-zinc-800 px-4 py-3 md:hidden"
              data-testid="mobile-menu"
            >
              <nav aria-label={t('mainNav')}>
                <NavLinks vertical onNavigate={() => close()} />
              </nav>
              <div className="mt-3 border-t border-zinc-800 pt-3 sm:hidden">
                <WorkspaceSwitcher />
              </div>
            </DisclosurePanel>
          ) : null}
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </>
      )}
    </Disclosure>
  );
}
