/**
 * Full page loads after a change of identity (requirements §4: sign-in and logout reload the page), so every
 * query, kept-alive view and panel starts over as the new identity. One object so tests can stub it.
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  /** After deleting the account: a fresh start on the home page. */
  goHome(): void {
    window.location.assign('/');
  },
};
