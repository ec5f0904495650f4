import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './config-error';
import { isLocalAddress } from './config-values';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      dataDir: './data',
      publicUrl: new URL('http://localhost:3000'),
      publicUrlSet: false,
      trustProxy: undefined,
      hstsPreload: false,
      rateLimits: { perMinute: 5, perHour: 30, refusedPerMinute: 20, refusedPerHour: 120 },
      shutdown: { drainMs: 5_000, timeoutMs: 8_000 },
      maxConnections: 1_000,
      databaseWaitMs: 30_000,
      calendar: { optionalHolidays: 'closed' },
      retentionDays: 365,
      suspectRetentionDays: 30,
      applicationRetentionDays: 365,
    });
  });

  it('lets PUBLIC_URL follow PORT while it is unset', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toEqual(new URL('http://localhost:8080'));
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://www.exemplo.com.br' }).publicUrl.port).toBe('');
  });

  it.each(['www.rotanorte.com.br', 'rotanorte.com.br/contato', 'localhost:3000'])(
    'tells PUBLIC_URL=%s to add https://',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
        'Variável de ambiente inválida: PUBLIC_URL: falta o esquema: escreva https:// antes do endereço',
      );
    },
  );

  // zod's own messages are English ("Invalid input: expected number, received NaN"): each kind says its fix.
  it.each([
    ['PORT', 'abc', 'use um número de porta de 0 a 65535'],
    ['PORT', '3000.5', 'use um número de porta de 0 a 65535'],
    ['RETENTION_DAYS', '-1', 'use um número de dias de 0 (guardar sempre) a 36500'],
    ['APPLICATION_RETENTION_DAYS', '0', 'use um número de dias de 1 a 3650'],
    ['RATE_LIMIT_PER_HOUR', 'trinta', 'use um número inteiro, 0 ou maior'],
    ['MAX_CONNECTIONS', '0', 'use um número inteiro, 1 ou maior'],
    ['LOG_LEVEL', 'verbose', 'use um destes: fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_WAIT_SECONDS', 'muito', 'use um número inteiro, 0 ou maior'],
    ['OPTIONAL_HOLIDAYS', 'aberto', 'use closed (o escritório fecha no Carnaval e em Corpus Christi) ou open'],
  ])('answers %s=%s in Portuguese with the fix', (name, value, fix) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Variável de ambiente inválida: ${name}: ${fix}`);
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
      RATE_LIMIT_REFUSED_PER_MINUTE: '50',
      RATE_LIMIT_REFUSED_PER_HOUR: '0',
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '2500',
      MAX_CONNECTIONS: '50',
      RETENTION_DAYS: '0',
      APPLICATION_RETENTION_DAYS: '90',
      OPTIONAL_HOLIDAYS: 'open',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'warn',
      dataDir: '/var/lib/site',
      publicUrl: new URL('https://www.exemplo.com.br'),
      rateLimits: { perMinute: 0, perHour: 100, refusedPerMinute: 50, refusedPerHour: 0 },
      shutdown: { drainMs: 0, timeoutMs: 2500 },
      maxConnections: 50,
      calendar: { optionalHolidays: 'open' },
      retentionDays: 0,
      applicationRetentionDays: 90,
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
    ['HSTS_PRELOAD', 'true'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['RATE_LIMIT_REFUSED_PER_HOUR', 'muitos'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
    ['SHUTDOWN_DRAIN_MS', '-5'],
    ['MAX_CONNECTIONS', '0'],
    ['ADMIN_TOKEN', 'curto-demais'],
    ['ADMIN_TOKEN', 'a'.repeat(31)],
    ['DATABASE_URL', 'não é uma URL'],
    ['DATABASE_URL', 'mysql://user:senha@db:3306/site'],
    ['SMTP_URL', 'http://mail.exemplo.com.br'],
    ['SMTP_URL', 'não é uma URL'],
    ['LEADS_TO', 'vendas@exemplo.com.br, não-é-email'],
    ['LEADS_TO', ','],
    ['MAIL_FROM', 'Site <sem-arroba>'],
    ['RETENTION_DAYS', 'um ano'],
    ['RETENTION_DAYS', '-1'],
    ['RETENTION_DAYS', '36501'],
    ['APPLICATION_RETENTION_DAYS', 'um ano'],
    ['APPLICATION_RETENTION_DAYS', '3651'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('refuses a shutdown timeout that the drain alone would use up, naming the timeout', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '8000' })).toThrow('SHUTDOWN_TIMEOUT_MS');
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '9000', SHUTDOWN_TIMEOUT_MS: '12000' }).shutdown).toEqual({
      drainMs: 9_000,
      timeoutMs: 12_000,
    });
  });

  it('leaves reads disabled and SQLite chosen when ADMIN_TOKEN and DATABASE_URL are unset', () => {
    const config = loadConfig({});
    expect(config.adminToken).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads an ADMIN_TOKEN of 32 characters or more, as openssl makes one', () => {
    const token = randomBytes(16).toString('hex');
    expect(loadConfig({ ADMIN_TOKEN: token }).adminToken).toBe(token);
  });

  it.each([
    ['one character repeated', 'a'.repeat(32)],
    ['a hexadecimal run repeated', '0123456789abcdef'.repeat(2)],
    ['a word repeated', 'senha'.repeat(7)],
    ['two characters alternating', `${'ab'.repeat(15)}cd`],
    ['the alphabet in order', 'abcdefghijklmnopqrstuvwxyz012345'],
  ])('refuses an ADMIN_TOKEN of %s, in one line naming how to make a good one', (_kind, token) => {
    expect(() => loadConfig({ ADMIN_TOKEN: token })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_TOKEN: token })).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^[^\n]*ADMIN_TOKEN[^\n]*openssl rand -hex 32[^\n]*$/),
      }),
    );
  });

  it.each(['postgres://site:senha@db:5432/site', 'postgresql://db/site?sslmode=require'])(
    'reads DATABASE_URL=%s',
    (url) => {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    },
  );

  it('never repeats a secret in its error message', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'segredo-curto' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('segredo-curto') }),
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:senha123@db/site' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('senha123') }),
    );
  });

  describe('e-mail notifications', () => {
    const mailEnv = { SMTP_URL: 'smtps://site:senha@smtp.exemplo.com.br:465', LEADS_TO: 'vendas@exemplo.com.br' };

    it('are off when SMTP_URL and LEADS_TO are unset', () => {
      expect(loadConfig({}).mail).toBeUndefined();
    });

    it('read every address of LEADS_TO and a sender from PUBLIC_URL by default', () => {
      const config = loadConfig({
        ...mailEnv,
        LEADS_TO: 'vendas@exemplo.com.br, comercial@exemplo.com.br',
        PUBLIC_URL: 'https://www.exemplo.com.br',
      });
      expect(config.mail).toEqual({
        smtpUrl: mailEnv.SMTP_URL,
        to: ['vendas@exemplo.com.br', 'comercial@exemplo.com.br'],
        from: 'Site Rota Norte <no-reply@exemplo.com.br>',
      });
      expect(loadConfig({ ...mailEnv, PUBLIC_URL: 'https://site.exemplo.com.br' }).mail?.from).toBe(
        'Site Rota Norte <no-reply@site.exemplo.com.br>',
      );
    });

    it.each([
      ['http://localhost:3000', true],
      ['http://site.localhost', true],
      ['http://127.0.0.1:8080', true],
      ['http://[::1]:3000', true],
      ['http://10.0.0.5', true],
      ['https://www.exemplo.com.br', false],
      ['https://localhost.exemplo.com.br', false],
    ])('say whether PUBLIC_URL=%s still names this machine: %s', (url, local) => {
      expect(isLocalAddress(loadConfig({ PUBLIC_URL: url }).publicUrl)).toBe(local);
    });

    it.each(['Rota Norte <site@exemplo.com.br>', 'site@exemplo.com.br'])('read MAIL_FROM=%s', (from) => {
      expect(loadConfig({ ...mailEnv, MAIL_FROM: from }).mail?.from).toBe(from);
    });

    it.each([
      ['SMTP_URL', 'LEADS_TO'],
      ['LEADS_TO', 'SMTP_URL'],
    ] as const)('refuse %s without %s, naming the missing one', (present, missing) => {
      expect(() => loadConfig({ [present]: mailEnv[present] })).toThrow(missing);
    });

    it('never repeat the SMTP password or a rejected address', () => {
      const secret = (env: Record<string, string>) =>
        expect(() => loadConfig(env)).toThrow(
          expect.objectContaining({ message: expect.not.stringMatching(/senha123|fulano/) }),
        );
      secret({ SMTP_URL: 'http://u:senha123@smtp.exemplo.com.br', LEADS_TO: 'vendas@exemplo.com.br' });
      secret({ ...mailEnv, LEADS_TO: 'fulano@' });
    });
  });

  describe('webhooks', () => {
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const webhookEnv = { WEBHOOK_URL: 'https://n8n.exemplo.com.br/webhook/leads', WEBHOOK_SECRET: secret };

    it('are off when WEBHOOK_URL and WEBHOOK_SECRET are unset', () => {
      expect(loadConfig({}).webhook).toBeUndefined();
    });

    it('read the URL and the secret', () => {
      expect(loadConfig(webhookEnv).webhook).toEqual({
        url: webhookEnv.WEBHOOK_URL,
        secret,
        site: new URL('http://localhost:3000'),
      });
    });

    it.each([
      ['WEBHOOK_URL', 'WEBHOOK_SECRET'],
      ['WEBHOOK_SECRET', 'WEBHOOK_URL'],
    ] as const)('refuse %s without %s, naming the missing one', (present, missing) => {
      expect(() => loadConfig({ [present]: webhookEnv[present] })).toThrow(`Variável de ambiente inválida: ${missing}`);
    });

    it.each([
      ['WEBHOOK_URL', 'ftp://crm.exemplo.com.br/hook'],
      ['WEBHOOK_URL', 'crm.exemplo.com.br/hook'],
      ['WEBHOOK_URL', 'https://usuario:senha123@crm.exemplo.com.br/hook'],
      ['WEBHOOK_SECRET', Buffer.alloc(32, 1).toString('base64')],
      ['WEBHOOK_SECRET', 'whsec_não-é-base64!'],
      ['WEBHOOK_SECRET', `whsec_${Buffer.alloc(16, 1).toString('base64')}`],
      ['WEBHOOK_SECRET', `whsec_${Buffer.alloc(65, 1).toString('base64')}`],
      ['WEBHOOK_SECRET', 'whsec_'],
    ] as const)('refuse %s=%s in one line naming it', (name, value) => {
      const attempt = () => loadConfig({ ...webhookEnv, [name]: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(`Variável de ambiente inválida: ${name}: `);
    });

    it('never repeat the secret nor a password in the URL', () => {
      const short = Buffer.alloc(16, 9).toString('base64');
      for (const env of [
        { ...webhookEnv, WEBHOOK_SECRET: `whsec_${short}` },
        { ...webhookEnv, WEBHOOK_URL: 'https://usuario:senha123@crm.exemplo.com.br/hook' },
      ]) {
        expect(() => loadConfig(env)).toThrow(
          expect.objectContaining({ message: expect.not.stringMatching(new RegExp(`${short}|senha123`)) }),
        );
      }
    });
  });
});
