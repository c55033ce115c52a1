import { useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Snackbars } from '../ui/snackbars';
import { Splash } from './splash';

// A page chunk that arrives within this time does not flash the splash.
const SPLASH_DELAY_MS = 200;

/** Everything every page shares: snackbars, and the splash while a page's code loads (spec §1). */
export function RootLayout() {
  const loading = useNavigation().state === 'loading';
  const [showSplash, setShowSplash] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShowSplash(false);
      return;
    }
    const timer = setTimeout(() => setShowSplash(true), SPLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return (
    <>
      <Outlet />
      {showSplash ? <Splash /> : null}
      <Snackbars />
    </>
  );
}
