import { Field, FieldError } from './Field';
import type { DriverPageProps } from './model';

// The driver's page (docs/requirements.md §12.7): large buttons, each a plain form that works without
// JavaScript; with it, the offline island (client/driver/offline.ts) keeps each tap on the phone
// until it is sent. No account: the link is the key.

type Props = DriverPageProps;

/** One thing that happened: its kind, its key, the position the island may add, and its fields. */
function EventForm({
  props,
  kind,
  label,
  children,
  files = false,
}: {
  props: Props;
  kind: keyof Props['keys'];
  label: string;
  children?: React.ReactNode;
  files?: boolean;
}) {
  return (
    <form
      method="post"
      action={`${props.path}/eventos`}
      className="team-form team-card driver-form"
      data-offline={label}
      {...(files && { encType: 'multipart/form-data' })}
      noValidate
    >
      <input type="hidden" name="chave" value={props.keys[kind]} />
      {kind !== 'occurrence' && <input type="hidden" name="tipo" value={kind} />}
      <input type="hidden" name="lat" value="" />
      <input type="hidden" name="lon" value="" />
      {children}
      <button className="button button--primary driver-button" type="submit">
        {label}
      </button>
    </form>
  );
}

export function DriverPage(props: Props) {
  const { code, lane, status, promise, notice, errors, values, events, occurrenceKinds } = props;
  const field = { values, errors };
  return (
    <>
      <h1>
        Embarque {code} <span className="team-help">{lane}</span>
      </h1>
      <p>
        Situação: <strong>{status}</strong>
        {promise && ` · ${promise}`}
      </p>
      <div aria-live="polite" data-offline-status>
        {notice && (
          <p className={`team-notice team-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
      </div>
      <p>
        <button type="button" className="button driver-location" data-offline-locate hidden>
          Usar minha localização
        </button>
      </p>
      <EventForm props={props} kind="picked_up" label="Coletei" />
      <EventForm props={props} kind="in_transit" label="Estou a caminho">
        <Field
          name="municipio"
          id="municipio-caminho"
          label="Cidade onde você está (como “Marabá/PA”)"
          autoComplete="off"
          {...field}
        />
      </EventForm>
      <EventForm props={props} kind="arrived" label="Cheguei" />
      <EventForm props={props} kind="delivered" label="Entreguei" files>
        <Field name="recebedor" label="Nome de quem recebeu" autoComplete="off" {...field} />
        <Field name="documento" label="Documento de quem recebeu (CPF ou RG)" autoComplete="off" {...field} />
        <div className="field">
          <label htmlFor="fotos">Fotos do canhoto assinado (até 4)</label>
          <input
            id="fotos"
            name="fotos"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            aria-describedby={errors.fotos ? 'fotos-erro' : undefined}
          />
          <FieldError id="fotos" error={errors.fotos} />
        </div>
      </EventForm>
      <EventForm props={props} kind="occurrence" label="Registrar ocorrência">
        <div className="field">
          <label htmlFor="tipo-ocorrencia">Ocorrência</label>
          <select id="tipo-ocorrencia" name="tipo" defaultValue={values.tipo ?? 'delay'}>
            {occurrenceKinds.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="nota">O que aconteceu (opcional)</label>
          <textarea id="nota" name="nota" rows={2} maxLength={500} defaultValue={values.nota} />
          <FieldError id="nota" error={errors.nota} />
        </div>
      </EventForm>
      {events.length > 0 && (
        <section className="team-card" aria-labelledby="registros-titulo">
          <h2 id="registros-titulo">Já registrado</h2>
          <ol className="audit-list" reversed>
            {events.map((event) => (
              <li key={`${event.when}-${event.label}`} className="audit-entry audit-entry--line">
                <strong>{event.label}</strong> · {event.when}
                {event.municipality && ` · ${event.municipality}`}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
