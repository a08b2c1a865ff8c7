// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GIS_BUTTON_OPTIONS,
  GIS_ICON_BUTTON_OPTIONS,
  loadGsiScript,
  resetGsiForTests,
  SIGN_IN_RETRY_MS,
  setUpGoogleSignIn,
} from './gsi';

function fakeGis() {
  return { initialize: vi.fn(), renderButton: vi.fn() };
}

beforeEach(() => {
  vi.useFakeTimers();
  resetGsiForTests();
});

afterEach(() => {
  vi.useRealTimers();
  delete window.google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('GIS set-up (requirements §8, §9: sign-in retry 100 ms)', () => {
  it('retries every 100 ms until google.accounts.id is ready, then initializes once and renders', () => {
    const container = document.createElement('div');
    const gis = fakeGis();
    setUpGoogleSignIn({ clientId: 'client-1', container, onCredential: vi.fn() });

    // Not ready: nothing yet, however long it takes.
    vi.advanceTimersByTime(SIGN_IN_RETRY_MS * 5);
    window.google = { accounts: {} };
    vi.advanceTimersByTime(SIGN_IN_RETRY_MS);
    window.google = { accounts: { id: gis } };
    expect(gis.initialize).not.toHaveBeenCalled();

    // Ready just after a try: the next try, 100 ms later, uses it (not earlier).
    vi.advanceTimersByTime(SIGN_IN_RETRY_MS - 1);
    expect(gis.initialize).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gis.initialize).toHaveBeenCalledTimes(1);
    expect(gis.initialize).toHaveBeenCalledWith({ client_id: 'client-1', callback: expect.any(Function) });
    expect(gis.renderButton).toHaveBeenCalledWith(container, { ...GIS_BUTTON_OPTIONS });
    expect(GIS_BUTTON_OPTIONS).toEqual({ theme: 'outline', size: 'medium', text: 'signin_with', shape: 'pill' });

    // No more tries once done.
    vi.advanceTimersByTime(SIGN_IN_RETRY_MS * 10);
    expect(gis.initialize).toHaveBeenCalledTimes(1);
    expect(gis.renderButton).toHaveBeenCalledTimes(1);
  });

  it('sets up at once when GIS is already there, and initializes once for a second button', () => {
    const gis = fakeGis();
    window.google = { accounts: { id: gis } };
    setUpGoogleSignIn({ clientId: 'client-1', container: document.createElement('div'), onCredential: vi.fn() });
    setUpGoogleSignIn({ clientId: 'client-1', container: document.createElement('div'), onCredential: vi.fn() });
    expect(gis.initialize).toHaveBeenCalledTimes(1);
    expect(gis.renderButton).toHaveBeenCalledTimes(2);
  });

  it('renders the icon button when asked for the compact one', () => {
    const gis = fakeGis();
    window.google = { accounts: { id: gis } };
    const container = document.createElement('div');
    setUpGoogleSignIn({ clientId: 'c', container, onCredential: vi.fn(), isCompact: true });
    expect(gis.renderButton).toHaveBeenCalledWith(container, { ...GIS_ICON_BUTTON_OPTIONS });
  });

  it('stops retrying when cancelled', () => {
    const gis = fakeGis();
    const cancel = setUpGoogleSignIn({
      clientId: 'c',
      container: document.createElement('div'),
      onCredential: vi.fn(),
    });
    cancel();
    window.google = { accounts: { id: gis } };
    vi.advanceTimersByTime(SIGN_IN_RETRY_MS * 3);
    expect(gis.initialize).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands the credential to the latest button still set up', () => {
    const gis = fakeGis();
    window.google = { accounts: { id: gis } };
    const header = vi.fn();
    const profile = vi.fn();
    setUpGoogleSignIn({ clientId: 'c', container: document.createElement('div'), onCredential: header });
    const cancelProfile = setUpGoogleSignIn({
      clientId: 'c',
      container: document.createElement('div'),
      onCredential: profile,
    });
    const config = gis.initialize.mock.calls[0]?.[0] as { callback: (r: { credential: string }) => void } | undefined;
    const callback = (credential: string) => config?.callback({ credential });
    callback('token-1');
    expect(profile).toHaveBeenCalledWith('token-1');
    cancelProfile();
    callback('token-2');
    expect(header).toHaveBeenCalledWith('token-2');
    expect(profile).toHaveBeenCalledTimes(1);
  });

  it('adds the script once per URL', () => {
    void loadGsiScript('http://127.0.0.1:9/gsi/client');
    void loadGsiScript('http://127.0.0.1:9/gsi/client');
    const scripts = document.head.querySelectorAll('script[src="http://127.0.0.1:9/gsi/client"]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
  });

  it('rejects when the script cannot load, and a later call tries again', async () => {
    const loading = loadGsiScript('http://127.0.0.1:9/gsi/client');
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('could not be loaded');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    void loadGsiScript('http://127.0.0.1:9/gsi/client');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
