import { afterEach } from 'vitest';
import { installNetworkGuard } from '../../../../tooling/network-guard';

// docs/testing.md: a test that reaches past 127.0.0.1 fails (the API is mocked: test/mock-api.ts).
installNetworkGuard(afterEach);

// The rest is for files that run in jsdom (vitest.config.ts): components, and logic files that ask for it.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');

  // jsdom has <dialog> without its methods. Opening is all a test needs (features/ui/modal.tsx): no top
  // layer, inertness or focus move; those are checked in Chromium by e2e/dialogs.spec.ts.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };

  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
