import { Punctuality } from './Board';
import { Field } from './Field';
import type { MessageProps, TrackingProps } from './model';

// /rastreio (docs/requirements.md §12.9): three ways to find a load, each a GET form, and what was
// found: its status, promise and the customer's events, and no person's name, document or photo.

function Found({ outcome }: { outcome: Extract<NonNullable<TrackingProps['outcome']>, { kind: 'found' }> }) {
  return (
    <section className="team-card" aria-labelledby="resultado-titulo">
      <h2 id="resultado-titulo">
        Embarque {outcome.code} <span className="team-help">{outcome.lane}</span>
      </h2>
      <p className="tracking-status">
        <strong>{outcome.status}</strong>
        {outcome.punctuality && (
          <>
            {' · '}
            <Punctuality {...outcome.punctuality} />
          </>
        )}
      </p>
      {outcome.promise && <p>{outcome.promise}</p>}
      {outcome.delivered && <p>Comprovante de entrega enviado ao e-mail de quem contratou o frete.</p>}
      <h3>Eventos</h3>
      <ol className="audit-list">
        {outcome.events.map((event) => (
          <li key={`${event.at}-${event.label}`} className="audit-entry audit-entry--line">
            <strong>{event.label}</strong> · <time dateTime={event.at}>{event.when}</time>
            {event.municipality && ` · ${event.municipality}`}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function TrackingPage({ values, errors, outcome }: TrackingProps) {
  return (
    <>
      <h1>Rastrear carga</h1>
      <p>
        Acompanhe o seu embarque pelo código que enviamos por e-mail, pela chave do CT-e ou da NF-e, ou pelo CNPJ e o
        número da nota.
      </p>
      <div aria-live="polite">
        {outcome?.kind === 'found' && <Found outcome={outcome} />}
        {outcome?.kind === 'missing' && (
          <p className="team-notice team-notice--error" role="alert">
            Não encontramos um embarque com esses dados. Confira o que digitou; se o frete é recente, o código chega por
            e-mail a quem o contratou.
          </p>
        )}
        {outcome?.kind === 'limited' && (
          <p className="team-notice team-notice--error" role="alert">
            {outcome.message}
          </p>
        )}
      </div>
      <div className="tracking-forms">
        <form method="get" action="/rastreio" className="team-form team-card" noValidate>
          <h2>Pelo código do embarque</h2>
          <Field
            name="codigo"
            label="Código (11 letras e números)"
            autoComplete="off"
            autoCapitalize="characters"
            values={values}
            errors={errors}
          />
          <button className="button button--primary button--large" type="submit">
            Rastrear pelo código
          </button>
        </form>
        <form method="get" action="/rastreio" className="team-form team-card" noValidate>
          <h2>Pela chave do CT-e ou da NF-e</h2>
          <Field
            name="chave"
            label="Chave de acesso (44 dígitos)"
            inputMode="numeric"
            autoComplete="off"
            values={values}
            errors={errors}
          />
          <button className="button button--primary button--large" type="submit">
            Rastrear pela chave
          </button>
        </form>
        <form method="get" action="/rastreio" className="team-form team-card" noValidate>
          <h2>Pelo CNPJ e a nota fiscal</h2>
          <Field
            name="cnpj"
            label="CNPJ do remetente ou do destinatário"
            autoComplete="off"
            values={values}
            errors={errors}
          />
          <Field
            name="nf"
            label="Número da NF-e"
            inputMode="numeric"
            autoComplete="off"
            values={values}
            errors={errors}
          />
          <button className="button button--primary button--large" type="submit">
            Rastrear pela nota
          </button>
        </form>
      </div>
    </>
  );
}

/** A page that says one thing, and perhaps offers one way on. */
export function MessagePage({ title, text, tone = 'info', action }: MessageProps) {
  return (
    <section className="team-card" aria-labelledby="mensagem-titulo">
      <h1 id="mensagem-titulo">{title}</h1>
      <p className={`team-notice team-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
        {text}
      </p>
      {action && (
        <p>
          <a className="button button--primary" href={action.href}>
            {action.label}
          </a>
        </p>
      )}
    </section>
  );
}
