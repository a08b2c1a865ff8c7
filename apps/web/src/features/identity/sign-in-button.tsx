import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useAuthConfigQuery, useGoogleLoginMutation } from './api';
import { loadGsiScript, setUpGoogleSignIn } from './gsi';
import { OidcSignInButton } from './oidc-sign-in';
import './identity.css';

/**
 * Where the header has no room for Google's full button, it shows the icon button: phones (up to the
 * Menu breakpoint) and laptops, whose one-row header also holds the links and the research-tools menu
 * (styles/header.css, whose breakpoints these are).
 */
const NARROW_QUERY = '(max-width: 820px), (min-width: 1025px) and (max-width: 1480px)';

function subscribeToNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrowNow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

type TSignInButtonProps = {
  /** Google's icon-only button where the header is short of room; the full button otherwise. */
  compactInHeader?: boolean;
  /**
   * Say so when sign-in is not offered (the profile page). The header shows nothing then: no button
   * and no placeholder.
   */
  explainWhenUnavailable?: boolean;
};

/**
 * requirements §2: signed out, a sign-in button for each identity provider the server has configured
 * (GET /api/auth/config: Google's client id, the OpenID Connect provider), and none for one it has not.
 */
export function SignInButton({ explainWhenUnavailable = false, compactInHeader = false }: TSignInButtonProps) {
  const config = useAuthConfigQuery();
  const isNarrow = useSyncExternalStore(subscribeToNarrow, isNarrowNow, () => false);
  const clientId = config.data?.google_client_id;
  const oidc = config.data?.oidc;
  if (config.data && (clientId || oidc)) {
    return (
      <>
        {clientId && (
          <GoogleSignIn
            clientId={clientId}
            scriptUrl={config.data.gsi_script_url}
            isCompact={compactInHeader && isNarrow}
            isInHeader={compactInHeader}
          />
        )}
        {oidc && <OidcSignInButton name={oidc.name} isCompact={compactInHeader && isNarrow} />}
      </>
    );
  }
  if (!explainWhenUnavailable || config.isPending) return null;
  if (config.isError) {
    return (
      <p className="sign-in-note" role="status">
        Sign-in is unavailable right now: {parseApiError(config.error).message}
      </p>
    );
  }
  return (
    <p className="sign-in-note" role="status">
      Sign-in is not configured on this server. Everything works without it; your data stays with this browser.
    </p>
  );
}

type TGoogleSignInProps = {
  clientId: string;
  scriptUrl: string;
  isCompact: boolean;
  /** In the header, where on phones the error message spans the width under it (identity.css). */
  isInHeader: boolean;
};

function GoogleSignIn({ clientId, scriptUrl, isCompact, isInHeader }: TGoogleSignInProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const login = useGoogleLoginMutation();
  const [loadError, setLoadError] = useState<string | null>(null);
  // The GIS callback outlives renders: it calls whatever mutate is current.
  const signIn = useRef(login.mutate);
  signIn.current = login.mutate;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let isActive = true;
    const cancel = setUpGoogleSignIn({
      clientId,
      container,
      isCompact,
      onCredential: (credential) => signIn.current(credential),
    });
    loadGsiScript(scriptUrl).catch((error: unknown) => {
      console.error(error);
      if (!isActive) return;
      cancel();
      setLoadError(error instanceof Error ? error.message : 'The Google sign-in script could not be loaded.');
    });
    return () => {
      isActive = false;
      cancel();
    };
  }, [clientId, scriptUrl, isCompact]);

  const failure = loadError ?? (login.isError ? `Sign-in failed: ${parseApiError(login.error).message}` : null);
  return (
    <div className={isInHeader ? 'sign-in is-in-header' : 'sign-in'} aria-busy={login.isPending}>
      {/* GIS owns this element's children. */}
      <div ref={containerRef} className="sign-in-gis" />
      {login.isPending && (
        <span className="sign-in-status" role="status">
          Signing in…
        </span>
      )}
      {failure && (
        <div className="sign-in-error" role="alert">
          <span>{failure}</span>
          {login.isError && (
            <button type="button" className="link-button" onClick={() => login.reset()}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}
