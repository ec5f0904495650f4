type SectionHeadingProps = { id: string; eyebrow: string; title: string; lead?: string; tone?: 'light' | 'dark' };

/** The one h2 of a section; its id labels the section (aria-labelledby). */
export function SectionHeading({ id, eyebrow, title, lead, tone = 'light' }: SectionHeadingProps) {
  return (
    <div className={`section-heading section-heading--${tone}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {lead && <p className="section-heading__lead">{lead}</p>}
    </div>
  );
}
