import { SUSPECT_STATES, type SuspectState } from '../../shared/spam';
import { type ShownSuspect, SuspectsRows } from './SuspectsRows';

type Props = {
  state: SuspectState;
  /** How many posts wait in each tab. */
  counts: Record<SuspectState, number>;
  posts: ShownSuspect[];
  /** What the URL asked that could not be read, in Portuguese: left out, never a 400. */
  problems: string[];
  /** What the last button did, and the lead's page when the post is a contact now. */
  notice?: { text: string; lead?: string };
  /** When the page was drawn: the arrivals read "há 3 h" from it. */
  now: string;
  /** The tab and page each button's form sends back, so its answer returns here. */
  back: { estado: string; apos: string };
  /** The cursor of the first post shown: "select all" reaches no post that arrived since. */
  newest: string;
  older?: string;
  first?: string;
};

const TAB_HREF: Record<SuspectState, string> = { suspect: '/painel/suspeitos', spam: '/painel/suspeitos?estado=spam' };

/**
 * The "Suspeitos" folder (docs/requirements.md §6.4): what the filter held, each post
 * whole with why it was held, and "Não é spam" one tap away; what a member marked, in its own tab.
 */
export function SuspectsPage({ state, counts, posts, problems, notice, now, back, newest, older, first }: Props) {
  return (
    <>
      <p className="lead-crumb">
        <a href="/painel">← Leads</a>
      </p>
      <h1>Suspeitos de spam</h1>
      <p className="suspect-intro">
        O filtro segurou estes envios: não foram por e-mail nem para o CRM, e não aparecem na caixa de entrada. “Não é
        spam: entregar à equipe” leva o contato à caixa de entrada e à entrega (e-mail e CRM), com a hora em que chegou.
      </p>
      {problems.length > 0 && (
        <div className="team-notice team-notice--error" role="alert">
          <p>Parte do endereço foi ignorada:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {notice && (
        <p className="team-notice team-notice--ok" role="status">
          {notice.text} {notice.lead && <a href={notice.lead}>Abrir o lead</a>}
        </p>
      )}
      <nav className="inbox-views" aria-label="Pastas de suspeitos">
        <ul>
          {(Object.keys(SUSPECT_STATES) as SuspectState[]).map((tab) => (
            <li key={tab}>
              <a href={TAB_HREF[tab]} aria-current={tab === state ? 'page' : undefined}>
                {SUSPECT_STATES[tab]} ({counts[tab]})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {posts.length === 0 ? (
        <p className="inbox-empty" role="status">
          {first
            ? 'Nada mais nesta pasta.'
            : state === 'suspect'
              ? 'Nenhum envio suspeito esperando.'
              : 'Nenhum envio marcado como spam.'}
        </p>
      ) : (
        <>
          <BulkActions state={state} back={back} newest={newest} count={posts.length} />
          <SuspectsRows posts={posts} state={state} now={now} back={back} />
        </>
      )}
      {(older || first) && (
        <nav className="inbox-pages" aria-label="Páginas da pasta">
          {first && <a href={first}>Primeira página</a>}
          {older && <a href={older}>Mais antigos</a>}
        </nav>
      )}
    </>
  );
}

/** The form the posts' checkboxes belong to (`form=`): it works without JavaScript, one POST for them all. */
const BULK_FORM = 'suspeitos-lote';

type BulkProps = { state: SuspectState; back: Props['back']; newest: string; count: number };

/** Several posts decided at once (docs/requirements.md §6.4): those ticked, or the whole page as it is shown. */
function BulkActions({ state, back, newest, count }: BulkProps) {
  return (
    <form
      id={BULK_FORM}
      method="post"
      action="/painel/suspeitos/lote"
      className="suspect-bulk"
      aria-label="Decidir vários"
    >
      {back.estado && <input type="hidden" name="estado" value={back.estado} />}
      {back.apos && <input type="hidden" name="apos" value={back.apos} />}
      <input type="hidden" name="de" value={newest} />
      <label className="team-check">
        <input type="checkbox" name="todos" value="sim" /> Selecionar todos desta página ({count})
      </label>
      <div className="suspect-actions">
        {state === 'suspect' && (
          <button className="button button--primary" type="submit" name="acao" value="spam">
            É spam: marcar os selecionados
          </button>
        )}
        <button className="button button--ghost" type="submit" name="acao" value="liberar">
          Não é spam: entregar os selecionados à equipe
        </button>
      </div>
    </form>
  );
}
