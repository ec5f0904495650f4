import { Check } from 'lucide';
import { services } from '../../shared/content';
import { Glyph } from './Glyph';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Services() {
  return (
    <section id="services" className="section section--tint" aria-labelledby="services-title">
      <div className="container">
        <SectionHeading id="services-title" eyebrow={services.eyebrow} title={services.title} lead={services.lead} />
        <ul className="grid grid--4">
          {services.cards.map((card) => (
            <li key={card.title} className="card service">
              <Icon name={card.icon} className="card__icon" />
              <h3 className="card__title">{card.title}</h3>
              <p>{card.text}</p>
              <ul className="checklist">
                {card.features.map((feature) => (
                  <li key={feature}>
                    <Glyph icon={Check} className="checklist__icon" />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
