import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../shared/contact-form';
import { createTestApp } from '../../test/support/app';
import { apply, DRIVER, warmCvChild } from '../../test/support/applications';
import { backendsForThisFile } from '../../test/support/backends';
import { startInstance } from '../../test/support/instance';
import { ADMIN_TOKEN, BY_TOKEN, bearer } from '../../test/support/leads';
import { addMember } from '../../test/support/members';
import { payloadOf } from '../../test/support/outbox';
import { encryptedPdf } from '../../test/support/pdf';
import { header, notReceipts, receipts, startSmtp } from '../../test/support/smtp';
import { eventually } from '../../test/support/wait';

// An application's e-mails through the outbox to a real SMTP server (docs/requirements.md §10.10):
// the candidate's receipt and the admin's notice, written with the application, none for a refused
// or a held one, one receipt a day per address, and erased with the candidate.

beforeAll(warmCvChild, 60_000);

/** The outbox's rows in the order they were queued: each one's kind, channel and address. */
const queued = async (backend: { rows(table: 'outbox'): Promise<Record<string, unknown>[]> }) =>
  (await backend.rows('outbox')).map((row) => [row.kind, row.channel, payloadOf(row).to]);

const OPENING = {
  title: 'Motorista carreteiro',
  city: 'Marabá',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH E',
} as const;

describe.each(backendsForThisFile())('an application’s e-mails on $name', (backend) => {
  it('sends the candidate one receipt and the admin one notice, neither with the CV', async () => {
    const smtp = await startSmtp();
    const repository = await backend.fresh({ channels: ['email', 'receipt'] });
    const admin = await addMember(repository, 'admin');
    await addMember(repository, 'vendas');
    await repository.team.revokeMember((await addMember(repository, 'admin')).id);
    const position = await repository.positions.create(OPENING, BY_TOKEN);
    const { app } = startInstance(repository, smtp.url);

    expect((await apply(app, { vaga: position.id, banco: '' })).status).toBe(303);
    // One notice, to the active admin: not to a salesperson, nor to an admin revoked.
    expect(await queued(backend)).toEqual([
      ['application.receipt', 'receipt', DRIVER.email],
      ['application.notice', 'email', admin.email],
    ]);

    await eventually(() => expect(smtp.messages).toHaveLength(2));
    const [receipt] = receipts(smtp.messages);
    const [notice] = notReceipts(smtp.messages);
    expect(receipt!.recipients).toEqual([DRIVER.email]);
    expect(header(receipt!, 'subject')).toBe('Recebemos sua candidatura · Rota Norte');
    // An autoresponder does not answer it (RFC 3834).
    expect(header(receipt!, 'auto-submitted')).toBe('auto-generated');
    expect(receipt!.text).toBe(
      [
        'Olá!',
        '',
        'Recebemos sua candidatura para a vaga Motorista carreteiro da Transportadora Rota Norte, com o seu currículo.',
        '',
        'Nossa equipe analisa cada candidatura. Se o seu perfil combinar com a vaga, entramos em contato',
        'pelo telefone ou e-mail que você informou para marcar uma entrevista.',
        '',
        'Dúvidas: contato@exemplo.com.br · (11) 0000-0000',
        '',
        'Transportadora Rota Norte',
      ].join('\n'),
    );
    const [stored] = await repository.applications.list({}, BY_TOKEN);
    expect(notice!.recipients).toEqual([admin.email]);
    expect(header(notice!, 'subject')).toBe('Nova candidatura: Motorista carreteiro');
    expect(notice!.text).toBe(
      [
        'João Carreteiro enviou uma candidatura para a vaga Motorista carreteiro.',
        'Município: Marabá/PA',
        '',
        'Veja a candidatura e o currículo no painel:',
        `http://localhost:3000/painel/candidaturas/${stored!.id}`,
      ].join('\n'),
    );
    for (const mail of [receipt!, notice!]) {
      expect(header(mail, 'content-type')).toMatch(/^text\/plain/);
      for (const typed of [DRIVER.telefone, DRIVER.mensagem]) expect(mail.text).not.toContain(typed);
    }
  });

  it('names the talent pool, and sends nothing for an application refused for its CV', async () => {
    const smtp = await startSmtp();
    const repository = await backend.fresh({ channels: ['email', 'receipt'] });
    await addMember(repository, 'admin');
    const { app } = startInstance(repository, smtp.url);

    expect((await apply(app, {}, [{ bytes: encryptedPdf() }])).status).toBe(400);
    expect((await repository.outbox.counts()).receipt.pending + (await repository.outbox.counts()).email.pending).toBe(
      0,
    );
    expect((await apply(app)).status).toBe(303);

    await eventually(() => expect(smtp.messages).toHaveLength(2));
    expect(receipts(smtp.messages)[0]!.text).toContain('sua candidatura para o banco de talentos da');
    expect(header(notReceipts(smtp.messages)[0]!, 'subject')).toBe('Nova candidatura: banco de talentos');
  });

  it('sends an address one receipt a day, and the admins a notice of every application', async () => {
    const repository = await backend.fresh({ channels: ['email', 'receipt'] });
    const admin = await addMember(repository, 'admin');
    const { app } = createTestApp({ repository });
    const other = 'maria@exemplo.com.br';

    await apply(app).expect(303);
    await apply(app, { email: DRIVER.email.toUpperCase() }).expect(303);
    await apply(app, { email: other }).expect(303);

    expect(await queued(backend)).toEqual([
      ['application.receipt', 'receipt', DRIVER.email],
      ['application.notice', 'email', admin.email],
      ['application.notice', 'email', admin.email],
      ['application.receipt', 'receipt', other],
      ['application.notice', 'email', admin.email],
    ]);
    // A day later the address gets a receipt again.
    await backend.exec(`UPDATE outbox SET created_at = '2000-01-01T00:00:00.000Z'`);
    await apply(app).expect(303);
    expect((await queued(backend)).slice(5)).toEqual([
      ['application.receipt', 'receipt', DRIVER.email],
      ['application.notice', 'email', admin.email],
    ]);
  });

  it('sends nothing for an application held as suspect', async () => {
    const repository = await backend.fresh({ channels: ['email', 'receipt'] });
    await addMember(repository, 'admin');
    const { app } = createTestApp({ repository });

    await apply(app, { [HONEYPOT_FIELD]: 'https://spam.example' }).expect(303);

    expect(await repository.applications.list({ held: true }, BY_TOKEN)).toHaveLength(1);
    expect(await queued(backend)).toEqual([]);
  });

  it('erases the receipt and the notices with the candidate, and no one else’s, and the rest by the retention', async () => {
    const repository = await backend.fresh({ channels: ['email', 'receipt'] });
    const admin = await addMember(repository, 'admin');
    const { app } = createTestApp({ repository, adminToken: ADMIN_TOKEN });
    await apply(app).expect(303);
    await apply(app, { email: 'maria@exemplo.com.br' }).expect(303);
    expect(await queued(backend)).toHaveLength(4);

    await request(app).delete(`/api/subjects?email=${DRIVER.email}`).set('Authorization', bearer).expect(200);

    expect(await queued(backend)).toEqual([
      ['application.receipt', 'receipt', 'maria@exemplo.com.br'],
      ['application.notice', 'email', admin.email],
    ]);
    // Past APPLICATION_RETENTION_DAYS, the other's application goes with its rows.
    const now = new Date();
    const applications = new Date(now.getTime() + 24 * 3_600_000);
    expect(await repository.personalData.purgeOlderThan({ suspects: new Date(0), applications, now })).toMatchObject({
      applications: 1,
    });
    expect(await queued(backend)).toEqual([]);
  });
});
