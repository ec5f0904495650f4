import { ArrowLeftRight } from 'lucide';
import { areas } from '../../shared/content';
import { Glyph } from './Glyph';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Areas() {
  const [origin, destination] = areas.routes;
  return (
    <section id="areas" className="section section--tint" aria-labelledby="areas-title">
      <div className="container">
        <SectionHeading id="areas-title" eyebrow={areas.eyebrow} title={areas.title} lead={areas.lead} />
        <div className="areas__routes">
          <img
            className="areas__map"
            src={areas.map.src}
            width={areas.map.width}
            height={areas.map.height}
            alt={areas.map.alt}
            loading="lazy"
            decoding="async"
          />
          <div className="route-card">
            {[origin, destination].map(
              (route, index) =>
                route && (
                  <div key={route.region} className="route-card__region">
                    {index === 1 && <Glyph icon={ArrowLeftRight} className="route-card__arrow" />}
                    <h3 className="route-card__title">{route.region}</h3>
                    <ul className="route-card__states">
                      {route.states.map((state) => (
                        <li key={state} className="state">
                          {state}
                        </li>
                      ))}
                    </ul>
                  </div>
                ),
            )}
            <p className="route-card__note">{areas.routesNote}</p>
          </div>
        </div>
        <h3 className="subheading subheading--center">{areas.industriesTitle}</h3>
        <ul className="grid grid--5">
          {areas.industries.map((industry) => (
            <li key={industry.title} className="card industry">
              <Icon name={industry.icon} className="card__icon" />
              <h4 className="card__title">{industry.title}</h4>
              <p>{industry.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
