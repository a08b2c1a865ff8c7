import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * docs/testing.md#web-unit-tests: components (`*.test.tsx`) run in jsdom; logic (`*.test.ts`) runs in plain
 * Node, which starts in a fraction of jsdom's time. A logic file that needs the browser's globals
 * (storage, events, `renderHook`) says so in its first line: `// @vitest-environment jsdom`.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    css: false,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
