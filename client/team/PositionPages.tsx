import type { ReactNode } from 'react';
import { POSITION_KINDS, type Position, type PositionInput } from '../../shared/positions';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { PageNotice } from '../../shared/team';
import { UF_CODES } from '../../shared/uf';
import { Notice } from './TeamDocument';

// The admins' pages for the job openings (docs/requirements.md §6.5, server/careers/routes.ts): the list, and the
// one form that creates and edits a position. Plain HTML forms: they work without JavaScript.

type ListProps = { positions: Position[]; notice?: PageNotice };

export function PositionsPage({ positions, notice }: ListProps) {
  const open = positions.filter((position) => position.open);
  const closed = positions.filter((position) => !position.open);
  return (
    <>
      <h1>Vagas</h1>
      <Notice notice={notice} />
      <p>
        As vagas abertas aparecem em “Trabalhe conosco”, na página inicial, logo depois de salvas. Encerrada, a vaga sai
        da página e as candidaturas a ela continuam guardadas.
      </p>
      <p>
        <a className="button button--primary" href="/painel/vagas/nova">
          Nova vaga
        </a>
      </p>
      <PositionList id="abertas" title={`Abertas (${open.length})`} positions={open} empty="Nenhuma vaga aberta." />
      <PositionList
        id="encerradas"
        title={`Encerradas (${closed.length})`}
        positions={closed}
        empty="Nenhuma vaga encerrada."
      />
    </>
  );
}

type ListSection = { id: string; title: string; positions: Position[]; empty: string };

function PositionList({ id, title, positions, empty }: ListSection) {
  return (
    <section className="team-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {positions.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="team-list">
          {positions.map((position) => (
            <li key={position.id} className="team-list__item">
              <p>
                <strong>{position.title}</strong> · {position.city}/{position.uf} · {POSITION_KINDS[position.kind]}
              </p>
              <p className="team-help">
                Publicada em {readableInSaoPaulo(position.createdAt)}
                {position.closedAt && `, encerrada em ${readableInSaoPaulo(position.closedAt)}`}
              </p>
              <div className="team-actions">
                <a href={`/painel/vagas/${position.id}`}>
                  Editar <span className="visually-hidden">a vaga {position.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type FormProps = {
  /** The position edited; none for a new one. */
  id?: string;
  /** Whether the position edited is still open: only an open one can be closed. */
  open?: boolean;
  values: Partial<Record<keyof PositionInput, string>>;
  errors: Partial<Record<keyof PositionInput, string>>;
};

export function PositionFormPage({ id, open, values, errors }: FormProps) {
  const wrong = Object.keys(errors).length > 0;
  return (
    <>
      <h1>{id ? 'Editar vaga' : 'Nova vaga'}</h1>
      {wrong && <Notice notice={{ kind: 'error', text: 'Confira os campos marcados abaixo.' }} />}
      {id && !open && <p className="team-notice team-notice--info">Esta vaga está encerrada: não aparece no site.</p>}
      <section className="team-card" aria-label="Dados da vaga">
        <form method="post" action={id ? `/painel/vagas/${id}` : '/painel/vagas'} className="team-form" noValidate>
          <Field name="title" label="Título" error={errors.title}>
            {(described) => (
              <input {...described} defaultValue={values.title} required maxLength={120} autoComplete="off" />
            )}
          </Field>
          <Field name="kind" label="Tipo" error={errors.kind}>
            {(described) => (
              <select {...described} defaultValue={values.kind ?? ''} required>
                <option value="" disabled>
                  Escolha…
                </option>
                {Object.entries(POSITION_KINDS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="city" label="Município" error={errors.city}>
            {(described) => (
              <input {...described} defaultValue={values.city} required maxLength={120} autoComplete="off" />
            )}
          </Field>
          <Field name="uf" label="UF" error={errors.uf}>
            {(described) => (
              <select {...described} defaultValue={values.uf ?? ''} required>
                <option value="" disabled>
                  Escolha…
                </option>
                {UF_CODES.map((uf) => (
                  <option key={uf}>{uf}</option>
                ))}
              </select>
            )}
          </Field>
          <Field name="requirements" label="Requisitos" hint="Um por linha." error={errors.requirements}>
            {(described) => (
              <textarea {...described} defaultValue={values.requirements} required maxLength={4000} rows={6} />
            )}
          </Field>
          <div className="team-actions">
            <button className="button button--primary" type="submit">
              {id ? 'Salvar' : 'Publicar vaga'}
            </button>
            <a href="/painel/vagas">Cancelar</a>
          </div>
        </form>
      </section>
      {id && open && (
        <section className="team-card" aria-labelledby="encerrar">
          <h2 id="encerrar">Encerrar a vaga</h2>
          <p>Ela sai de “Trabalhe conosco” e não pode ser reaberta; as candidaturas a ela continuam guardadas.</p>
          <form method="post" action={`/painel/vagas/${id}/encerrar`}>
            <button className="button button--danger" type="submit">
              Encerrar vaga
            </button>
          </form>
        </section>
      )}
    </>
  );
}

/** What a control needs to be named by its label and described by its hint and its error. */
type Described = {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type FieldProps = {
  name: keyof PositionInput;
  label: string;
  hint?: string;
  error?: string;
  children: (described: Described) => ReactNode;
};

function Field({ name, label, hint, error, children }: FieldProps) {
  const id = `vaga-${name}`;
  const describedBy = [hint && `${id}-ajuda`, error && `${id}-erro`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        ...(error && { 'aria-invalid': true }),
        ...(describedBy && { 'aria-describedby': describedBy }),
      })}
      {hint && (
        <p className="team-help" id={`${id}-ajuda`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-erro`}>
          {error}
        </p>
      )}
    </div>
  );
}
