import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { describeDatabase, summary } from './start-report';

describe('the start-up summary', () => {
  it('names the SQLite file, the channels off, the address, the limits and the version', () => {
    const line = summary(loadConfig({ DATA_DIR: '/var/lib/site' }), '1.2.3');
    expect(line).toBe(
      'em uso: banco SQLite /var/lib/site/site.db; e-mail desligado; webhook desligado; ' +
        'endereço público http://localhost:3000; leads por IP 5/min e 30/h, recusas 20/min e 120/h; ' +
        'até 1000 conexões; leads apagados após 365 dias; versão 1.2.3',
    );
  });

  it('names PostgreSQL, the relay and the webhook by host, never a password', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://site:senha123@db.interno:5432/site',
      SMTP_URL: 'smtps://vendas:senha456@smtp.exemplo.com.br',
      LEADS_TO: 'a@exemplo.com.br,b@exemplo.com.br',
      WEBHOOK_URL: 'https://crm.exemplo.com.br/hook?token=segredo789',
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
      RATE_LIMIT_PER_MINUTE: '0',
      RETENTION_DAYS: '0',
    });
    const line = summary(config, '1.2.3');
    expect(line).toContain('banco PostgreSQL db.interno:5432/site (usuário site)');
    expect(line).toContain(
      'e-mail pelo relay smtp.exemplo.com.br para 2 destinatário(s); webhook para crm.exemplo.com.br',
    );
    expect(line).toContain('leads por IP sem limite por min e 30/h');
    expect(line).toContain('leads guardados sempre');
    expect(line).not.toMatch(/senha|segredo|whsec/);
  });

  it('gives a relative DATA_DIR as the absolute file it opens', () => {
    expect(describeDatabase({ dataDir: 'dados', databaseUrl: undefined })).toBe(
      `SQLite ${process.cwd()}/dados/site.db`,
    );
  });
});
