import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,client,shared,scripts}/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    restoreMocks: true,
  },
});
