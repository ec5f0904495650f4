import { technology } from '../../shared/content';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Technology() {
  return (
    <section id="technology" className="section" aria-labelledby="technology-title">
      <div className="container">
        <SectionHeading id="technology-title" eyebrow={technology.eyebrow} title={technology.title} />
        <ul className="grid grid--4">
          {technology.cards.map((card) => (
            <li key={card.title} className="card">
              <Icon name={card.icon} className="card__icon" />
              <h3 className="card__title">{card.title}</h3>
              <p>{card.text}</p>
              {card.link && (
                <a className="card__link" href={card.link.href}>
                  {card.link.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
