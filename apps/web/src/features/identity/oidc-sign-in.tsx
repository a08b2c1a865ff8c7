import { useEffect, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Icon } from '../ui/icons';
import { useOidcCompleteMutation, useOidcStartMutation } from './api';
import { pageNavigation } from './page-navigation';

/**
 * docs/security.md#openid-connect: "Sign in with <OIDC_NAME>". A click binds the sign-in to this browser's id
 * (POST /api/auth/oidc/start) and leaves for the provider; the page comes back with the answer in its fragment.
 */
export function OidcSignInButton({ name, isCompact = false }: { name: string; isCompact?: boolean }) {
  const start = useOidcStartMutation();
  const label = `Sign in with ${name}`;
  return (
    <div className="sign-in" aria-busy={start.isPending}>
      {/* Where the header is short of room (as Google's icon button): an icon, still named for screen readers. */}
      {isCompact ? (
        <button
          type="button"
          className="icon-button"
          aria-label={label}
          title={label}
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          <Icon name="signIn" size={18} />
        </button>
      ) : (
        <button type="button" className="button button-small" disabled={start.isPending} onClick={() => start.mutate()}>
          {label}
        </button>
      )}
      {start.isError && (
        <SignInRefusal message={`Sign-in failed: ${parseApiError(start.error).message}`} onDismiss={start.reset} />
      )}
    </div>
  );
}

/**
 * The provider's answer, on whatever page the sign-in started from: `#oidc_code=…` is exchanged for the named
 * identity (then the page reloads as it), `#oidc_error=…` is shown. Either is removed from the address bar first.
 */
export function OidcReturn() {
  const complete = useOidcCompleteMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate } = complete;
  useEffect(() => {
    const answer = pageNavigation.takeOidcAnswer();
    const code = answer?.get('oidc_code');
    if (code) mutate(code);
    else if (answer) setRefusal(answer.get('oidc_error') || 'Sign-in failed');
  }, [mutate]);

  if (complete.isPending) {
    return (
      <span className="sign-in-status" role="status">
        Signing in…
      </span>
    );
  }
  const message = complete.isError ? `Sign-in failed: ${parseApiError(complete.error).message}` : refusal;
  if (!message) return null;
  return (
    <div className="sign-in">
      <SignInRefusal
        message={message}
        onDismiss={() => {
          complete.reset();
          setRefusal(null);
        }}
      />
    </div>
  );
}

function SignInRefusal({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="sign-in-error" role="alert">
      <span>{message}</span>
      <button type="button" className="link-button" onClick={() => onDismiss()}>
        Dismiss
      </button>
    </div>
  );
}
