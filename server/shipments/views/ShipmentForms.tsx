import { Field, FieldError } from './Field';
import type { ShipmentPageProps } from './model';

// The shipment page's forms (docs/requirements.md §12.1, §12.5, §12.7), each a plain POST answered
// 303 back to the page, or 400 with this page, its values and each field's message.

type Props = ShipmentPageProps;

/** Values and errors of `form` only: another form's refusal leaves this one as it was. */
const of = (props: Props, form: string) =>
  props.form === form ? { values: props.values, errors: props.errors } : { values: {}, errors: {} };

export function KeysPart(props: Props) {
  const { values, errors } = of(props, 'chaves');
  return (
    <section className="team-card" aria-labelledby="chaves-titulo">
      <h2 id="chaves-titulo">Chaves de acesso</h2>
      {props.keys.length === 0 ? (
        <p className="team-help">Nenhuma chave registrada ainda.</p>
      ) : (
        <ul className="team-list">
          {props.keys.map((key) => (
            <li key={key.digits} className="team-list__item">
              <span>
                {key.kind}: <span className="team-code">{key.text}</span>
              </span>
              <form method="post" action={`${props.path}/chaves/remover`} className="team-inline">
                <input type="hidden" name="chave" value={key.digits} />
                <button className="team-link-button team-link-button--danger" type="submit">
                  Remover <span className="visually-hidden">a chave {key.text}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={`${props.path}/chaves`} className="team-form" noValidate>
        <div className="field">
          <label htmlFor="documento">Documento</label>
          <select id="documento" name="documento" defaultValue={values.documento ?? 'nfe'}>
            <option value="cte">CT-e (modelo 57)</option>
            <option value="nfe">NF-e (modelo 55)</option>
            <option value="mdfe">MDF-e (modelo 58)</option>
          </select>
          <FieldError id="documento" error={errors.documento} />
        </div>
        <Field
          name="chave"
          id="chave-nova"
          label="Chave de acesso (44 dígitos)"
          inputMode="numeric"
          autoComplete="off"
          values={values}
          errors={errors}
          help="Cole a chave como está no DANFE ou no DACTE: espaços e pontos não contam."
        />
        <button className="button" type="submit">
          Adicionar chave
        </button>
      </form>
    </section>
  );
}

export function PromiseForm(props: Props) {
  const { values, errors } = of(props, 'prazo');
  return (
    <section className="team-card" aria-labelledby="prazo-titulo">
      <h2 id="prazo-titulo">Data prometida</h2>
      {props.estimate && <p className="team-help">Prazo pela distância: {props.estimate}.</p>}
      <form method="post" action={`${props.path}/prazo`} className="team-form" noValidate>
        <Field
          name="data"
          label="Entrega prometida até"
          type="date"
          min={props.pickupFrom}
          values={{ data: values.data ?? props.promisedDate }}
          errors={errors}
        />
        <button className="button" type="submit">
          Salvar data
        </button>
      </form>
    </section>
  );
}

export function CrewForm(props: Props) {
  const { values, errors }: { values: Record<string, string>; errors: Record<string, string> } =
    props.form === 'equipe' ? props : { values: props.crew, errors: {} };
  return (
    <section className="team-card" aria-labelledby="equipe-titulo">
      <h2 id="equipe-titulo">Veículo e motorista</h2>
      <form method="post" action={`${props.path}/equipe`} className="team-form" noValidate>
        <Field name="placa" label="Placa" autoComplete="off" values={values} errors={errors} />
        <div className="field">
          <label htmlFor="veiculo">Veículo</label>
          <select id="veiculo" name="veiculo" defaultValue={values.veiculo ?? ''}>
            <option value="">Não informado</option>
            <option value="28t">Carreta — 28 t</option>
            <option value="45t">Carreta de alta capacidade — 45 t</option>
          </select>
          <FieldError id="veiculo" error={errors.veiculo} />
        </div>
        <Field name="motorista" label="Nome do motorista" autoComplete="off" values={values} errors={errors} />
        <Field
          name="telefone"
          label="Celular do motorista"
          type="tel"
          autoComplete="off"
          values={values}
          errors={errors}
        />
        <Field
          name="email_motorista"
          label="E-mail do motorista (opcional, para enviar o link)"
          type="email"
          autoComplete="off"
          values={values}
          errors={errors}
        />
        <Field
          name="cnpj_destinatario"
          label="CNPJ do destinatário (opcional, para a consulta por CNPJ e NF)"
          autoComplete="off"
          values={values}
          errors={errors}
        />
        <button className="button" type="submit">
          Salvar veículo e motorista
        </button>
      </form>
    </section>
  );
}

export function DriverLink(props: Props) {
  const link = props.driverLink;
  return (
    <section className="team-card" aria-labelledby="link-titulo">
      <h2 id="link-titulo">Link do motorista</h2>
      {link.state === 'shown' && (
        <div className="shipment-driver-link">
          <p className="team-notice team-notice--ok" role="status">
            Link gerado{link.mailed ? ' e enviado por e-mail ao motorista' : ''}. Ele aparece só agora: para ver de
            novo, gere outro (este deixa de valer).
          </p>
          <p>
            <a href={link.url} className="team-code shipment-link">
              {link.url}
            </a>
          </p>
          <div
            className="shipment-qr"
            role="img"
            aria-label="Código QR do link do motorista"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server drew from the link alone.
            dangerouslySetInnerHTML={{ __html: link.qrSvg }}
          />
          {link.whatsapp && (
            <p>
              <a className="button button--primary" href={link.whatsapp}>
                Enviar pelo WhatsApp
              </a>
            </p>
          )}
        </div>
      )}
      {link.state === 'live' && <p>Há um link valendo, gerado em {link.since}.</p>}
      {link.state === 'none' && <p>Nenhum link valendo.</p>}
      {link.state === 'ended' && <p>A entrega foi registrada: o link do motorista terminou.</p>}
      {link.state !== 'ended' && (
        <div className="team-actions">
          <form method="post" action={`${props.path}/motorista`} className="team-inline">
            {props.driverHasEmail && (
              <label className="team-check">
                <input type="checkbox" name="enviar" value="sim" /> Enviar por e-mail ao motorista
              </label>
            )}
            <button className="button" type="submit">
              {link.state === 'none' ? 'Gerar link do motorista' : 'Gerar um novo link'}
            </button>
          </form>
          {(link.state === 'live' || link.state === 'shown') && (
            <form method="post" action={`${props.path}/motorista/revogar`} className="team-inline">
              <button className="team-link-button team-link-button--danger" type="submit">
                Revogar link
              </button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}

export function EventForm(props: Props) {
  const { values, errors } = of(props, 'evento');
  return (
    <section className="team-card" aria-labelledby="evento-titulo">
      <h2 id="evento-titulo">Registrar evento</h2>
      <form method="post" action={`${props.path}/eventos`} className="team-form" noValidate>
        <input type="hidden" name="chave" value={props.eventKey} />
        <div className="field">
          <label htmlFor="tipo">O que aconteceu</label>
          <select
            id="tipo"
            name="tipo"
            defaultValue={values.tipo ?? 'in_transit'}
            aria-describedby={errors.tipo ? 'tipo-erro' : undefined}
          >
            {props.recordedKinds.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldError id="tipo" error={errors.tipo} />
        </div>
        <Field
          name="data"
          id="evento-data"
          label="Dia"
          type="date"
          values={{ data: values.data ?? props.now.date }}
          errors={errors}
        />
        <Field
          name="hora"
          id="evento-hora"
          label="Hora"
          type="time"
          values={{ hora: values.hora ?? props.now.time }}
          errors={errors}
        />
        <Field
          name="municipio"
          label="Município (como “Belém/PA”)"
          autoComplete="off"
          values={values}
          errors={errors}
        />
        <fieldset className="field">
          <legend>Para quem (só nas ocorrências; os demais são do cliente)</legend>
          <label className="team-check">
            <input type="radio" name="publico" value="customer" defaultChecked={values.publico !== 'internal'} />{' '}
            Cliente (aparece no rastreio e vai por e-mail)
          </label>
          <label className="team-check">
            <input type="radio" name="publico" value="internal" defaultChecked={values.publico === 'internal'} />{' '}
            Interno (só a equipe vê)
          </label>
        </fieldset>
        <Field name="recebedor" label="Quem recebeu (na entrega)" autoComplete="off" values={values} errors={errors} />
        <Field
          name="documento"
          id="evento-documento"
          label="Documento de quem recebeu (na entrega)"
          autoComplete="off"
          values={values}
          errors={errors}
        />
        <div className="field">
          <label htmlFor="nota">Nota (opcional; só a equipe vê)</label>
          <textarea
            id="nota"
            name="nota"
            rows={2}
            maxLength={500}
            defaultValue={values.nota}
            aria-describedby={errors.nota ? 'nota-erro' : undefined}
          />
          <FieldError id="nota" error={errors.nota} />
        </div>
        <button className="button button--primary" type="submit">
          Registrar
        </button>
      </form>
    </section>
  );
}
