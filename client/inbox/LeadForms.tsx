import { NOBODY } from '../../shared/inbox';
import type { LeadFormValues, LeadView } from '../../shared/lead-page';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, LOST_REASON_MAX, NOTE_MAX } from '../../shared/lead-status';

// The three changes a member makes on a lead's page, each its own form and its own POST, each with
// the version it was made on: a change to a lead someone else changed meanwhile is refused, and the
// member's input comes back in the form (docs/decisions/033-concurrent-lead-edits.md).

type Props = { lead: LeadView; form: LeadFormValues; errors: Record<string, string> };

/** A field's error, tied to it by aria-describedby. */
const ErrorText = ({ id, text }: { id: string; text?: string }) =>
  text ? (
    <p id={id} className="lead-error">
      {text}
    </p>
  ) : null;

/** A field's name and id, and its error's ties when it has one. */
const named = (name: string, errors: Record<string, string>) => ({
  id: name,
  name,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': errors[name] ? `${name}-erro` : undefined,
});

export function LeadForms({ lead, form, errors }: Props) {
  const action = `/painel/leads/${lead.id}`;
  const version = <input type="hidden" name="versao" value={form.versao} />;
  const mine = lead.work.owner?.id === lead.selfId;
  return (
    <div className="lead-work">
      <section className="team-card" aria-labelledby="situacao-titulo">
        <h2 id="situacao-titulo">Situação</h2>
        <form method="post" action={action} className="team-form">
          {version}
          <div className="field">
            <label htmlFor="situacao">Situação</label>
            <select id="situacao" name="situacao" defaultValue={form.situacao}>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LEAD_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="motivo">Motivo da perda (se Perdido)</label>
            <input maxLength={LOST_REASON_MAX} defaultValue={form.motivo} {...named('motivo', errors)} />
            <ErrorText id="motivo-erro" text={errors.motivo} />
          </div>
          <button className="button button--primary" type="submit">
            Salvar situação
          </button>
        </form>
      </section>
      <section className="team-card" aria-labelledby="responsavel-titulo">
        <h2 id="responsavel-titulo">Responsável</h2>
        {!mine && (
          <form method="post" action={action} className="team-form">
            {version}
            <input type="hidden" name="responsavel" value={lead.selfId} />
            <button className="button button--primary" type="submit">
              Assumir este lead
            </button>
          </form>
        )}
        <form method="post" action={action} className="team-form">
          {version}
          <div className="field">
            <label htmlFor="responsavel">Quem cuida dele</label>
            <select
              id="responsavel"
              name="responsavel"
              defaultValue={form.responsavel || NOBODY}
              aria-describedby={errors.responsavel ? 'responsavel-erro' : undefined}
            >
              <option value={NOBODY}>Ninguém</option>
              {/* Someone whose access was revoked still shows as who worked the lead; nobody can pick them. */}
              {lead.work.owner && !lead.members.some(({ id }) => id === lead.work.owner?.id) && (
                <option value={lead.work.owner.id} disabled>
                  {lead.work.owner.name}
                </option>
              )}
              {lead.members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
            <ErrorText id="responsavel-erro" text={errors.responsavel} />
          </div>
          <button className="button button--ghost" type="submit">
            Salvar responsável
          </button>
        </form>
      </section>
      <section className="team-card" aria-labelledby="nota-titulo">
        <h2 id="nota-titulo">Nova nota</h2>
        <form method="post" action={action} className="team-form">
          {version}
          <div className="field">
            <label htmlFor="nota">Nota</label>
            <textarea rows={4} maxLength={NOTE_MAX} defaultValue={form.nota} {...named('nota', errors)} />
            <ErrorText id="nota-erro" text={errors.nota} />
          </div>
          <button className="button button--primary" type="submit">
            Salvar nota
          </button>
        </form>
      </section>
    </div>
  );
}
