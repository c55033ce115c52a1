import type { enPanel } from './en/panel';

/**
 * English strings of the namespaces the sign-in route shows (spec §1); the signed-in panel's
 * namespaces are in en/panel.ts, loaded with the shells (i18n/load-panel-strings.ts) so the
 * sign-in bundle stays within its size budget. fa.ts must have exactly the same keys.
 */
export const en = {
  shared: {
    appName: 'Didban',
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save',
    saving: 'Saving…',
    send: 'Send',
    sending: 'Sending…',
    refresh: 'Refresh',
    loading: 'Loading…',
    updating: 'Updating…',
    retry: 'Try again',
    copy: 'Copy',
    copied: 'Copied',
    notAvailable: 'Not available in this version',
    assetStatusDone: 'Done (no web service)',
    loadFailed: 'Could not load this. Please try again.',
    unknownError: 'An unknown error occurred',
    pagination: {
      label: 'Pagination',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
    },
    time: {
      justNow: 'just now',
      minutesAgo_one: '{{n}} minute ago',
      minutesAgo_other: '{{n}} minutes ago',
      hoursAgo_one: '{{n}} hour ago',
      hoursAgo_other: '{{n}} hours ago',
      daysAgo_one: '{{n}} day ago',
      daysAgo_other: '{{n}} days ago',
    },
    snackbar: {
      success: 'Success',
      error: 'Error',
      warning: 'Warning',
      info: 'Information',
      dismiss: 'Dismiss',
    },
  },
  layout: {
    mainNav: 'Main navigation',
    skipToContent: 'Skip to content',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    nav: {
      home: 'Home',
      scans: 'Scans',
      findings: 'Findings',
      assets: 'Assets',
      templates: 'Templates',
      workers: 'Workers',
      reports: 'Reports',
    },
    workspace: {
      label: 'Workspace',
      personal: 'Personal',
      teams: 'Teams',
      loadFailed: 'Could not load your teams.',
      current: 'Current workspace: {{name}}',
    },
    notifications: {
      label: 'Notifications',
      unseenLabel: 'Notifications, {{n}} unseen',
      title: 'Notifications',
      empty: 'You have no unseen notifications.',
      markAllSeen: 'Mark all as seen',
      viewAll: 'View all',
    },
    feedback: {
      button: 'Feedback',
    },
    profile: {
      menu: 'Account menu',
      viewProfile: 'View profile',
      upgrade: 'Upgrade plan',
      settings: 'Settings',
      language: 'فارسی',
      languageLabel: 'Switch language to Persian',
      signOut: 'Sign out',
      plans: { free: 'Free plan', pro: 'Pro plan', enterprise: 'Enterprise plan' },
    },
    guest: {
      signIn: 'Log in',
      signUp: 'Sign up',
    },
    notFound: {
      title: 'Page not found',
      body: 'There is no page at this address.',
      home: 'Back to home',
    },
    errorPage: {
      title: 'Something went wrong',
      body: 'This page could not be shown. Reloading usually helps; if it keeps happening, tell us through Feedback.',
      updated: 'Didban was updated while this page was open. Reload to get the new version.',
      reload: 'Reload',
      home: 'Back to home',
      offlineTitle: 'The server cannot be reached',
      offline:
        'This page could not be loaded because the server did not answer. Check your connection or wait for the server to come back, then try again.',
      retry: 'Try again',
    },
    loading: 'Loading Didban',
  },
  auth: {
    signIn: {
      title: 'Sign in to Didban',
      subtitle: 'Watch over your attack surface.',
      submit: 'Sign in',
      submitting: 'Signing in…',
      noAccount: 'No account yet?',
      toSignUp: 'Create one',
      forgot: 'Forgot password?',
    },
    signUp: {
      title: 'Create your Didban account',
      subtitle: 'Discover your assets and scan them for weaknesses.',
      submit: 'Create account',
      submitting: 'Creating account…',
      haveAccount: 'Already have an account?',
      toSignIn: 'Sign in',
    },
    fields: {
      username: 'Username',
      email: 'Email',
      password: 'Password',
      confirmPassword: 'Confirm password',
    },
    or: 'or',
    github: 'Continue with GitHub',
    githubFailed: 'Failed to get GitHub login URL',
    loginFailed: 'Invalid credentials. Please try again.',
    registerFailed: 'Registration failed. Please try again.',
    signedOut: 'You have been signed out.',
  },
  callbacks: {
    github: {
      working: 'Completing GitHub sign-in…',
      failed: 'GitHub login failed',
      missing: 'GitHub did not return a sign-in code.',
      handedToCli: 'Signed in. You can return to your terminal.',
    },
    verifyToken: {
      working: 'Verifying your session…',
      missing: 'No session token was given.',
    },
    verifyEmail: {
      working: 'Confirming your email address…',
      missing: 'This link has no verification code. Open the whole link from the email.',
      successTitle: 'Email verified',
      successBody: '{{email}} is confirmed as your email address.',
      failedTitle: 'Email not verified',
      toHome: 'Go to the panel',
      toProfile: 'Profile settings',
    },
    error: {
      title: 'An Error Occurred',
      body: 'Could not complete the process. Please try again or contact support.',
      toSignIn: 'Back to login',
      toBilling: 'Back to billing',
    },
    vpl: {
      working: 'Verifying your payment…',
      failed: 'The payment could not be verified.',
      successTitle: 'Payment successful',
      successBody: 'Your {{title}} licence is active until {{date}}.',
      pendingTitle: 'Payment received, awaiting confirmation',
      pendingBody:
        'Your licence will be activated as soon as the payment is confirmed. See its state in the order history.',
      toBilling: 'Go to billing',
      toOrders: 'Order history',
    },
  },
} as const;

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/** The shape every language must fill in: the first namespaces and the panel's. */
export type Translations = Strings<typeof en & typeof enPanel>;
/** The namespaces every page may need before the panel's strings load (this file). */
export type FirstTranslations = Pick<Translations, keyof typeof en>;
/** The signed-in panel's namespaces (en/panel.ts). */
export type PanelTranslations = Pick<Translations, keyof typeof enPanel>;
