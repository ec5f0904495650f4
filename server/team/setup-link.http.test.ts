import type { RequestListener } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { captureLogger, createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { setupLink } from './invitations';
import { announceSetupLink } from './setup-link';

const publicUrl = new URL('http://localhost:3000');

/** The form post of a setup link's page, as the person who opened it sends it. */
const completeSetup = (app: RequestListener, link: string, n: number) =>
  request(app)
    .post('/entrar/configurar')
    .type('form')
    .send({ token: new URL(link).searchParams.get('token'), name: `Pessoa ${n}`, email: `admin-${n}@example.com` });

// One first admin however many replicas print a link (docs/requirements.md §6.3): the setup is claimed once,
// in the database, by the first link used.
describe.each(backendsForThisFile())('the first admin’s setup, on $name', (backend) => {
  it('makes one admin when two replicas’ links are used many times at once', async () => {
    const replicas = [await backend.fresh(), await backend.another()];
    const apps = replicas.map((repository) => createTestApp({ repository, publicUrl }).app);
    const links = await Promise.all(replicas.map((repository) => setupLink(repository.team, publicUrl)));

    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, n) => completeSetup(apps[n % 2]!, links[n % 2]!, n)),
    );

    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([303, ...Array.from({ length: 15 }, () => 410)]);
    const admins = (await replicas[0]!.team.listMembers()).filter((member) => member.role === 'admin');
    expect(admins).toHaveLength(1);
    const winner = replies.find((reply) => reply.status === 303)!;
    expect(admins[0]!.email).toBe(`admin-${replies.indexOf(winner)}@example.com`);
  });

  it('prints a link on every replica while the setup is open, and none once it is claimed', async () => {
    const replicas = [await backend.fresh(), await backend.another()];
    const { logger, logs } = captureLogger();
    for (const repository of replicas) await announceSetupLink(repository.team, publicUrl, logger);
    const printed = logs.filter((line) => typeof line.setupLink === 'string').map((line) => String(line.setupLink));
    const { app } = createTestApp({ repository: replicas[1]!, publicUrl });

    await completeSetup(app, printed[0]!, 1).expect(303);
    for (const repository of replicas) await announceSetupLink(repository.team, publicUrl, logger);

    expect(printed).toHaveLength(2);
    expect(logs.filter((line) => typeof line.setupLink === 'string')).toHaveLength(2);
    await request(app)
      .get(new URL(printed[1]!).pathname + new URL(printed[1]!).search)
      .expect(410);
  });
});
