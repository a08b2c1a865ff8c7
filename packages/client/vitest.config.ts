import { defineConfig } from 'vitest/config';

export default defineConfig({
  // docs/testing.md: the network guard every Vitest setup installs.
  test: { include: ['src/**/*.test.ts'], setupFiles: ['src/test-setup.ts'] },
});
