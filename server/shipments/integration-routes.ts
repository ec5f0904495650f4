import type { RequestHandler } from 'express';
import { requiredText } from '../../shared/fields';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { auditContext } from '../module/audit';
import { fieldOf } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import type { ShipmentContext } from './context';
import { createIntegration, listIntegrations, revokeIntegration } from './integrations';

// /painel/integracoes (docs/requirements.md §12.13): admins create and revoke the integrations that
// post events, each change an audit line. A new one's token and secret are shown on the page that
// answers its POST, once.

const NAME = requiredText({ label: 'o nome da integração', max: 80 });

export function integrationRoutes(context: ShipmentContext): WorkplaceRoute[] {
  const { render, shipments, publicUrl } = context;
  const endpoint = (id: string) => new URL(`/api/shipment-events/${id}`, publicUrl).href;

  const list = async () =>
    (await listIntegrations(shipments.db)).map((integration) => ({
      id: integration.id,
      name: integration.name,
      created: readableInSaoPaulo(integration.createdAt),
      ...(integration.revokedAt && { revoked: readableInSaoPaulo(integration.revokedAt) }),
      endpoint: endpoint(integration.id),
    }));

  const page: RequestHandler = async (req, res) => {
    const revoked = req.query.salvo === 'revogada';
    render(res, 200, 'integrations', {
      integrations: await list(),
      errors: {},
      ...(revoked && { notice: { kind: 'ok', text: 'Integração revogada: o token e o segredo deixaram de valer.' } }),
    });
  };

  const create: RequestHandler = async (req, res) => {
    const name = NAME.safeParse(fieldOf(req, 'nome'));
    if (!name.success) {
      const message = name.error.issues[0]!.message;
      return render(res, 400, 'integrations', {
        integrations: await list(),
        errors: { nome: message },
        notice: { kind: 'error', text: message },
      });
    }
    const by = auditContext(req, res) as Parameters<typeof createIntegration>[2];
    const made = await createIntegration(shipments, name.data, by);
    render(res, 200, 'integrations', {
      integrations: await list(),
      errors: {},
      shown: { name: name.data, token: made.token, secret: made.secret, endpoint: endpoint(made.id) },
    });
  };

  const revoke: RequestHandler = async (req, res) => {
    await revokeIntegration(
      shipments,
      String(req.params.id),
      auditContext(req, res) as Parameters<typeof revokeIntegration>[2],
    );
    res.redirect(303, '/painel/integracoes?salvo=revogada');
  };

  return [
    pageRoute('GET', '/painel/integracoes', 'admin', page),
    pageRoute('POST', '/painel/integracoes', 'admin', create),
    pageRoute('POST', '/painel/integracoes/:id/revogar', 'admin', revoke),
  ];
}
