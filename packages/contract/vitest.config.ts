import { defineConfig } from 'vitest/config';

export default defineConfig({
  // issue 8 item 14: the network guard every Vitest setup installs.
  test: { include: ['src/**/*.test.ts'], setupFiles: ['src/test-setup.ts'] },
});
