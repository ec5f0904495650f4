import { describe, expect, it, vi } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { BY_TOKEN, fullQuote, sampleContact, validContact, validQuote } from '../../test/support/leads';
import type { AuditEvent } from '../module/audit';

const DAY = 24 * 60 * 60 * 1000;
const ADMIN = { kind: 'member', id: 'm-1', email: 'admin@rotanorte.com.br' } as const;
const SELLER = { kind: 'member', id: 'm-2', email: 'vendas@rotanorte.com.br' } as const;
const LEAD_A = '11111111-1111-4111-8111-111111111111';

const viewed = (actor: AuditEvent['actor'], leadIds: [string, ...string[]] = [LEAD_A]) => ({
  action: 'lead.viewed' as const,
  actor,
  leadIds,
  ip: '203.0.113.7',
  requestId: 'pedido-1',
});

// The one audit record (docs/decisions/028-one-audit-record.md), the same on every backend.
describe.each(backendsForThisFile())('Audit record on $name', (backend) => {
  it('keeps every part of a line and reads the lines back newest first', async () => {
    const repository = await backend.fresh();
    await repository.audit.recordAudit({
      action: 'member.role',
      actor: ADMIN,
      subject: 'vendas@rotanorte.com.br',
      detail: { role: 'admin', antes: 'vendas' },
      ip: '198.51.100.2',
      requestId: 'pedido-0',
    });
    await repository.audit.recordAudit(viewed({ kind: 'token' }));
    await repository.audit.recordAudit({
      action: 'retention.purge',
      actor: { kind: 'system' },
      detail: { contacts: 0 },
    });
    await repository.audit.recordAudit({ action: 'signin.failed', actor: { kind: 'anonymous' }, ip: '192.0.2.9' });

    const lines = await repository.audit.readAudit({ limit: 10 });

    expect(lines.map((line) => line.actor)).toEqual(['anônimo', 'sistema', 'token', 'admin@rotanorte.com.br']);
    expect(lines[2]).toEqual({
      seq: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'lead.viewed',
      actor: 'token',
      leadIds: [LEAD_A],
      ip: '203.0.113.7',
      requestId: 'pedido-1',
    });
    expect(lines[3]).toEqual({
      seq: expect.any(Number),
      at: expect.any(String),
      action: 'member.role',
      actor: 'admin@rotanorte.com.br',
      actorId: 'm-1',
      subject: 'vendas@rotanorte.com.br',
      detail: { role: 'admin', antes: 'vendas' },
      ip: '198.51.100.2',
      requestId: 'pedido-0',
    });
    expect(lines.map((line) => line.seq)).toEqual([...lines.map((line) => line.seq)].sort((a, b) => b - a));
  });

  it('filters by member and by action, and pages back by seq', async () => {
    const repository = await backend.fresh();
    for (let n = 0; n < 3; n++) {
      await repository.audit.recordAudit(viewed(ADMIN));
      await repository.audit.recordAudit(viewed(SELLER));
      await repository.audit.recordAudit({ action: 'signin', actor: SELLER });
    }

    const seller = await repository.audit.readAudit({ actorId: 'm-2', limit: 10 });
    const views = await repository.audit.readAudit({ actorId: 'm-2', action: 'lead.viewed', limit: 2 });
    const older = await repository.audit.readAudit({
      actorId: 'm-2',
      action: 'lead.viewed',
      before: views[1]!.seq,
      limit: 2,
    });

    expect(seller.map((line) => line.action)).toEqual([
      'signin',
      'lead.viewed',
      'signin',
      'lead.viewed',
      'signin',
      'lead.viewed',
    ]);
    expect([...views, ...older].map((line) => [line.actorId, line.action])).toEqual(
      Array.from({ length: 3 }, () => ['m-2', 'lead.viewed']),
    );
    expect(new Set([...views, ...older].map((line) => line.seq)).size).toBe(3);
    expect(await repository.audit.readAudit({ action: 'signin', before: older[0]!.seq, limit: 10 })).toEqual([]);
  });

  it('reads the lines an older release wrote, without an actor, as the token’s and the retention’s', async () => {
    const repository = await backend.fresh();
    // Migrated first: SQLite migrates as the first statement waits.
    await repository.ping();
    await backend.exec(
      `INSERT INTO audit_log (at, action, contacts, quotes, request_id) VALUES
         ('2026-01-02T03:04:05.000Z', 'subject.erasure', 1, 2, 'pedido-antigo'),
         ('2026-01-03T03:04:05.000Z', 'retention.purge', 4, 0, NULL)`,
    );

    const lines = await repository.audit.readAudit({ limit: 10 });

    expect(lines).toEqual([
      {
        seq: expect.any(Number),
        at: '2026-01-03T03:04:05.000Z',
        action: 'retention.purge',
        actor: 'sistema',
        detail: { contacts: 4, quotes: 0 },
      },
      {
        seq: expect.any(Number),
        at: '2026-01-02T03:04:05.000Z',
        action: 'subject.erasure',
        actor: 'token',
        detail: { contacts: 1, quotes: 2 },
        requestId: 'pedido-antigo',
      },
    ]);
  });

  it('takes an erased person’s lead ids out of every line and keeps the events', async () => {
    const repository = await backend.fresh();
    const ana = await repository.contacts.createContact(
      validContact({ ...sampleContact, email: 'ana@empresa.com.br' }),
    );
    const anaQuote = await repository.quotes.createQuote(validQuote({ ...fullQuote, email: 'ana@empresa.com.br' }));
    const bruno = await repository.contacts.createContact(
      validContact({ ...sampleContact, email: 'bruno@outra.com.br' }),
    );
    const [a, q, b] = [ana, anaQuote, bruno].map((result) => (result.outcome === 'created' ? result.record.id : ''));
    await repository.audit.recordAudit(viewed(SELLER, [a!, b!]));
    await repository.audit.recordAudit(viewed(SELLER, [q!]));
    await repository.audit.recordAudit(viewed(SELLER, [b!]));

    await repository.personalData.eraseSubject('ANA@empresa.com.br', BY_TOKEN);

    const lines = await repository.audit.readAudit({ limit: 10 });
    expect(lines.map((line) => [line.action, line.leadIds])).toEqual([
      ['subject.erasure', undefined],
      ['lead.viewed', [b]],
      ['lead.viewed', undefined],
      ['lead.viewed', [b]],
    ]);
    expect(JSON.stringify(await backend.rows('audit_log'))).not.toContain(a!);
    expect(JSON.stringify(await backend.rows('audit_log'))).not.toContain(q!);
  });

  it('records a member’s view of a lead once an hour, two at once included, and the token’s every time', async () => {
    const repository = await backend.fresh();
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const view = (actor: AuditEvent['actor']) => repository.audit.recordView({ ...viewed(actor), leadIds: [LEAD_A] });

    await Promise.all([view(SELLER), view(SELLER), view(SELLER), view(SELLER)]);
    await view(ADMIN);
    await view({ kind: 'token' });
    await view({ kind: 'token' });
    vi.setSystemTime(now + 59 * 60_000);
    await view(SELLER);
    vi.setSystemTime(now + 61 * 60_000);
    await view(SELLER);

    const lines = await repository.audit.readAudit({ leadId: LEAD_A, limit: 20 });
    expect(lines.map((line) => line.actor)).toEqual([
      'vendas@rotanorte.com.br',
      'token',
      'token',
      'admin@rotanorte.com.br',
      'vendas@rotanorte.com.br',
    ]);
  });

  it('lets the retention purge take the lines older than its cutoff, and writes its own', async () => {
    const repository = await backend.fresh();
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now - 400 * DAY);
    await repository.audit.recordAudit(viewed(ADMIN));
    vi.setSystemTime(now - 10 * DAY);
    await repository.audit.recordAudit(viewed(SELLER));
    vi.setSystemTime(now);

    const purged = await repository.personalData.purgeOlderThan({
      leads: new Date(now - 365 * DAY),
      suspects: new Date(now - 365 * DAY),
      applications: new Date(now - 365 * DAY),
      now: new Date(now),
    });

    expect(purged).toMatchObject({ audit: 1 });
    const lines = await repository.audit.readAudit({ limit: 10 });
    expect(lines.map((line) => [line.action, line.actor])).toEqual([
      ['retention.purge', 'sistema'],
      ['lead.viewed', 'vendas@rotanorte.com.br'],
    ]);
    expect(lines[0]!.detail).toEqual({
      contacts: 0,
      quotes: 0,
      suspects: 0,
      applications: 0,
      outbox: 0,
      audit: 1,
      shipmentsCleared: 0,
      shipmentsExpired: 0,
    });
  });
});
