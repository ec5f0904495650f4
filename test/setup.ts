import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test is a bug the test did not see: fail it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  expect(consoleErrors, 'console.error was called during the test').toEqual([]);
});
