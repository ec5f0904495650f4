import { fleet } from '../../shared/content';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Fleet() {
  return (
    <section id="fleet" className="section" aria-labelledby="fleet-title">
      <div className="container">
        <SectionHeading id="fleet-title" eyebrow={fleet.eyebrow} title={fleet.title} lead={fleet.lead} />
        <ul className="grid grid--2">
          {fleet.cards.map((card) => (
            <li key={card.title} className="card fleet-card">
              <img
                className="fleet-card__image"
                src={card.image.src}
                width={card.image.width}
                height={card.image.height}
                alt={card.image.alt}
                loading="lazy"
                decoding="async"
              />
              <div className="fleet-card__body">
                <h3 className="card__title">{card.title}</h3>
                <p>{card.text}</p>
                <ul className="tags" aria-label={fleet.tagsLabel}>
                  {card.tags.map((tag) => (
                    <li key={tag} className="tag">
                      {tag}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <ul className="highlights">
          {fleet.highlights.map((item) => (
            <li key={item.label} className="highlight">
              <Icon name={item.icon} className="highlight__icon" />
              <span className="highlight__value">{item.value}</span>
              <span className="highlight__label">{item.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
