import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      dataDir: './data',
      publicUrl: new URL('http://localhost:3000'),
      trustProxy: false,
      rateLimits: { perMinute: 5, perHour: 30 },
      shutdownTimeoutMs: 10_000,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/site',
      PUBLIC_URL: 'https://www.exemplo.com.br',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_HOUR: '100',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'warn',
      dataDir: '/var/lib/site',
      publicUrl: new URL('https://www.exemplo.com.br'),
      rateLimits: { perMinute: 0, perHour: 100 },
      shutdownTimeoutMs: 2500,
    });
  });

  it.each([
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.10, ::1', ['10.0.0.0/8', '192.168.1.10', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['PUBLIC_URL', 'ftp://exemplo.com.br'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
