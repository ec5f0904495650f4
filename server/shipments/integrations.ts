import { randomBytes, randomUUID } from 'node:crypto';
import { instant, optional, text } from '../db/columns';
import type { Queries } from '../db/database';
import { tableOf } from '../db/table';
import type { By, ShipmentDeps } from './deps';
import { digestOf } from './links';

// The integrations that post events (docs/requirements.md §12.13): a TMS, a telematics provider.
// Each has a token (kept as its SHA-256) and a Standard Webhooks signing secret (kept as it is: a
// signature is checked with the secret itself, and it can only post events, never read anything),
// both shown once at creation; a revocation ends both for the next request, on every replica.

const integrationsTable = tableOf('integrations', {
  id: text,
  name: text,
  signing_secret: text,
  created_at: instant,
  revoked_at: optional(instant),
});

export type Integration = ReturnType<typeof integrationsTable.decode>;

/** 'rn_' and 32 random bytes: a prefix that secret scanners and people recognise. */
const newIntegrationToken = () => `rn_${randomBytes(32).toString('base64url')}`;
/** Standard Webhooks' secret: 'whsec_' and 32 random bytes in base64. */
const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const SELECT = `SELECT ${integrationsTable.list()} FROM integrations`;

export const listIntegrations = async (q: Queries) =>
  (await q.all(`${SELECT} ORDER BY seq DESC`)).map((row) => integrationsTable.decode(row));

/** The live integration a token names: a revoked one names none. */
export async function integrationOfToken(q: Queries, token: string) {
  const row = await q.get(`${SELECT} WHERE token_digest = ? AND revoked_at IS NULL`, [digestOf(token)]);
  return row && integrationsTable.decode(row);
}

export async function liveIntegration(q: Queries, id: string) {
  const row = await q.get(`${SELECT} WHERE id = ? AND revoked_at IS NULL`, [id]);
  return row && integrationsTable.decode(row);
}

/** A new integration: its id, and the token and secret to show once. */
export const createIntegration = (
  deps: ShipmentDeps,
  name: string,
  by: By & { actor: { kind: 'member'; id: string } },
) =>
  deps.db.transaction(async (tx) => {
    const id = randomUUID();
    const token = newIntegrationToken();
    const secret = newSigningSecret();
    await tx.run(
      `INSERT INTO integrations (id, name, token_digest, signing_secret, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [id, name, digestOf(token), secret, by.actor.id, new Date().toISOString()],
    );
    await deps.audit.append(tx, { ...by, action: 'integration.created', subject: name, detail: { integration: id } });
    return { id, token, secret };
  });

export const revokeIntegration = (deps: ShipmentDeps, id: string, by: By & { actor: { kind: 'member'; id: string } }) =>
  deps.db.transaction(async (tx) => {
    const live = await liveIntegration(tx, id);
    if (!live) return false;
    await tx.run('UPDATE integrations SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL', [
      new Date().toISOString(),
      by.actor.id,
      id,
    ]);
    await deps.audit.append(tx, {
      ...by,
      action: 'integration.revoked',
      subject: live.name,
      detail: { integration: id },
    });
    return true;
  });
