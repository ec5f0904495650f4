import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { AXLE_COUNTS, CARGO_TYPES } from '../../shared/freight';
import { actText } from '../../shared/freight-text';
import { placeLabel } from '../../shared/municipalities';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { memberName } from '../../shared/team';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { fieldOf, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { cellsFromPaste } from './paste';
import { type FreightPlaces, ibgePlaces } from './places';
import { cargoTypes, tableInForce } from './tables';

// The admin's freight screens (docs/requirements.md §9.5): the lane table at /painel/frete/rotas and
// the ANTT's acts at /painel/frete/tabelas. Admins only, checked here by each route's access; every
// POST is same-site (the workplace router) and answered 303 (PRG), or 400 with the fields kept and
// every problem named. The store writes each change with its audit line, in one transaction.

type FreightAdminContext = WorkplaceContext &
  Pick<Stores, 'freight' | 'team'> & {
    /** The IBGE places lanes are named and keyed by; the CSV's unless given. */
    places?: FreightPlaces;
  };

const LANES = '/painel/frete/rotas';
const TABLES = '/painel/frete/tabelas';

/** What a change that landed says on the page it redirects to, named in the query: only these words are shown. */
const SAVED = {
  rota: 'Rota salva. As cotações entre esses municípios passam a usar esta distância.',
  removida: 'Rota removida. As cotações entre esses municípios voltam à estimativa.',
  ausente: 'Essa rota já não existia.',
  tabela: 'Tabela gravada. As cotações a partir da vigência usam este ato; as anteriores, o do seu dia.',
} as const;

const noticeOf = (req: Request) => {
  const saved = req.query.salvo;
  return typeof saved === 'string' && Object.hasOwn(SAVED, saved)
    ? { notice: { kind: 'ok' as const, text: SAVED[saved as keyof typeof SAVED] } }
    : {};
};

/** "Macapá/AP", "Belém – PA", "Belém - PA", "Belém, PA": the name and the UF after the last separator. */
function placeTyped(text: string) {
  const match = /^(.*?)\s*(?:[/,–—]|\s-\s|-)\s*([A-Za-z]{2})\s*$/u.exec(text.trim());
  return match ? { city: match[1]!, state: match[2]!.toUpperCase() } : undefined;
}

/** Whole km as typed: '3050' or '3.050'; NaN when not. */
const kmTyped = (text: string) =>
  /^\d{1,3}(\.\d{3})+$|^\d+$/.test(text.trim()) ? Number(text.trim().replaceAll('.', '')) : Number.NaN;

/** An act's id from its name: 'Portaria SUROC nº 22/2026' → 'portaria-suroc-no-22-2026'. */
const actIdOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

const date = z.iso.date();

export function freightAdminRoutes(context: FreightAdminContext): WorkplaceRoute[] {
  const { freight, team, render } = context;
  const places = () => context.places ?? ibgePlaces();
  const nameOf = (code: string) => {
    const place = places().placeOf(code);
    return place ? `${place.name}/${place.uf}` : code;
  };

  /** Who added each act, by name; the repository's own acts were seeded at start. */
  async function namesOfMembers() {
    const members = await team.everyMember();
    const names = new Map(members.map((member) => [member.id, memberName(member)]));
    return (id?: string) => (id ? (names.get(id) ?? 'ex-membro') : 'o próprio site, na partida (dados do repositório)');
  }

  async function lanesPage(res: Response, status: number, extra: Partial<Parameters<typeof render<'lanes'>>[3]>) {
    const lanes = (await freight.lanes())
      .map((lane) => ({
        codes: lane.places,
        names: [nameOf(lane.places[0]), nameOf(lane.places[1])] as [string, string],
        roadKm: lane.roadKm,
        ...(lane.bargeKm && { bargeKm: lane.bargeKm }),
        setAt: lane.setAt,
      }))
      .sort((a, b) => a.names.join().localeCompare(b.names.join(), 'pt-BR'));
    render(res, status, 'lanes', {
      lanes,
      form: { origem: '', destino: '', rodovia: '', balsa: '' },
      ...extra,
    });
  }

  const showLanes: RequestHandler = async (req, res) => {
    const asked = (name: string) => (typeof req.query[name] === 'string' ? String(req.query[name]).slice(0, 160) : '');
    await lanesPage(res, 200, {
      form: { origem: asked('origem'), destino: asked('destino'), rodovia: asked('rodovia'), balsa: asked('balsa') },
      ...noticeOf(req),
    });
  };

  const setLane: RequestHandler = async (req, res) => {
    const form = {
      origem: fieldOf(req, 'origem').slice(0, 160),
      destino: fieldOf(req, 'destino').slice(0, 160),
      rodovia: fieldOf(req, 'rodovia').slice(0, 12),
      balsa: fieldOf(req, 'balsa').slice(0, 12),
    };
    const problems: string[] = [];
    const placeOf = (typed: string, label: 'Origem' | 'Destino') => {
      const named = placeTyped(typed);
      if (!named) {
        problems.push(`${label}: informe o município e a UF, por exemplo “Macapá/AP”.`);
        return undefined;
      }
      const place = places().placeNamed(named);
      if (!place)
        problems.push(
          `${label}: município não encontrado no IBGE, “${placeLabel({ name: named.city, uf: named.state })}”.`,
        );
      return place;
    };
    const origin = placeOf(form.origem, 'Origem');
    const destination = placeOf(form.destino, 'Destino');
    const roadKm = kmTyped(form.rodovia);
    if (Number.isNaN(roadKm)) problems.push('Informe os km por rodovia como número inteiro, por exemplo 3050.');
    const bargeKm = form.balsa.trim() === '' ? undefined : kmTyped(form.balsa);
    if (Number.isNaN(bargeKm)) problems.push('Informe os km de balsa como número inteiro, ou deixe em branco.');
    if (!problems.length && origin && destination) {
      const result = await freight.setLane(
        { origin: origin.code, destination: destination.code, roadKm, ...(bargeKm && { bargeKm }) },
        auditContext(req, res),
      );
      if (result.outcome === 'set') return res.redirect(303, `${LANES}?salvo=rota`);
      problems.push(...result.problems);
    }
    await lanesPage(res, 400, { form, problems });
  };

  const removeLane: RequestHandler = async (req, res) => {
    const [a, b] = [fieldOf(req, 'a'), fieldOf(req, 'b')];
    if (!/^\d{7}$/.test(a) || !/^\d{7}$/.test(b))
      return lanesPage(res, 400, { problems: ['Escolha na lista a rota a remover.'] });
    const removed = await freight.removeLane(a, b, auditContext(req, res));
    res.redirect(303, `${LANES}?salvo=${removed ? 'removida' : 'ausente'}`);
  };

  async function tablesPage(res: Response, status: number, extra: Partial<Parameters<typeof render<'anttTables'>>[3]>) {
    const [tables, addedByName] = await Promise.all([freight.anttTables(), namesOfMembers()]);
    const inForce = tableInForce(tables, todayInSaoPaulo());
    render(res, status, 'anttTables', {
      acts: tables
        .map((table) => ({
          id: table.id,
          name: table.name,
          effectiveFrom: table.effectiveFrom,
          inForce: table === inForce,
          addedBy: addedByName(table.addedBy),
          addedAt: table.addedAt,
        }))
        .reverse(),
      form: { nome: '', vigencia: '', publicacao: '', tabela: '' },
      ...extra,
    });
  }

  const showTables: RequestHandler = (_req, res) => tablesPage(res, 200, {});

  const addTable: RequestHandler = async (req, res) => {
    const form = {
      nome: fieldOf(req, 'nome'),
      vigencia: fieldOf(req, 'vigencia').trim(),
      publicacao: fieldOf(req, 'publicacao'),
      tabela: fieldOf(req, 'tabela'),
    };
    const problems: string[] = [];
    const name = form.nome.trim().replace(/\s+/g, ' ');
    const id = actIdOf(name);
    if (name.length < 3 || name.length > 120 || id.length < 3)
      problems.push('Informe o nome do ato, como “Portaria SUROC nº 22/2026” (até 120 caracteres).');
    if (!date.safeParse(form.vigencia).success) problems.push('Informe a data em que o ato entra em vigor.');
    else {
      const latest = (await freight.anttTables()).at(-1);
      if (latest && form.vigencia <= latest.effectiveFrom)
        problems.push(
          `A vigência deve ser posterior à do ato mais recente (${actText(latest)}): as cotações já recebidas guardam a tabela do seu dia.`,
        );
    }
    const provenance = form.publicacao.trim();
    if (!provenance || provenance.length > 300)
      problems.push('Informe onde o ato foi publicado, como “DOU de 29/09/2026, seção 1, p. 98” (até 300 caracteres).');
    const pasted = cellsFromPaste(form.tabela);
    if ('problems' in pasted) problems.push(...pasted.problems);
    if (problems.length || 'problems' in pasted) return tablesPage(res, 400, { form, problems });
    const added = await freight.addAnttTable(
      { id, name, effectiveFrom: form.vigencia, provenance, cells: pasted.cells },
      auditContext(req, res),
    );
    if (added.outcome === 'added') return res.redirect(303, `${TABLES}/${id}?salvo=tabela`);
    const refused =
      added.outcome === 'invalid'
        ? added.problems
        : added.outcome === 'duplicate_act'
          ? ['Já existe um ato com este nome.']
          : [`Já existe um ato em vigor desde esta data (${added.actId}).`];
    await tablesPage(res, 400, { form, problems: refused });
  };

  const showTable: RequestHandler = async (req, res) => {
    const id = String(req.params.id);
    const [tables, addedByName] = await Promise.all([freight.anttTables(), namesOfMembers()]);
    const table = tables.find((each) => each.id === id);
    if (!table) return render(res, 404, 'anttTable', { state: 'missing' });
    render(res, 200, 'anttTable', {
      state: 'shown',
      act: {
        id: table.id,
        name: table.name,
        effectiveFrom: table.effectiveFrom,
        provenance: table.provenance,
        addedBy: addedByName(table.addedBy),
        addedAt: table.addedAt,
        rows: cargoTypes.map((cargo) => ({
          cargo: CARGO_TYPES[cargo],
          cells: AXLE_COUNTS.map((axles) => {
            const cell = table.cells[cargo][axles];
            return cell.kind === 'priced' ? cell : { kind: cell.kind };
          }),
        })),
      },
      ...noticeOf(req),
    });
  };

  return [
    pageRoute('GET', LANES, 'admin', showLanes),
    pageRoute('POST', LANES, 'admin', setLane),
    pageRoute('POST', `${LANES}/remover`, 'admin', removeLane),
    pageRoute('GET', TABLES, 'admin', showTables),
    pageRoute('POST', TABLES, 'admin', addTable),
    pageRoute('GET', `${TABLES}/:id`, 'admin', showTable),
  ];
}
