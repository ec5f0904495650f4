import { type ApplicationNote, FINAL_STAGES, STAGES } from '../../shared/application';
import { quantityText } from '../../shared/number-text';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { PageNotice } from '../../shared/team';
import { Notice } from '../team/TeamDocument';
import { experienceText, type ListedApplication } from './ApplicationsFolder';

type Props = { application: ListedApplication; notes: ApplicationNote[]; notice?: PageNotice };

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? quantityText(Math.ceil(bytes / 1024), 'KB')
    : quantityText(Math.round((10 * bytes) / 1024 / 1024) / 10, 'MB');

/**
 * One application (issue 56 §4): what the candidate sent, the CV as a download, its stage and the
 * recruiters' notes. Every view of it is an audit line, written before the page is sent.
 */
export function ApplicationView({ application, notes, notice }: Props) {
  const path = `/painel/candidaturas/${application.id}`;
  const ends = !application.talentPool && FINAL_STAGES.includes(application.stage);
  return (
    <>
      <p className="lead-crumb">
        <a href="/painel/candidaturas">← Candidaturas</a>
      </p>
      <h1>{application.name}</h1>
      <Notice notice={notice} />
      {application.heldReasons && (
        <form className="lead-spam" method="post" action={`${path}/liberar`}>
          <p>Retida pelo filtro de spam: {application.heldReasons.join(', ')}.</p>
          <button className="button" type="submit">
            Não é spam: levar à pasta
          </button>
        </form>
      )}
      <dl className="lead-meta">
        <dt>Vaga</dt>
        <dd>{application.positionTitle ?? 'Banco de talentos'}</dd>
        <dt>Banco de talentos</dt>
        <dd>{application.talentPool ? 'Sim' : 'Não'}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${application.email}`}>{application.email}</a>
        </dd>
        <dt>Telefone</dt>
        <dd>{application.phone}</dd>
        <dt>Cidade</dt>
        <dd>
          {application.city}/{application.state}
        </dd>
        <dt>CNH</dt>
        <dd>{application.cnh ?? 'Não informada'}</dd>
        <dt>Experiência</dt>
        <dd>{experienceText(application) || 'Não informada'}</dd>
        <dt>MOPP</dt>
        <dd>{application.mopp ? 'Sim' : 'Não'}</dd>
        <dt>Enviada em</dt>
        <dd>{readableInSaoPaulo(application.createdAt)}</dd>
        <dt>Mensagem</dt>
        <dd className="lead-note">{application.message ?? '—'}</dd>
        <dt>Currículo</dt>
        <dd>
          <a href={`${path}/curriculo`} download>
            Baixar {application.cv.name} ({sizeText(application.cv.size)})
          </a>
        </dd>
      </dl>
      <form className="lead-work" method="post" action={`${path}/etapa`}>
        <label>
          Etapa
          <select name="etapa" defaultValue={application.stage}>
            {Object.entries(STAGES).map(([stage, label]) => (
              <option key={stage} value={stage}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          Salvar etapa
        </button>
        <p>
          {ends
            ? 'O processo terminou e o candidato não escolheu o banco de talentos: a candidatura e o currículo serão apagados em um dia.'
            : 'Em Contratado ou Encerrada, a candidatura é apagada um dia depois, a menos que o candidato tenha escolhido o banco de talentos.'}
        </p>
      </form>
      <h2>Notas</h2>
      {notes.length === 0 ? (
        <p>Nenhuma nota ainda.</p>
      ) : (
        <ul className="lead-lines">
          {notes.map((note) => (
            <li key={`${note.at}-${note.author}`}>
              <p className="lead-note">{note.body}</p>
              <p>
                {note.author}, {readableInSaoPaulo(note.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="lead-work" method="post" action={`${path}/nota`}>
        <label>
          Nova nota
          <textarea name="nota" rows={3} maxLength={2000} required />
        </label>
        <button className="button" type="submit">
          Adicionar nota
        </button>
      </form>
    </>
  );
}
