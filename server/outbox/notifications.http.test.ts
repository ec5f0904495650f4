import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { captureLogger, createTestApp, testRepository } from '../../test/support/app';
import { LEADS_TO, MAIL_FROM, startInstance } from '../../test/support/instance';
import { ADMIN_TOKEN, bearer, fullQuote, sampleContact } from '../../test/support/leads';
import { header, startSmtp } from '../../test/support/smtp';
import { eventually, freePort } from '../../test/support/wait';
import { webhookTo } from '../../test/support/webhooks';
import { startNotifications } from './notifications';

/** A channel's deliveries waiting and given up, as GET /metrics shows them to the admin token. */
async function outboxOf(app: Parameters<typeof request>[0], channel: string) {
  const metrics = (await request(app).get('/metrics').set('Authorization', bearer).expect(200)).text;
  const count = (status: string) =>
    Number(new RegExp(`^site_outbox_${status}\\{channel="${channel}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
  return { pending: count('pending'), failed: count('failed') };
}

const contact = {
  ...sampleContact,
  company: 'Bebidas do Norte',
  phone: '(91) 3222-1100',
  message: 'Olá <script>alert("x")</script> & até logo',
};

describe('e-mail notifications', () => {
  it('e-mails a contact request once to LEADS_TO, answerable with one click', async () => {
    const smtp = await startSmtp();
    const { app } = startInstance(testRepository(undefined, { channels: ['email'] }), smtp.url);

    const res = await request(app).post('/api/contacts').send(contact);

    expect(res.status).toBe(201);
    await eventually(() => expect(smtp.messages).toHaveLength(1));
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual(LEADS_TO);
    expect(header(message!, 'to')).toBe(LEADS_TO.join(', '));
    expect(header(message!, 'from')).toBe('Site Rota Norte <no-reply@rotanorte.com.br>');
    expect(header(message!, 'reply-to')).toBe('ana@empresa.com.br');
    expect(header(message!, 'subject')).toBe('Nova solicitação de contato — Ana Souza (Bebidas do Norte)');
    for (const value of ['Ana Souza', 'ana@empresa.com.br', '(91) 3222-1100', 'Bebidas do Norte', res.body.data.id]) {
      expect(message!.text).toContain(value);
      expect(message!.html).toContain(value);
    }
    expect(message!.text).toContain(contact.message);
  });

  it('never lets a name become an encoded-word or a display name in the headers', async () => {
    const smtp = await startSmtp();
    const { app } = startInstance(testRepository(undefined, { channels: ['email'] }), smtp.url);
    // "Equipe Financeiro <financeiro@rotanorte.com.br>" once a mail client decodes it.
    const spoof = '=?utf-8?B?RXF1aXBlIEZpbmFuY2Vpcm8gPGZpbmFuY2Vpcm9Acm90YW5vcnRlLmNvbS5icj4=?=';

    await request(app)
      .post('/api/contacts')
      .send({ ...contact, name: spoof, company: '=?utf-8?Q?Diretoria?=' })
      .expect(201);

    await eventually(() => expect(smtp.messages).toHaveLength(1));
    const [message] = smtp.messages;
    expect(message!.rawHeaders).toMatch(/^Reply-To: ana@empresa\.com\.br$/m);
    // Decoded once, as a mail client does, the subject shows the name as it was typed.
    expect(header(message!, 'subject')).toBe(`Nova solicitação de contato — ${spoof} (=?utf-8?Q?Diretoria?=)`);
  });

  it('escapes what the visitor typed, so a <script> arrives as text in the HTML part', async () => {
    const smtp = await startSmtp();
    const { app } = startInstance(testRepository(undefined, { channels: ['email'] }), smtp.url);

    await request(app).post('/api/contacts').send(contact).expect(201);

    await eventually(() => expect(smtp.messages).toHaveLength(1));
    const { html } = smtp.messages[0]!;
    expect(html).toContain('Olá &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; até logo');
    expect(html).not.toContain('<script');
  });

  it('e-mails a quote request once with the route and every field', async () => {
    const smtp = await startSmtp();
    const { app } = startInstance(testRepository(undefined, { channels: ['email'] }), smtp.url);

    await request(app).post('/api/quotes').send(fullQuote).expect(201);

    await eventually(() => expect(smtp.messages).toHaveLength(1));
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual(LEADS_TO);
    expect(header(message!, 'reply-to')).toBe('carlos@bebidasdonorte.com.br');
    expect(header(message!, 'subject')).toBe(
      'Nova cotação de frete — Carlos Lima (Açaí & Cia — Distribuição): Campinas/SP → Belém/PA',
    );
    for (const value of [
      '+55 (91) 98765-4321',
      'Campinas/SP',
      'Belém/PA',
      'Bebidas',
      '27,5 t',
      'Veículo: Carreta — 28 t',
      '31/12/2099',
      'Carga paletizada 🚚\nDescarga com doca.',
    ]) {
      expect(message!.text).toContain(value);
    }
    expect(message!.html).toContain('Açaí &amp; Cia — Distribuição');
  });

  it('logs in to the mail server with the credentials of SMTP_URL', async () => {
    const smtp = await startSmtp({ credentials: { user: 'site', pass: 's3nh@' } });
    const { app } = startInstance(
      testRepository(undefined, { channels: ['email'] }),
      `smtp://site:${encodeURIComponent('s3nh@')}@127.0.0.1:${smtp.port}`,
    );

    await request(app).post('/api/contacts').send(contact).expect(201);

    await eventually(() => expect(smtp.messages).toHaveLength(1));
  });

  it('answers 201 and stores the lead while the mail server is down, and e-mails it once the server is back', async () => {
    const port = await freePort();
    const { app, logs } = startInstance(testRepository(undefined, { channels: ['email'] }), `smtp://127.0.0.1:${port}`);

    const res = await request(app).post('/api/contacts').send(contact);

    expect(res.status).toBe(201);
    await eventually(() => expect(logs.some((line) => line.attempts === 1 && line.code === 'ESOCKET')).toBe(true));
    expect((await request(app).get('/health/ready')).status).toBe(200);
    expect(await outboxOf(app, 'email')).toEqual({ pending: 1, failed: 0 });

    const smtp = await startSmtp({ port });
    await eventually(() => expect(smtp.messages).toHaveLength(1));
    expect(smtp.messages[0]!.text).toContain(res.body.data.id);
    await eventually(async () => expect(await outboxOf(app, 'email')).toEqual({ pending: 0, failed: 0 }));
  });

  it('keeps personal data out of the logs', async () => {
    const port = await freePort();
    const { app, logs } = startInstance(testRepository(undefined, { channels: ['email'] }), `smtp://127.0.0.1:${port}`);
    await request(app).post('/api/contacts').send(contact).expect(201);
    const smtp = await startSmtp({ port });

    await eventually(() => expect(smtp.messages).toHaveLength(1));

    const logged = JSON.stringify(logs);
    for (const value of ['Ana Souza', 'ana@empresa.com.br', 'Bebidas do Norte', ...LEADS_TO])
      expect(logged).not.toContain(value);
  });

  it('keeps line breaks in a stored name from adding headers or recipients', async () => {
    const smtp = await startSmtp();
    const stored = testRepository(undefined, { channels: ['email'] });
    // Validation refuses these; a row written by an older version or by hand must still be safe.
    await stored.contacts.createContact({
      ...contact,
      name: 'Ana\r\nBcc: intruso@exemplo.com',
      company: 'X\r\nX-Injetado: sim',
    });
    startInstance(stored, smtp.url);

    await eventually(() => expect(smtp.messages).toHaveLength(1));
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual(LEADS_TO);
    expect(message!.rawHeaders).not.toMatch(/^(Bcc|X-Injetado):/im);
    expect(header(message!, 'subject')).toBe(
      'Nova solicitação de contato — Ana Bcc: intruso@exemplo.com (X X-Injetado: sim)',
    );
  });
});

describe('GET /metrics', () => {
  it('shows the deliveries waiting and those given up, per channel', async () => {
    const stored = testRepository(undefined, { channels: ['email', 'webhook'] });
    const { app } = createTestApp({ repository: stored, adminToken: ADMIN_TOKEN });
    await request(app).post('/api/quotes').send(fullQuote).expect(201);
    await request(app).post('/api/contacts').send(contact).expect(201);
    const webhooks = stored.outbox.channel('webhook');
    await webhooks.markFailed((await webhooks.claim(60_000))!, 'HTTP 410');

    expect(await outboxOf(app, 'email')).toEqual({ pending: 2, failed: 0 });
    expect(await outboxOf(app, 'webhook')).toEqual({ pending: 1, failed: 1 });
    expect((await request(app).get('/api/quotes').set('Authorization', bearer)).body.pagination.total).toBe(1);
  });
});

describe('without SMTP_URL and LEADS_TO, nor WEBHOOK_URL and WEBHOOK_SECRET', () => {
  it('says once at start-up that e-mail notifications and webhooks are off', () => {
    const { logger, logs } = captureLogger();

    startNotifications(testRepository(), {}, logger);

    expect(logs).toEqual([
      expect.objectContaining({ level: 'warn', msg: expect.stringContaining('notificações por e-mail') }),
      expect.objectContaining({ level: 'info', msg: expect.stringContaining('nenhum webhook') }),
    ]);
  });
});

describe('startNotifications', () => {
  const mail = { smtpUrl: 'smtp://127.0.0.1:1', to: LEADS_TO, from: MAIL_FROM };
  const webhook = webhookTo('http://127.0.0.1:1/');

  it.each([
    ['email', { mail }, 'email, receipt'],
    ['webhook', { webhook }, 'webhook'],
  ] as const)(
    'refuses a repository that writes no %s rows when that channel is configured',
    (_channel, settings, list) => {
      const { logger } = captureLogger();
      expect(() => startNotifications(testRepository(), settings, logger)).toThrow(
        `canais configurados (${list}) diferentes dos do repositório (nenhum)`,
      );
    },
  );

  it('refuses a repository that writes receipts when e-mail is off', () => {
    const { logger } = captureLogger();
    expect(() => startNotifications(testRepository(undefined, { channels: ['receipt'] }), {}, logger)).toThrow(
      'canais configurados (nenhum) diferentes dos do repositório (receipt)',
    );
  });

  it.each(['email', 'webhook'] as const)(
    'refuses a repository that writes %s rows when that channel is not configured',
    (channel) => {
      const { logger } = captureLogger();
      expect(() => startNotifications(testRepository(undefined, { channels: [channel] }), {}, logger)).toThrow(
        `canais configurados (nenhum) diferentes dos do repositório (${channel})`,
      );
    },
  );
});
