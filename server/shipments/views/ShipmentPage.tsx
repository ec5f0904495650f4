import { Punctuality } from './Board';
import type { ShipmentPageProps } from './model';
import { CrewForm, DriverLink, EventForm, KeysPart, PromiseForm } from './ShipmentForms';
import { Timeline } from './Timeline';

// /painel/embarques/{código} (docs/requirements.md §12.6): the shipment's parts, each with its plain
// form, the driver's link, and the timeline. Works without JavaScript and on a phone.

export function ShipmentPage(props: ShipmentPageProps) {
  const { code, lane, status, punctuality, notice, lines } = props;
  return (
    <>
      <p className="lead-crumb">
        <a href="/painel/embarques">Embarques</a>
      </p>
      <h1>
        Embarque {code} <span className="team-help">{lane}</span>
      </h1>
      <p>
        <span className="inbox-status">{status}</span>
        {punctuality && (
          <>
            {' · '}
            <Punctuality {...punctuality} />
          </>
        )}
      </p>
      {notice && (
        <p className={`team-notice team-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <DriverLink {...props} />
      <section className="team-card" aria-labelledby="dados-titulo">
        <h2 id="dados-titulo">Carga e cliente</h2>
        <dl className="lead-lines">
          {lines.map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <EventForm {...props} />
      <Timeline {...props} />
      <KeysPart {...props} />
      <PromiseForm {...props} />
      <CrewForm {...props} />
    </>
  );
}
