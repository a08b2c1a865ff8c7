import { AccountMenu } from './account-menu';
import { useCachedUser } from './cached-user';
import { OidcReturn } from './oidc-sign-in';
import { SignInButton } from './sign-in-button';

/** requirements §2 Header, right side: the sign-in button when signed out, the account menu when signed in. */
export function HeaderIdentity() {
  const user = useCachedUser();
  return (
    <>
      {user ? <AccountMenu user={user} /> : <SignInButton compactInHeader />}
      {/* docs/security.md#openid-connect: the provider's answer, on the page the sign-in started from. */}
      <OidcReturn />
    </>
  );
}
