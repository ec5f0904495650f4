import { NOBODY, PARAMS, PROMISE_VIEWS, type ViewParams } from '../../shared/inbox';
import { LEAD_KINDS, LEAD_STATUS_LABELS } from '../../shared/lead-status';

type Props = { params: ViewParams; members: { id: string; name: string }[] };

/** The filters besides the search: folded away on a phone unless one is set, so the list comes first. */
const narrowed = ({ words: _words, ...rest }: ViewParams) => Object.values(rest).some(Boolean);

/**
 * The view's form: a GET, so its URL is the view (server/inbox/query.ts) and a link to it can be
 * shared; it needs no JavaScript (docs/requirements.md §6.4).
 */
export function InboxFilter({ params, members }: Props) {
  return (
    <search aria-label="Buscar e filtrar leads">
      <form method="get" action="/painel" className="inbox-filter">
        <div className="field inbox-filter__search">
          <label htmlFor="busca">Buscar</label>
          <input
            id="busca"
            name={PARAMS.words}
            type="search"
            defaultValue={params.words}
            maxLength={200}
            aria-describedby="busca-ajuda"
          />
          <p id="busca-ajuda" className="team-help">
            Nome, e-mail, telefone, empresa ou mensagem; sem se preocupar com acentos.
          </p>
        </div>
        <details className="inbox-filter__more" open={narrowed(params)}>
          <summary>Filtros</summary>
          <div className="inbox-filter__fields">
            <Select id={PARAMS.promise} label="Prazo" value={params.promise} options={Object.entries(PROMISE_VIEWS)} />
            <Select
              id={PARAMS.status}
              label="Situação"
              value={params.status}
              options={Object.entries(LEAD_STATUS_LABELS)}
            />
            <Select id={PARAMS.kind} label="Tipo" value={params.kind} options={Object.entries(LEAD_KINDS)} />
            <Select
              id={PARAMS.owner}
              label="Responsável"
              value={params.owner}
              options={[[NOBODY, 'Ninguém'], ...members.map(({ id, name }) => [id, name] as const)]}
            />
            <Text id={PARAMS.source} label="Origem (utm_source)" value={params.source} />
            <Text id={PARAMS.campaign} label="Campanha (utm_campaign)" value={params.campaign} />
            <Text id={PARAMS.from} label="Chegou de" value={params.from} type="date" />
            <Text id={PARAMS.to} label="Chegou até" value={params.to} type="date" />
          </div>
        </details>
        <div className="inbox-filter__actions">
          <button className="button button--primary" type="submit">
            Filtrar
          </button>
          <a href="/painel">Limpar filtros</a>
        </div>
      </form>
    </search>
  );
}

function Select(props: { id: string; label: string; value: string; options: (readonly [string, string])[] }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.id} defaultValue={props.value}>
        <option value="">Todos</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Text(props: { id: string; label: string; value: string; type?: 'date' }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        type={props.type ?? 'text'}
        defaultValue={props.value}
        {...(!props.type && { maxLength: 200 })}
      />
    </div>
  );
}
