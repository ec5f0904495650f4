import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,client,shared,scripts}/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    restoreMocks: true,
  },
});
