import { PRELOAD_ERROR_EVENT } from './lazy-screen';

const LAST_RELOAD_KEY = 'preload-error-reload-at';
/** A second failure this soon after a reload is real (the server is down), not a stale tab. */
const RELOAD_COOLDOWN_MS = 30_000;

/**
 * After a redeploy, an open tab asks for chunk files that no longer exist. Reloading once fetches the
 * new build; a repeat failure is left unhandled so the screen shows its error (requirements §8).
 */
export function reloadOnPreloadError(): void {
  window.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
    const lastReloadAt = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (Date.now() - lastReloadAt < RELOAD_COOLDOWN_MS) return;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
