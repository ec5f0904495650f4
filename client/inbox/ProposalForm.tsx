import { leadPath } from '../../shared/lead-page';
import { type ProposalField, type ProposalFormProps, VALIDITY_MAX_DAYS } from '../../shared/proposal';
import { Notice } from '../team/TeamDocument';

// A quote's proposal, as a member writes it (docs/requirements.md §9.6): the price and what
// it includes, its validity, the pickup window and conditions, checked against the ANTT floor shown
// above it. A plain form: it works without JavaScript, and a refusal comes back with every field kept.

type Errors = Partial<Record<ProposalField, string>>;

/** A field's name and id, and its error's ties when it has one. */
const named = (name: ProposalField, errors: Errors, help?: string) => ({
  id: name,
  name,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': [help, errors[name] && `${name}-erro`].filter(Boolean).join(' ') || undefined,
});

const ErrorText = ({ name, errors }: { name: ProposalField; errors: Errors }) =>
  errors[name] ? (
    <p id={`${name}-erro`} className="lead-error">
      {errors[name]}
    </p>
  ) : null;

export function ProposalForm(props: ProposalFormProps) {
  if (props.state === 'missing')
    return (
      <>
        <h1>Cotação não encontrada</h1>
        <p>Só uma cotação recebe proposta, e esta não existe ou teve os dados eliminados.</p>
        <p>
          <a href="/painel">Voltar ao painel</a>
        </p>
      </>
    );
  const { leadId, name, lines, floor, floorTyped, values, errors, admin, formKey, won, notice, estimate } = props;
  const checked = (field: ProposalField) => values[field] === 'sim';
  return (
    <>
      <p className="lead-crumb">
        <a href={leadPath(leadId)}>← {name}</a>
      </p>
      <h1>Proposta para {name}</h1>
      <Notice notice={notice} />
      <section className="team-card" aria-labelledby="cotacao">
        <h2 id="cotacao">A cotação</h2>
        <dl className="lead-lines">
          {lines.map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>Piso mínimo ANTT</dt>
            <dd>{floor}</dd>
          </div>
        </dl>
      </section>
      {won ? (
        <section className="team-card" aria-labelledby="proposta">
          <h2 id="proposta">Cotação ganha</h2>
          <p>
            Esta cotação está como Ganho: nenhuma outra proposta dela pode ser enviada nem aceita. Para enviar outra (um
            preço renegociado, por exemplo), reabra a cotação: ela volta a Proposta enviada, e o registro guarda quem a
            reabriu.
          </p>
          <form method="post" action={`${leadPath(leadId)}/reabrir`}>
            <button className="button" type="submit">
              Reabrir a cotação
            </button>
          </form>
        </section>
      ) : (
        <section className="team-card" aria-labelledby="proposta">
          <h2 id="proposta">A proposta</h2>
          <form method="post" action={`${leadPath(leadId)}/proposta`} className="team-form" noValidate>
            {/* Drawn once per form: a double tap, on one replica or two, sends one proposal (§9.6). */}
            <input type="hidden" name="chave" value={formKey} />
            <div className="field">
              <label htmlFor="preco">Preço do frete (R$)</label>
              {/* The floor beside the price, where the price is typed: above, on a phone, it has scrolled away. */}
              <input
                inputMode="decimal"
                placeholder={floorTyped}
                defaultValue={values.preco}
                {...named('preco', errors)}
                aria-describedby={['preco-piso', errors.preco && 'preco-erro'].filter(Boolean).join(' ')}
              />
              <p id="preco-piso" className="team-help">
                {floorTyped ? `Piso mínimo ANTT: ${floor}` : floor}
              </p>
              <ErrorText name="preco" errors={errors} />
            </div>
            <fieldset className="field">
              <legend>O preço inclui</legend>
              <label className="team-check">
                <input type="checkbox" name="pedagio" value="sim" defaultChecked={checked('pedagio')} /> Pedágio
              </label>
              <label className="team-check">
                <input type="checkbox" name="seguro" value="sim" defaultChecked={checked('seguro')} /> Seguro da carga
              </label>
              <label className="team-check">
                <input type="checkbox" name="icms" value="sim" defaultChecked={checked('icms')} /> ICMS
              </label>
            </fieldset>
            <div className="field">
              <label htmlFor="inclui">Inclui também (opcional)</label>
              <input maxLength={500} defaultValue={values.inclui} {...named('inclui', errors)} />
              <ErrorText name="inclui" errors={errors} />
            </div>
            <div className="field">
              <label htmlFor="validade">Válida até (no máximo {VALIDITY_MAX_DAYS} dias)</label>
              <input type="date" defaultValue={values.validade} {...named('validade', errors)} />
              <ErrorText name="validade" errors={errors} />
            </div>
            <div className="field">
              <label htmlFor="coleta_de">Coleta a partir de</label>
              <input type="date" defaultValue={values.coleta_de} {...named('coleta_de', errors)} />
              <ErrorText name="coleta_de" errors={errors} />
            </div>
            <div className="field">
              <label htmlFor="coleta_ate">Coleta até</label>
              <input type="date" defaultValue={values.coleta_ate} {...named('coleta_ate', errors)} />
              <ErrorText name="coleta_ate" errors={errors} />
            </div>
            <div className="field">
              <label htmlFor="prazo_entrega">Prazo de entrega (dias após a coleta)</label>
              <input
                inputMode="numeric"
                defaultValue={values.prazo_entrega ?? (estimate ? String(estimate.days) : undefined)}
                {...named('prazo_entrega', errors, estimate && 'prazo_entrega-estimativa')}
              />
              {estimate && (
                <p className="team-help" id="prazo_entrega-estimativa">
                  Pela distância: {estimate.text}.
                </p>
              )}
              <ErrorText name="prazo_entrega" errors={errors} />
            </div>
            <div className="field">
              <label htmlFor="condicoes">Condições (opcional)</label>
              <textarea rows={4} maxLength={2000} defaultValue={values.condicoes} {...named('condicoes', errors)} />
              <ErrorText name="condicoes" errors={errors} />
            </div>
            {admin && (
              <div className="field">
                <label htmlFor="motivo_piso">Motivo para enviar abaixo do piso (só administradores)</label>
                <input
                  maxLength={300}
                  placeholder="Carga de retorno"
                  defaultValue={values.motivo_piso}
                  {...named('motivo_piso', errors)}
                />
                <ErrorText name="motivo_piso" errors={errors} />
              </div>
            )}
            <button className="button button--primary" type="submit">
              Enviar proposta ao cliente
            </button>
          </form>
        </section>
      )}
    </>
  );
}
