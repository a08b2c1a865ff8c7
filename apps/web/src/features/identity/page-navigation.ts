/**
 * Full page loads after a change of identity (requirements §4: sign-in and logout reload the page), so every
 * query, kept-alive view and panel starts over as the new identity. One object so tests can stub it.
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  /** Sign-in with the OpenID Connect provider: off to GET /api/auth/oidc/login, which redirects to the provider. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * The OIDC callback's answer in the URL fragment (`#oidc_code=…` or `#oidc_error=…`), taken once: it is removed
   * from the address bar (and so from history) as it is read. Null when the fragment holds no answer.
   */
  takeOidcAnswer(): URLSearchParams | null {
    const { hash, pathname, search } = window.location;
    if (!/^#oidc_(code|error)=/.test(hash)) return null;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    return new URLSearchParams(hash.slice(1));
  },
  /** After deleting the account: a fresh start on the home page. */
  goHome(): void {
    window.location.assign('/');
  },
};
