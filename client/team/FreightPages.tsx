import { AXLE_COUNTS } from '../../shared/freight';
import { actText, decimalText } from '../../shared/freight-text';
import { kmText } from '../../shared/number-text';
import { readableDate, readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { PageNotice } from '../../shared/team';
import { Notice } from './TeamDocument';

// The admin's freight screens (docs/requirements.md §9.5): the lane table (road km, and the barge leg
// where the North needs one) and the ANTT's Tabela A per act. Plain forms: they work without JavaScript.

/** What the server refused, each problem on its own line, at the top of the form. */
function Problems({ problems }: { problems?: string[] }) {
  if (!problems?.length) return null;
  return (
    <div className="team-notice team-notice--error" role="alert">
      <p>
        <strong>Nada foi gravado.</strong> Corrija:
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

function FreightTabs({ current }: { current: 'tables' | 'lanes' }) {
  return (
    <nav className="inbox-views" aria-label="Frete">
      <ul>
        <li>
          <a href="/painel/frete/tabelas" aria-current={current === 'tables' ? 'page' : undefined}>
            Tabelas da ANTT
          </a>
        </li>
        <li>
          <a href="/painel/frete/rotas" aria-current={current === 'lanes' ? 'page' : undefined}>
            Rotas
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** A lane as the list shows it: its places by name, their IBGE codes to remove it by. */
type LaneRow = { codes: [string, string]; names: [string, string]; roadKm: number; bargeKm?: number; setAt: string };

/** The lane form's fields as sent, kept when refused. */
type LaneForm = { origem: string; destino: string; rodovia: string; balsa: string };

export type LanesPageProps = { lanes: LaneRow[]; form: LaneForm; notice?: PageNotice; problems?: string[] };

/** Where "Alterar" takes a lane: this page with its values in the form. */
const editHref = (lane: LaneRow) =>
  `/painel/frete/rotas?${new URLSearchParams({
    origem: lane.names[0],
    destino: lane.names[1],
    rodovia: String(lane.roadKm),
    balsa: lane.bargeKm ? String(lane.bargeKm) : '',
  })}#rota`;

export function LanesPage({ lanes, form, notice, problems }: LanesPageProps) {
  return (
    <>
      <h1>Rotas</h1>
      <FreightTabs current="lanes" />
      <Notice notice={notice} />
      <p>
        A distância de cada cotação vem desta tabela; para um par que não está aqui, a distância é estimada em linha
        reta vezes um fator de desvio, e a cotação mostra “estimativa”. A rota vale nos dois sentidos. O piso da ANTT
        usa só os km de rodovia: a balsa aparece à parte.
      </p>
      <section className="team-card" aria-labelledby="rota">
        <h2 id="rota">Adicionar ou alterar uma rota</h2>
        <Problems problems={problems} />
        <form method="post" action="/painel/frete/rotas" className="team-form">
          <div className="field">
            <label htmlFor="rota-origem">Origem</label>
            <input
              id="rota-origem"
              name="origem"
              required
              maxLength={160}
              defaultValue={form.origem}
              aria-describedby="rota-lugar"
            />
          </div>
          <div className="field">
            <label htmlFor="rota-destino">Destino</label>
            <input
              id="rota-destino"
              name="destino"
              required
              maxLength={160}
              defaultValue={form.destino}
              aria-describedby="rota-lugar"
            />
          </div>
          <p className="team-help" id="rota-lugar">
            Município e UF, como “Macapá/AP” ou “Belém – PA”.
          </p>
          <div className="field">
            <label htmlFor="rota-rodovia">Km por rodovia</label>
            <input
              id="rota-rodovia"
              name="rodovia"
              required
              inputMode="numeric"
              maxLength={6}
              defaultValue={form.rodovia}
            />
          </div>
          <div className="field">
            <label htmlFor="rota-balsa">Km de balsa (opcional)</label>
            <input
              id="rota-balsa"
              name="balsa"
              inputMode="numeric"
              maxLength={6}
              defaultValue={form.balsa}
              aria-describedby="rota-balsa-ajuda"
            />
            <p className="team-help" id="rota-balsa-ajuda">
              O trecho por água, onde o Norte precisa dele: Macapá, boa parte do Amazonas.
            </p>
          </div>
          <button className="button button--primary" type="submit">
            Salvar a rota
          </button>
        </form>
      </section>
      <section className="team-card" aria-labelledby="rotas">
        <h2 id="rotas">Rotas cadastradas ({lanes.length})</h2>
        {lanes.length === 0 ? (
          <p>Nenhuma rota ainda: todas as distâncias são estimativas.</p>
        ) : (
          <ul className="team-list">
            {lanes.map((lane) => (
              <li className="team-list__item" key={lane.codes.join('-')}>
                <p>
                  <strong>
                    {lane.names[0]} ↔ {lane.names[1]}
                  </strong>
                </p>
                <p>
                  {kmText(lane.roadKm)} por rodovia
                  {lane.bargeKm ? ` + ${kmText(lane.bargeKm)} de balsa = ${kmText(lane.roadKm + lane.bargeKm)}` : ''}
                </p>
                <p className="lead-meta">Definida em {readableInSaoPaulo(lane.setAt)}</p>
                <div className="team-actions">
                  <a href={editHref(lane)}>
                    Alterar<span className="visually-hidden">: {lane.names.join(' ↔ ')}</span>
                  </a>
                  <form method="post" action="/painel/frete/rotas/remover" className="team-inline">
                    <input type="hidden" name="a" value={lane.codes[0]} />
                    <input type="hidden" name="b" value={lane.codes[1]} />
                    <button className="team-link-button team-link-button--danger" type="submit">
                      Remover<span className="visually-hidden">: {lane.names.join(' ↔ ')}</span>
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** An act as the list shows it. */
type ActRow = { id: string; name: string; effectiveFrom: string; inForce: boolean; addedBy: string; addedAt: string };

/** The new act's fields as sent, kept when refused. */
type ActForm = { nome: string; vigencia: string; publicacao: string; tabela: string };

export type AnttTablesPageProps = { acts: ActRow[]; form: ActForm; problems?: string[] };

export function AnttTablesPage({ acts, form, problems }: AnttTablesPageProps) {
  return (
    <>
      <h1>Tabelas da ANTT</h1>
      <FreightTabs current="tables" />
      <p>
        O piso mínimo do frete (Lei 13.703/2018) de cada cotação é distância × CCD + CC, da Tabela A (carga lotação) do
        ato em vigor na data da cotação. Um ato novo vale para as cotações a partir da sua vigência; as anteriores
        continuam com a tabela do seu dia. Um ato gravado não muda.
      </p>
      <section className="team-card" aria-labelledby="atos">
        <h2 id="atos">Atos ({acts.length})</h2>
        {acts.length === 0 ? (
          <p>Nenhum ato gravado: nenhuma cotação tem piso.</p>
        ) : (
          <ul className="team-list">
            {acts.map((act) => (
              <li className="team-list__item" key={act.id}>
                <p>
                  <a href={`/painel/frete/tabelas/${act.id}`}>{act.name}</a>
                  {act.inForce && (
                    <>
                      {' '}
                      <span className="inbox-status inbox-status--won">em vigor hoje</span>
                    </>
                  )}
                </p>
                <p>Vigência: desde {readableDate(act.effectiveFrom)}</p>
                <p className="lead-meta">
                  Gravado por {act.addedBy} em {readableInSaoPaulo(act.addedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="team-card" aria-labelledby="novo-ato">
        <h2 id="novo-ato">Adicionar a tabela de um ato novo</h2>
        <p>
          Quando a ANTT publicar uma tabela nova (a cada seis meses, e a cada gatilho do diesel), copie a Tabela A do
          ato e cole abaixo. Confira cada linha com o texto do DOU: transcrições de terceiros costumam deslocar colunas.
        </p>
        <Problems problems={problems} />
        <form method="post" action="/painel/frete/tabelas" className="team-form freight-act-form">
          <div className="field">
            <label htmlFor="ato-nome">Nome do ato</label>
            <input
              id="ato-nome"
              name="nome"
              required
              maxLength={120}
              defaultValue={form.nome}
              placeholder="Portaria SUROC nº 22/2026"
            />
          </div>
          <div className="field">
            <label htmlFor="ato-vigencia">Em vigor desde</label>
            <input id="ato-vigencia" name="vigencia" type="date" required defaultValue={form.vigencia} />
          </div>
          <div className="field">
            <label htmlFor="ato-publicacao">Onde foi publicado</label>
            <input
              id="ato-publicacao"
              name="publicacao"
              required
              maxLength={300}
              defaultValue={form.publicacao}
              placeholder="DOU de 29/09/2026, seção 1, p. 98"
            />
          </div>
          <div className="field">
            <label htmlFor="ato-tabela">Tabela A (carga lotação)</label>
            <textarea
              id="ato-tabela"
              name="tabela"
              required
              rows={14}
              spellCheck={false}
              defaultValue={form.tabela}
              aria-describedby="ato-tabela-ajuda"
            />
            <p className="team-help" id="ato-tabela-ajuda">
              Uma linha por tipo de carga (os 12 da tabela), começando pelo nome, como “Carga geral”. Depois, para 2, 3,
              4, 5, 6, 7 e 9 eixos, “CCD / CC” (por exemplo “6,8284 / 657,56”), ou o CCD e o CC em colunas separadas.
              Onde o ato não fixa piso, um traço “—”. Colunas separadas por tabulação (copiando da planilha), “;” ou
              “|”. A linha de títulos pode vir junto.
            </p>
          </div>
          <button className="button button--primary" type="submit">
            Gravar a tabela
          </button>
        </form>
      </section>
    </>
  );
}

/** A cell of the act's grid: priced, left blank by the act, or not transcribed here. */
type GridCell = { kind: 'priced'; ccd: string; cc: string } | { kind: 'blank' } | { kind: 'not_transcribed' };

type ShownAct = {
  id: string;
  name: string;
  effectiveFrom: string;
  provenance: string;
  addedBy: string;
  addedAt: string;
  rows: { cargo: string; cells: GridCell[] }[];
};

export type AnttTablePageProps = { state: 'missing' } | { state: 'shown'; act: ShownAct; notice?: PageNotice };

function CellText({ cell }: { cell: GridCell }) {
  if (cell.kind === 'blank')
    return (
      <>
        — <span className="freight-cell-note">não fixa piso</span>
      </>
    );
  if (cell.kind === 'not_transcribed') return <span className="freight-cell-note">não transcrito</span>;
  return (
    <>
      {decimalText(cell.ccd)}
      <br />
      {decimalText(cell.cc)}
    </>
  );
}

export function AnttTablePage(props: AnttTablePageProps) {
  if (props.state === 'missing')
    return (
      <>
        <h1>Ato não encontrado</h1>
        <p>
          <a href="/painel/frete/tabelas">Voltar às tabelas da ANTT</a>
        </p>
      </>
    );
  const { act, notice } = props;
  const blanks = act.rows.flatMap((row) => row.cells).filter((cell) => cell.kind === 'blank').length;
  const missing = act.rows.flatMap((row) => row.cells).filter((cell) => cell.kind === 'not_transcribed').length;
  return (
    <>
      <p className="lead-crumb">
        <a href="/painel/frete/tabelas">← Tabelas da ANTT</a>
      </p>
      <h1>{act.name}</h1>
      <Notice notice={notice} />
      <div className="team-card">
        <dl className="lead-lines">
          <div>
            <dt>Vigência</dt>
            <dd>{actText(act)}</dd>
          </div>
          <div>
            <dt>Publicação</dt>
            <dd>{act.provenance}</dd>
          </div>
          <div>
            <dt>Gravado</dt>
            <dd>
              por {act.addedBy} em {readableInSaoPaulo(act.addedAt)}
            </dd>
          </div>
          <div>
            <dt>Células</dt>
            <dd>
              {act.rows.length * AXLE_COUNTS.length - blanks - missing} com piso, {blanks} em branco (o ato não fixa
              piso)
              {missing > 0 && `, ${missing} não transcritas (sem piso até alguém gravar o ato inteiro)`}
            </dd>
          </div>
        </dl>
      </div>
      <p className="team-help freight-grid-help">
        Em cada célula, o CCD (R$ por km) e, abaixo, o CC (R$). O piso é distância × CCD + CC.
      </p>
      {/* Wider than a phone: the table scrolls in its frame, which the keyboard reaches (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled without a mouse. */}
      <div className="team-table-wrap" tabIndex={0}>
        <table className="team-table freight-grid">
          <caption>Tabela A (carga lotação)</caption>
          <thead>
            <tr>
              <th scope="col">Tipo de carga</th>
              {AXLE_COUNTS.map((axles) => (
                <th scope="col" key={axles}>
                  {axles} eixos
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {act.rows.map((row) => (
              <tr key={row.cargo}>
                <th scope="row">{row.cargo}</th>
                {row.cells.map((cell, at) => (
                  <td key={AXLE_COUNTS[at]} className={`freight-cell freight-cell--${cell.kind}`}>
                    <CellText cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
