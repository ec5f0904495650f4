import type { ProofProps } from './model';

// The proof of delivery (docs/requirements.md §12.12): shown only through the link e-mailed to the
// shipper, never on /rastreio; who received, when and where, and the canhoto's photos.

export function ProofPage({ code, lane, recipient, document, when, municipality, photos }: ProofProps) {
  return (
    <section className="team-card" aria-labelledby="comprovante-titulo">
      <h1 id="comprovante-titulo">Comprovante de entrega</h1>
      <dl className="lead-lines">
        <div>
          <dt>Embarque</dt>
          <dd>
            {code} · {lane}
          </dd>
        </div>
        <div>
          <dt>Recebido por</dt>
          <dd>{recipient}</dd>
        </div>
        {document && (
          <div>
            <dt>Documento</dt>
            <dd>{document}</dd>
          </div>
        )}
        <div>
          <dt>Entregue em</dt>
          <dd>
            {when}
            {municipality && `, ${municipality}`}
          </dd>
        </div>
      </dl>
      {photos.length > 0 ? (
        <ul className="proof-photos">
          {photos.map((photo) => (
            <li key={photo.src}>
              <a href={photo.src}>
                <img src={photo.src} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>As fotos do canhoto ainda não foram anexadas.</p>
      )}
    </section>
  );
}
