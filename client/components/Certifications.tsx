import { certifications } from '../../shared/content';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Certifications() {
  return (
    <section id="certifications" className="section" aria-labelledby="certifications-title">
      <div className="container">
        <SectionHeading
          id="certifications-title"
          eyebrow={certifications.eyebrow}
          title={certifications.title}
          lead={certifications.lead}
        />
        <ul className="grid grid--4">
          {certifications.cards.map((card) => (
            <li key={card.title} className="card certification">
              <div className="certification__top">
                <Icon name={card.icon} className="card__icon" />
                <span className="badge">{certifications.status}</span>
              </div>
              <h3 className="card__title">{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
