import type { ReactNode } from 'react';
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

/** What the candidate sent, as label and value, in the form's order. */
const sentLines = (application: ListedApplication): [string, ReactNode][] => [
  ['Vaga', application.positionTitle ?? 'Banco de talentos'],
  ['Banco de talentos', application.talentPool ? 'Sim' : 'Não'],
  [
    'E-mail',
    <a key="email" href={`mailto:${application.email}`}>
      {application.email}
    </a>,
  ],
  ['Telefone', application.phone],
  ['Cidade', `${application.city}/${application.state}`],
  ['CNH', application.cnh ?? 'Não informada'],
  ['Experiência', experienceText(application) || 'Não informada'],
  ['MOPP', application.mopp ? 'Sim' : 'Não'],
  ['Enviada em', readableInSaoPaulo(application.createdAt)],
  [
    'Mensagem',
    <span key="mensagem" className="lead-note">
      {application.message ?? '—'}
    </span>,
  ],
];

/**
 * One application (docs/requirements.md §6.6): what the candidate sent, the CV as a download, its stage and the
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
      <section className="team-card" aria-labelledby="enviou">
        <h2 id="enviou">O que a pessoa enviou</h2>
        <dl className="lead-lines">
          {sentLines(application).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>Currículo</dt>
            <dd>
              <a href={`${path}/curriculo`} download>
                Baixar {application.cv.name} ({sizeText(application.cv.size)})
              </a>
            </dd>
          </div>
        </dl>
      </section>
      <section className="team-card" aria-labelledby="etapa-titulo">
        <h2 id="etapa-titulo">Etapa</h2>
        <form className="team-form" method="post" action={`${path}/etapa`}>
          <div className="field">
            <label htmlFor="etapa">Etapa</label>
            <select id="etapa" name="etapa" defaultValue={application.stage} aria-describedby="etapa-ajuda">
              {Object.entries(STAGES).map(([stage, label]) => (
                <option key={stage} value={stage}>
                  {label}
                </option>
              ))}
            </select>
            <p className="team-help" id="etapa-ajuda">
              {ends
                ? 'O processo terminou e o candidato não escolheu o banco de talentos: a candidatura e o currículo serão apagados em um dia.'
                : 'Em Contratado ou Encerrada, a candidatura é apagada um dia depois, a menos que o candidato tenha escolhido o banco de talentos.'}
            </p>
          </div>
          <button className="button button--primary" type="submit">
            Salvar etapa
          </button>
        </form>
      </section>
      <section className="team-card" aria-labelledby="notas">
        <h2 id="notas">Notas</h2>
        {notes.length === 0 ? (
          <p>Nenhuma nota ainda.</p>
        ) : (
          <ul className="team-list">
            {notes.map((note) => (
              <li className="team-list__item" key={`${note.at}-${note.author}`}>
                <p className="lead-meta">
                  {note.author} · {readableInSaoPaulo(note.at)}
                </p>
                <p className="lead-note">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
        <form className="team-form" method="post" action={`${path}/nota`}>
          <div className="field">
            <label htmlFor="nota">Nova nota</label>
            <textarea id="nota" name="nota" rows={3} maxLength={2000} required />
          </div>
          <button className="button button--primary" type="submit">
            Adicionar nota
          </button>
        </form>
      </section>
    </>
  );
}
