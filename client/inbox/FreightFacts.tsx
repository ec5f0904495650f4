import type { Distance, QuoteFreight } from '../../shared/freight';
import { actText, distanceParts, formulaText, NO_DISTANCE, unpricedText } from '../../shared/freight-text';
import { reaisText } from '../../shared/number-text';

// A quote's distance and ANTT floor (docs/requirements.md §9.5): two facts of its card in the inbox,
// and a section of its page. Server-rendered text: nothing here needs JavaScript.

/** The distance: the whole trip, "estimativa" when no lane gave it, and the barge leg apart. */
function DistanceText({ distance, legs = true }: { distance?: Distance; legs?: boolean }) {
  if (!distance) return <>{NO_DISTANCE}</>;
  const parts = distanceParts(distance);
  return (
    <>
      {parts.total}
      {parts.estimate && (
        <>
          {' '}
          <span className="freight-estimate">estimativa</span>
        </>
      )}
      {legs && parts.legs && <> ({parts.legs})</>}
    </>
  );
}

/** The inbox card's two facts, between its origin and its wait. */
export function FreightFacts({ freight }: { freight: QuoteFreight }) {
  const { floor } = freight;
  return (
    <>
      <div>
        <dt>Distância</dt>
        <dd>
          <DistanceText distance={freight.distance} />
        </dd>
      </div>
      <div>
        <dt>Piso ANTT</dt>
        <dd>
          {floor.kind === 'priced' ? (
            <>
              <strong>{reaisText(floor.cents)}</strong>
              <br />
              <span className="inbox-item__arrival">{floor.act.name}</span>
            </>
          ) : (
            unpricedText(floor)
          )}
        </dd>
      </div>
    </>
  );
}

/** The lead page's section: the distance, the floor with its arithmetic, and the act it was read in. */
export function FreightCard({ freight }: { freight: QuoteFreight }) {
  const { floor, distance } = freight;
  return (
    <section className="team-card" aria-labelledby="frete">
      <h2 id="frete">Distância e piso mínimo da ANTT</h2>
      <dl className="lead-lines">
        <div>
          <dt>Distância</dt>
          <dd>
            <DistanceText distance={distance} legs={false} />
          </dd>
        </div>
        {distance?.bargeKm && (
          <div>
            <dt>Trechos</dt>
            <dd>{distanceParts(distance).legs}</dd>
          </div>
        )}
        <div>
          <dt>Piso mínimo do frete</dt>
          <dd>{floor.kind === 'priced' ? <strong>{reaisText(floor.cents)}</strong> : unpricedText(floor)}</dd>
        </div>
        {floor.kind === 'priced' && (
          <div>
            <dt>Cálculo</dt>
            <dd>{formulaText(floor)}</dd>
          </div>
        )}
        {(floor.kind === 'priced' || floor.kind === 'blank' || floor.kind === 'not_transcribed') && (
          <div>
            <dt>Tabela</dt>
            <dd>{actText(floor.act)}: Tabela A (carga lotação), Lei 13.703/2018</dd>
          </div>
        )}
      </dl>
      <p className="team-help">
        {distance?.source === 'estimate' &&
          'Estimativa: a distância em linha reta entre as sedes dos municípios, vezes um fator de desvio. '}
        {distance?.bargeKm && 'O piso vale para o trecho rodoviário; a balsa é cobrada à parte. '}
        {floor.kind === 'priced' &&
          'O piso é o mínimo da tabela em vigor na data da cotação, antes de pedágio, impostos e margem.'}
      </p>
    </section>
  );
}
