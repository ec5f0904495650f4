import type { ShipmentPageProps, TimelineRow } from './model';

// The shipment's events, newest first (docs/requirements.md §12.5, §12.6): a cancelled one struck
// through with its reason; each standing one with 'Cancelar', an open ocorrência with 'Resolver'.

function Row({ row, path }: { row: TimelineRow; path: string }) {
  return (
    <li
      className={row.cancelled ? 'audit-entry shipment-event shipment-event--cancelled' : 'audit-entry shipment-event'}
    >
      <p className="audit-entry__head">
        {row.cancelled ? <s>{row.label}</s> : <strong>{row.label}</strong>} · <time dateTime={row.at}>{row.when}</time>
        {row.municipality && ` · ${row.municipality}`}
      </p>
      <p className="team-help">
        {row.audience} · {row.by}
        {row.mailed && ' · avisado por e-mail'}
        {row.about && ` · sobre: ${row.about}`}
      </p>
      {row.cancelled && <p>Cancelado: {row.cancelled}</p>}
      {row.recipient && <p>Recebido por {row.recipient}</p>}
      {row.note && <p className="lead-note">{row.note}</p>}
      {row.photos.length > 0 && (
        <ul className="team-links">
          {row.photos.map((photo) => (
            <li key={photo.href}>
              <a href={photo.href}>{photo.label}</a>
            </li>
          ))}
        </ul>
      )}
      {row.cancellable && (
        <details>
          <summary>Cancelar este registro</summary>
          <form method="post" action={`${path}/eventos/${row.id}/cancelar`} className="team-form" noValidate>
            <div className="field">
              <label htmlFor={`motivo-${row.id}`}>Motivo do cancelamento</label>
              <input id={`motivo-${row.id}`} name="motivo" required maxLength={500} />
            </div>
            <button className="button" type="submit">
              Cancelar registro
            </button>
          </form>
        </details>
      )}
      {row.resolvable && (
        <form method="post" action={`${path}/eventos/${row.id}/resolver`} className="team-inline">
          <button className="button" type="submit">
            Marcar ocorrência como resolvida
          </button>
        </form>
      )}
    </li>
  );
}

export function Timeline({ timeline, path, form, errors }: ShipmentPageProps) {
  return (
    <section className="team-card" aria-labelledby="linha-titulo">
      <h2 id="linha-titulo">Linha do tempo</h2>
      {form === 'cancelar' && errors.motivo && (
        <p className="team-notice team-notice--error" role="alert">
          {errors.motivo}
        </p>
      )}
      <ol className="audit-list" reversed>
        {timeline.map((row) => (
          <Row key={row.id} row={row} path={path} />
        ))}
      </ol>
    </section>
  );
}
