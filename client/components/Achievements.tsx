import { achievements } from '../../shared/content';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function Achievements() {
  return (
    <section id="achievements" className="section section--tint" aria-labelledby="achievements-title">
      <div className="container">
        <SectionHeading
          id="achievements-title"
          eyebrow={achievements.eyebrow}
          title={achievements.title}
          lead={achievements.lead}
        />
        <ul className="stats">
          {achievements.figures.map((figure) => (
            <li key={figure.label} className="stat">
              <Icon name={figure.icon} className="stat__icon" />
              <span className="stat__value">{figure.value}</span>
              <span className="stat__label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
