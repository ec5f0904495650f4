import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({ port: 3000, host: '0.0.0.0', logLevel: 'info', dataDir: './data' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('reads PORT, HOST, LOG_LEVEL and DATA_DIR', () => {
    expect(loadConfig({ PORT: '8080', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: '/var/lib/site' })).toEqual({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'warn',
      dataDir: '/var/lib/site',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
