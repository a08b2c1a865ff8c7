/**
 * Google Identity Services (GIS), the identity provider's sign-in button (requirements §1 Identity, §2 Header).
 * The script loads once from the server's gsi_script_url; requirements §8 and §9: while `google.accounts.id` is
 * not ready, set-up retries every 100 ms. The API's CSP allows that script's origin only when sign-in
 * is configured (docs/security.md).
 */

/** requirements §9 Sign-in retry. */
export const SIGN_IN_RETRY_MS = 100;

/** The button the header and the profile show. */
export const GIS_BUTTON_OPTIONS = { theme: 'outline', size: 'medium', text: 'signin_with', shape: 'pill' } as const;

/** On phones the header has no room for the wide button: Google's round icon button instead. */
export const GIS_ICON_BUTTON_OPTIONS = { type: 'icon', theme: 'outline', size: 'medium', shape: 'circle' } as const;

export type TGisCredentialResponse = { credential: string };

/** The part of `google.accounts.id` this app uses. */
export type TGisAccountsId = {
  initialize: (config: { client_id: string; callback: (response: TGisCredentialResponse) => void }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string>) => void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: TGisAccountsId } };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Adds the GIS script to the page once per URL; resolves when it has loaded, rejects when it cannot. */
export function loadGsiScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        // A later mount may try again (the network may be back).
        scripts.delete(src);
        script.remove();
        reject(new Error('The Google sign-in script could not be loaded.'));
      });
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/**
 * One `initialize` per client id for the page: its callback hands the credential to the most recently
 * set-up button still on screen (the header's, or the profile's while that page is open).
 */
let initializedClientId: string | null = null;
const credentialHandlers: ((credential: string) => void)[] = [];

function handleCredential(response: TGisCredentialResponse): void {
  const handler = credentialHandlers.at(-1);
  if (handler) handler(response.credential);
  else console.error('A Google credential arrived with no sign-in button on screen.');
}

type TSetUpOptions = {
  clientId: string;
  container: HTMLElement;
  onCredential: (credential: string) => void;
  /** The icon-only button (narrow headers). */
  isCompact?: boolean;
};

/**
 * Renders the sign-in button into `container` once GIS is ready, retrying every SIGN_IN_RETRY_MS until
 * then. Returns a cancel function (stops the retries, forgets the handler).
 */
export function setUpGoogleSignIn({ clientId, container, onCredential, isCompact = false }: TSetUpOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isCancelled = false;
  credentialHandlers.push(onCredential);

  const attempt = () => {
    if (isCancelled) return;
    const gis = window.google?.accounts?.id;
    if (!gis) {
      timer = setTimeout(attempt, SIGN_IN_RETRY_MS);
      return;
    }
    if (initializedClientId !== clientId) {
      gis.initialize({ client_id: clientId, callback: handleCredential });
      initializedClientId = clientId;
    }
    gis.renderButton(container, { ...(isCompact ? GIS_ICON_BUTTON_OPTIONS : GIS_BUTTON_OPTIONS) });
  };
  attempt();

  return () => {
    isCancelled = true;
    clearTimeout(timer);
    const index = credentialHandlers.lastIndexOf(onCredential);
    if (index >= 0) credentialHandlers.splice(index, 1);
  };
}

/** For tests: forget the page-wide GIS state. */
export function resetGsiForTests(): void {
  initializedClientId = null;
  credentialHandlers.length = 0;
  scripts.clear();
}
