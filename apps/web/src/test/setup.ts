import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installNetworkGuard } from '../../../../tooling/network-guard';

// docs/testing.md: a test that reaches past 127.0.0.1 fails (the API is mocked: test/mock-api.ts).
installNetworkGuard(afterEach);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
