import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { type Config, loadConfig, VARIABLES } from './config';
import { ConfigError } from './config-error';

// Secrets as Docker and Kubernetes mount them: files, named by NAME_FILE (docs/operations.md, "Secrets as files").
const folder = mkdtempSync(path.join(tmpdir(), 'site-secrets-'));
const secretFile = (name: string, content: string) => {
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
};

const token = ADMIN_TOKEN;
const webhookSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('secrets read from files', () => {
  it.each([
    ['ADMIN_TOKEN', token, {}, (config: Config) => config.adminToken],
    ['DATABASE_URL', 'postgres://site:s3nh4@db:5432/site', {}, (config: Config) => config.databaseUrl],
    [
      'SMTP_URL',
      'smtps://site:s3nh4@smtp.exemplo.com.br:465',
      { LEADS_TO: 'vendas@exemplo.com.br' },
      (config: Config) => config.mail?.smtpUrl,
    ],
    [
      'WEBHOOK_SECRET',
      webhookSecret,
      { WEBHOOK_URL: 'https://crm.exemplo.com.br/hook' },
      (config: Config) => config.webhook?.secret,
    ],
  ] as const)(
    'read %s from the file its _FILE variable names, without the trailing line break',
    (name, value, others, pick) => {
      const file = secretFile(name, `${value}\n`);
      expect(pick(loadConfig({ ...others, [`${name}_FILE`]: file }))).toBe(value);
    },
  );

  it('keep a secret that has no line break at its end whole', () => {
    expect(loadConfig({ ADMIN_TOKEN_FILE: secretFile('bare', token) }).adminToken).toBe(token);
  });

  it('refuse both forms of one secret in one line naming the file variable, whichever is valid', () => {
    const attempt = () => loadConfig({ ADMIN_TOKEN: token, ADMIN_TOKEN_FILE: secretFile('both', token) });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      'Variável de ambiente inválida: ADMIN_TOKEN_FILE: defina ADMIN_TOKEN ou ADMIN_TOKEN_FILE, não os dois',
    );
  });

  it('treat an empty NAME alongside NAME_FILE as unset, as every other empty variable', () => {
    expect(loadConfig({ ADMIN_TOKEN: '', ADMIN_TOKEN_FILE: secretFile('empty-env', token) }).adminToken).toBe(token);
  });

  it('refuse a file that cannot be read, naming the variable, the file and why', () => {
    const missing = path.join(folder, 'não-existe');
    expect(() => loadConfig({ DATABASE_URL_FILE: missing })).toThrow(
      `Variável de ambiente inválida: DATABASE_URL_FILE: não foi possível ler ${missing} (ENOENT)`,
    );
  });

  it('refuse an empty file rather than start with the secret unset', () => {
    const empty = secretFile('vazio', '\n');
    expect(() => loadConfig({ ADMIN_TOKEN_FILE: empty })).toThrow(
      `Variável de ambiente inválida: ADMIN_TOKEN_FILE: o arquivo ${empty} está vazio`,
    );
  });

  it('refuse a bad secret from a file, naming both variables and never the secret', () => {
    const attempt = () => loadConfig({ DATABASE_URL_FILE: secretFile('mysql', 'mysql://site:senha123@db/site\n') });
    expect(attempt).toThrow('Variável de ambiente inválida: DATABASE_URL (lido de DATABASE_URL_FILE): use uma URL');
    expect(attempt).toThrow(expect.objectContaining({ message: expect.not.stringContaining('senha123') }));
  });

  it('are listed among the variables the configuration reads', () => {
    expect(VARIABLES).toEqual(
      expect.arrayContaining(['ADMIN_TOKEN_FILE', 'DATABASE_URL_FILE', 'SMTP_URL_FILE', 'WEBHOOK_SECRET_FILE']),
    );
  });
});
