import { useEffect, useState } from 'react';
import { authApi } from '../../lib/auth-api';
import { GithubButton } from './github-button';
import { OrDivider } from './or-divider';

/**
 * "or Sign in with GitHub", only when the server says GitHub is configured: a button that can
 * only fail is worse than none. Until the answer comes (or if it fails) nothing is shown.
 * Plain state rather than react-query: the sign-in chunk does not carry the query client.
 */
export function ExternalSignIn({ place }: { place: 'above-form' | 'below-form' }) {
  const [github, setGithub] = useState(false);
  useEffect(() => {
    let live = true;
    authApi.providers().then(
      (providers) => live && setGithub(providers.github),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!github) return null;
  return place === 'above-form' ? (
    <>
      <GithubButton />
      <OrDivider />
    </>
  ) : (
    <>
      <OrDivider />
      <GithubButton />
    </>
  );
}
