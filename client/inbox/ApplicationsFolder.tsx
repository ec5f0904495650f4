import {
  type Application,
  CNH_CATEGORIES,
  type PositionChoice,
  STAGES,
  VEHICLE_EXPERIENCE,
} from '../../shared/application';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { UF_CODES } from '../../shared/uf';

/** An application as the folder lists it; a held one says why. */
export type ListedApplication = Application & { heldReasons?: string[] };

type Props = {
  applications: ListedApplication[];
  /** Every position, closed ones too: their applications stay. */
  positions: PositionChoice[];
  filter: { vaga: string; cidade: string; uf: string; cnh: string; retidas: boolean };
};

/** The years a driver gave, per vehicle: "Carreta 8 anos · Bitrem 2 anos". */
export function experienceText({ experience }: Pick<Application, 'experience'>) {
  return VEHICLE_EXPERIENCE.flatMap(({ key, label }) =>
    experience[key] === undefined ? [] : [`${label} ${experience[key]} ${experience[key] === 1 ? 'ano' : 'anos'}`],
  ).join(' · ');
}

/**
 * The Candidaturas folder (docs/requirements.md §6.6): the job applications, apart from the sales inbox, filtered
 * by position, city and CNH; those the spam filter held in a view of their own.
 */
/** Whether the view narrows the list: then its filters stay open. */
const filtered = ({ vaga, cidade, uf, cnh }: Props['filter']) => Boolean(vaga || cidade || uf || cnh);

export function ApplicationsFolder({ applications, positions, filter }: Props) {
  return (
    <>
      <h1>Candidaturas</h1>
      <p className="inbox-views">
        {filter.retidas ? (
          <a className="inbox-views__folder" href="/painel/candidaturas">
            ← Candidaturas
          </a>
        ) : (
          <a className="inbox-views__folder" href="/painel/candidaturas?retidas=1">
            Retidas pelo filtro de spam
          </a>
        )}
      </p>
      <form className="inbox-filter" method="get" action="/painel/candidaturas">
        {/* Folded away on a phone unless one is set, as the inbox's: the applicants come first. */}
        <details className="inbox-filter__more" open={filtered(filter)}>
          <summary>Filtros</summary>
          <div className="inbox-filter__fields">
            <div className="field">
              <label htmlFor="filtro-vaga">Vaga</label>
              <select id="filtro-vaga" name="vaga" defaultValue={filter.vaga}>
                <option value="">Todas (e banco de talentos)</option>
                {positions.map((position) => (
                  <option key={position.id} value={position.id}>
                    {position.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="filtro-cidade">Cidade</label>
              <input id="filtro-cidade" name="cidade" defaultValue={filter.cidade} />
            </div>
            <div className="field">
              <label htmlFor="filtro-uf">UF</label>
              <select id="filtro-uf" name="uf" defaultValue={filter.uf}>
                <option value="">Todas</option>
                {UF_CODES.map((uf) => (
                  <option key={uf}>{uf}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="filtro-cnh">CNH</label>
              <select id="filtro-cnh" name="cnh" defaultValue={filter.cnh}>
                <option value="">Todas</option>
                {CNH_CATEGORIES.map((category) => (
                  <option key={category}>{category}</option>
                ))}
              </select>
            </div>
          </div>
        </details>
        {filter.retidas && <input type="hidden" name="retidas" value="1" />}
        <div className="inbox-filter__actions">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
        </div>
      </form>
      {applications.length === 0 ? (
        <p className="inbox-empty">Nenhuma candidatura com este filtro.</p>
      ) : (
        <ul className="inbox-list">
          {applications.map((application) => (
            <li key={application.id} className="inbox-item">
              <h2 className="inbox-item__name">
                <a href={`/painel/candidaturas/${application.id}`}>{application.name}</a>
              </h2>
              <p className="application-item__facts">
                {application.positionTitle ?? 'Banco de talentos'} · {application.city}/{application.state}
                {application.cnh && ` · CNH ${application.cnh}`} · {STAGES[application.stage]} ·{' '}
                {readableInSaoPaulo(application.createdAt)}
              </p>
              {application.heldReasons && (
                <p className="inbox-item__summary">Retida por: {application.heldReasons.join(', ')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
