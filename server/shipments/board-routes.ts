import type { RequestHandler } from 'express';
import { cnpjCharacters, isValidCnpj } from '../../shared/cnpj';
import { email, optionalText, requiredText } from '../../shared/fields';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { auditContext } from '../module/audit';
import { fieldOf } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { readBoard } from './board';
import { openShipment } from './commands/open';
import type { ShipmentContext } from './context';
import { type Errors, placeOf, type Values } from './forms';
import { cardOf, shipmentPath } from './presenter';
import { shipmentById } from './sql-store';

// /painel/embarques and the form that opens a shipment for a customer who did not come through the
// site (docs/requirements.md §12.1, §12.6). The board shows no person's data: no audit line.

const OPEN_FIELDS = [
  'nome',
  'email',
  'empresa',
  'cnpj',
  'origem',
  'destino',
  'peso',
  'coleta_de',
  'coleta_ate',
  'prazo',
] as const;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`));

function readOpening(values: Values, context: ShipmentContext) {
  const errors: Errors = {};
  const check = (
    name: string,
    parsed: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } },
  ) => {
    if (!parsed.success) errors[name] = parsed.error!.issues[0]!.message;
    return parsed.data as string | undefined;
  };
  const name = check('nome', requiredText({ label: 'o nome do cliente', max: 120 }).safeParse(values.nome));
  const address = values.email ? check('email', email.safeParse(values.email)) : undefined;
  const company = check('empresa', optionalText({ max: 160 }).safeParse(values.empresa));
  if (values.cnpj && !isValidCnpj(values.cnpj)) errors.cnpj = 'CNPJ inválido: confira os dígitos verificadores.';
  const origin = placeOf(context.municipalities, values.origem ?? '');
  if ('error' in origin) errors.origem = origin.error;
  const destination = placeOf(context.municipalities, values.destino ?? '');
  if ('error' in destination) errors.destino = destination.error;
  const weight = values.peso ? Number(values.peso.replace(',', '.')) : undefined;
  if (weight !== undefined && !(weight > 0 && weight <= 45))
    errors.peso = 'Informe o peso em toneladas, de 0,001 a 45.';
  if (!isDate(values.coleta_de ?? '')) errors.coleta_de = 'Informe o primeiro dia da coleta.';
  if (!isDate(values.coleta_ate ?? '')) errors.coleta_ate = 'Informe o último dia da coleta.';
  else if ((values.coleta_ate ?? '') < (values.coleta_de ?? ''))
    errors.coleta_ate = 'O fim da janela não pode ser antes do início.';
  const days = values.prazo ? Number(values.prazo) : undefined;
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 60))
    errors.prazo = 'O prazo é um número inteiro de dias, de 1 a 60.';
  if (Object.keys(errors).length > 0 || 'error' in origin || 'error' in destination)
    return { errors, opening: undefined };
  return {
    opening: {
      customerName: name,
      ...(address && { customerEmail: address }),
      ...(company && { customerCompany: company }),
      ...(values.cnpj && { customerCnpj: cnpjCharacters(values.cnpj) }),
      origin: origin.place,
      destination: destination.place,
      ...(weight !== undefined && { weightTons: weight }),
      pickupFrom: values.coleta_de!,
      pickupTo: values.coleta_ate!,
      ...(days !== undefined && { deliveryDays: days }),
    },
  };
}

export function boardRoutes(context: ShipmentContext): WorkplaceRoute[] {
  const { render, shipments } = context;

  const board: RequestHandler = async (_req, res) => {
    const today = todayInSaoPaulo();
    const now = new Date();
    const { pickups, upcoming, moving, late, delivered } = await readBoard(shipments.db, today, now);
    const cards = (list: typeof pickups) => list.map((s) => cardOf(s, today, now));
    render(res, 200, 'shipments', {
      sections: [
        { id: 'coletas', title: 'Coletas de hoje', empty: 'Nenhuma coleta para hoje.', cards: cards(pickups) },
        {
          id: 'proximas',
          title: 'Próximas coletas',
          empty: 'Nenhuma coleta agendada para os próximos dias.',
          cards: cards(upcoming),
        },
        { id: 'transito', title: 'Em trânsito', empty: 'Nenhuma carga na estrada.', cards: cards(moving) },
        { id: 'atrasados', title: 'Atrasados', empty: 'Nenhum embarque atrasado.', cards: cards(late) },
        { id: 'entregues', title: 'Entregues', empty: 'Nenhuma entrega nos últimos 7 dias.', cards: cards(delivered) },
      ],
    });
  };

  const form: RequestHandler = (_req, res) => render(res, 200, 'shipmentOpen', { values: {}, errors: {} });

  const open: RequestHandler = async (req, res) => {
    const values = Object.fromEntries(OPEN_FIELDS.map((name) => [name, fieldOf(req, name)]));
    const read = readOpening(values, context);
    if (!read.opening)
      return render(res, 400, 'shipmentOpen', {
        values,
        errors: read.errors,
        notice: { kind: 'error', text: 'Verifique os campos destacados e tente novamente.' },
      });
    const id = await openShipment(shipments, read.opening, auditContext(req, res));
    const shipment = (await shipmentById(shipments.db, id))!;
    res.redirect(303, `${shipmentPath(shipment.code)}?salvo=aberto`);
  };

  return [
    pageRoute('GET', '/painel/embarques', 'vendas', board),
    pageRoute('GET', '/painel/embarques/novo', 'vendas', form),
    pageRoute('POST', '/painel/embarques/novo', 'vendas', open),
  ];
}
