import type { BoardProps, Card } from './model';

// /painel/embarques (docs/requirements.md §12.6): what is to be picked up today, what is on the
// road, what is late and what was delivered, each shipment a card a phone shows whole.

function ShipmentCard({ card }: { card: Card }) {
  return (
    <li className="inbox-item shipment-card">
      <a className="inbox-item__name" href={card.href}>
        {card.code} · {card.lane}
      </a>
      <p className="inbox-item__facts">
        <span className="inbox-status">{card.status}</span> · {card.promise}
        {card.punctuality && (
          <>
            {' · '}
            <Punctuality {...card.punctuality} />
          </>
        )}
      </p>
      {card.late && <p className="shipment-late">Atrasado: {card.late}</p>}
      {card.lastEvent && <p className="team-help">{card.lastEvent}</p>}
    </li>
  );
}

/** On time or late, in words and a mark as well as colour (§12.6). */
export function Punctuality({ text, late }: { text: string; late: boolean }) {
  return (
    <span className={late ? 'shipment-punctuality shipment-punctuality--late' : 'shipment-punctuality'}>
      <span aria-hidden="true">{late ? '⚠ ' : '✓ '}</span>
      {text}
    </span>
  );
}

export function BoardPage({ sections }: BoardProps) {
  return (
    <>
      <div className="team-actions">
        <h1>Embarques</h1>
        <a className="button button--primary" href="/painel/embarques/novo">
          Abrir embarque
        </a>
      </div>
      <nav aria-label="Listas de embarques">
        <ul className="inbox-views">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>
                {section.title} ({section.cards.length})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`}>
          <h2 id={`${section.id}-titulo`}>{section.title}</h2>
          {section.cards.length === 0 ? (
            <p className="inbox-empty">{section.empty}</p>
          ) : (
            <ul className="inbox-list">
              {section.cards.map((card) => (
                <ShipmentCard key={card.code} card={card} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
