import { use } from 'react';
import { careers } from '../../shared/content';
import { applicationHref, POSITION_KINDS } from '../../shared/positions';
import { LiveContentContext } from '../live-content';
import { Icon } from './Icon';
import { SectionHeading } from './SectionHeading';

/** A position's requirements, one a line as the admin typed them, blank lines left out. */
const requirementLines = (text: string) => text.split('\n').filter((line) => line.trim());

/** "Trabalhe conosco": why work here, the open positions, and the talent pool for whoever none fits. */
export function Careers() {
  const { positions } = use(LiveContentContext);
  return (
    <section id="careers" className="section section--tint" aria-labelledby="careers-title">
      <div className="container">
        <SectionHeading id="careers-title" eyebrow={careers.eyebrow} title={careers.title} />
        <ul className="grid grid--3 careers__reasons">
          {careers.reasons.map((reason) => (
            <li key={reason.title} className="card">
              <Icon name={reason.icon} className="card__icon" />
              <h3 className="card__title">{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
        <h3 className="subheading subheading--center">{careers.positionsTitle}</h3>
        {positions?.length ? (
          <ul className="grid grid--2">
            {positions.map((position) => (
              <li key={position.id} className="card card--feature position">
                <h4 className="card__title">{position.title}</h4>
                <p>{`${position.city}/${position.uf} · ${POSITION_KINDS[position.kind]}`}</p>
                <p className="position__label">{careers.requirements}</p>
                <ul className="position__requirements">
                  {requirementLines(position.requirements).map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat, and a static list is never reordered.
                    <li key={index}>{line}</li>
                  ))}
                </ul>
                <a className="button button--primary" href={applicationHref(position.id)}>
                  {careers.apply} <span className="visually-hidden">à vaga {position.title}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="position__none">{positions ? careers.none : careers.unavailable}</p>
        )}
        <p className="position__pool">
          {careers.talentPool.text} <a href={applicationHref()}>{careers.talentPool.link}</a>
        </p>
      </div>
    </section>
  );
}
