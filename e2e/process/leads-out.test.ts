import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { testRepository } from '../../test/support/app';
import { LEADS_TO } from '../../test/support/instance';
import { ADMIN_TOKEN, bearer, sampleContact, validContact } from '../../test/support/leads';
import { startServer, tempDataDir } from '../../test/support/server-process';
import { header, notReceipts, startSmtp } from '../../test/support/smtp';
import { eventually } from '../../test/support/wait';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

const DAY = 24 * 60 * 60 * 1000;

/** A data folder whose database holds one contact stored `daysAgo` days ago. */
async function dataDirWithOldContact(daysAgo: number) {
  const dataDir = tempDataDir();
  const repository = testRepository(dataDir);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - daysAgo * DAY);
  await repository.contacts.createContact(validContact({ ...sampleContact, message: 'antigo' }));
  vi.useRealTimers();
  await repository.close();
  return dataDir;
}

// The built server wired as the image runs it (server/index.ts): both channels on, retention on.
describe('the server process with webhooks and retention', { timeout: 60_000 }, () => {
  it('erases old leads at start-up, then e-mails and posts each new lead, signed, and erases on request', async () => {
    const smtp = await startSmtp();
    const receiver = await startWebhookReceiver();
    const server = await startServer(
      {
        ADMIN_TOKEN,
        SMTP_URL: smtp.url,
        LEADS_TO: LEADS_TO.join(','),
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET,
        RETENTION_DAYS: '30',
      },
      await dataDirWithOldContact(31),
    );
    onTestFinished(() => void server.stop());
    await eventually(() =>
      expect(server.logs).toContainEqual(
        expect.objectContaining({
          msg: 'retenção: contatos e cotações antigos apagados',
          contacts: 1,
          retentionDays: 30,
        }),
      ),
    );

    const posted = await fetch(`${server.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sampleContact),
    });
    expect(posted.status).toBe(201);

    await eventually(
      () => expect([notReceipts(smtp.messages).length, receiver.deliveries.length]).toEqual([1, 1]),
      15_000,
    );
    expect(receiver.rejected).toEqual([]);
    expect(receiver.deliveries[0]!.body).toMatchObject({ type: 'contact.created', data: sampleContact });
    const erased = await fetch(`${server.url}/api/subjects?email=${sampleContact.email}`, {
      method: 'DELETE',
      headers: { Authorization: bearer },
    });
    expect(await erased.json()).toMatchObject({ data: { contacts: 1, quotes: 0 } });
    // The CRM that had the lead is told, signed like the lead was (LGPD art. 18 §6).
    await eventually(() => expect(receiver.deliveries).toHaveLength(2), 15_000);
    expect(receiver.deliveries[1]!.body).toEqual({
      type: 'subject.erased',
      timestamp: expect.any(String),
      data: { email: sampleContact.email, contacts: [receiver.deliveries[0]!.body.data.id], quotes: [] },
    });
    expect(receiver.rejected).toEqual([]);
    expect(JSON.stringify(server.logs)).not.toContain(sampleContact.email);
    expect(await server.stop()).toBe(0);
  });

  it('sends from PUBLIC_URL’s own domain, and says so once at start-up while PUBLIC_URL is still localhost', async () => {
    const smtp = await startSmtp();
    const receiver = await startWebhookReceiver();
    const channels = { SMTP_URL: smtp.url, LEADS_TO: LEADS_TO.join(','), WEBHOOK_URL: receiver.url, WEBHOOK_SECRET };
    const local = await startServer(channels);
    onTestFinished(() => void local.stop());
    const live = await startServer({ ...channels, PUBLIC_URL: 'https://www.rotanorte.com.br' });
    onTestFinished(() => void live.stop());
    const post = (server: typeof live) =>
      fetch(`${server.url}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...sampleContact, company: 'Bebidas do Norte' }),
      });
    expect((await post(live)).status).toBe(201);

    await eventually(
      () => expect([notReceipts(smtp.messages).length, receiver.deliveries.length]).toEqual([1, 1]),
      15_000,
    );
    const [message] = notReceipts(smtp.messages);
    expect(header(message!, 'from')).toBe('Site Rota Norte <no-reply@rotanorte.com.br>');
    expect(header(message!, 'subject')).toBe('Nova solicitação de contato — Ana Souza (Bebidas do Norte)');
    expect(receiver.deliveries[0]!.request.headers['user-agent']).toBe(
      'Site Transportadora Rota Norte (+https://www.rotanorte.com.br)',
    );
    const warnings = (server: typeof live) =>
      server.logs.filter((line) => String(line.msg).startsWith('PUBLIC_URL ainda aponta para esta máquina'));
    // Unset, PUBLIC_URL follows PORT.
    const { port } = new URL(local.url);
    expect(warnings(local)).toEqual([expect.objectContaining({ publicUrl: `http://localhost:${port}` })]);
    expect(warnings(live)).toEqual([]);
  });
});
