/**
 * spec §2: signed out, the header shows the identity-provider sign-in button. Sign-in is not wired
 * up yet, so the button says so instead of pretending to work.
 */
export function SignInButton() {
  return (
    <button
      type="button"
      className="button"
      disabled
      title="Sign-in is not configured on this server yet. You can use every page without signing in."
    >
      Sign in
    </button>
  );
}
