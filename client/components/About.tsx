import { about } from '../../shared/content';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

export function About() {
  const { history, mission, vision, team } = about;
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="container">
        <SectionHeading id="about-title" eyebrow={about.eyebrow} title={about.title} />
        <div className="about__intro">
          <div className="about__history">
            <h3 className="subheading">{history.title}</h3>
            {history.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <div className="about__since">
            <span className="about__since-value">{history.since.value}</span>
            <span className="about__since-label">{history.since.label}</span>
          </div>
        </div>
        <div className="grid grid--2 about__purpose">
          {[mission, vision].map((block) => (
            <article key={block.title} className="card card--feature">
              <Icon name={block.icon} className="card__icon" />
              <h3 className="card__title">{block.title}</h3>
              <p>{block.text}</p>
            </article>
          ))}
        </div>
        <h3 className="subheading subheading--center">{about.valuesTitle}</h3>
        <ul className="grid grid--4 values">
          {about.values.map((value) => (
            <li key={value.title} className="card value">
              <Icon name={value.icon} className="card__icon" />
              <h4 className="card__title">{value.title}</h4>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
        <div className="team">
          <div className="team__intro">
            <h3 className="subheading">{team.title}</h3>
            <p>{team.text}</p>
          </div>
          <ul className="team__members">
            {team.members.map((member) => (
              <li key={member.label} className="team__member">
                <Icon name={member.icon} className="team__icon" />
                <span className="team__value">{member.value}</span>
                <span className="team__label">{member.label}</span>
                <p className="team__text">{member.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
