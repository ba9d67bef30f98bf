import { safeHttpUrl } from '../../util/safe-url';

export interface ProjectHeadingProps {
  name: string;
  url: string;
  location: number;
  /** The table's area in the hall layout (R94); '' when none. */
  area?: string;
}

/** A project's name as the page's h1 (a link to its URL when that is http(s)) and its table. */
export function ProjectHeading({ name, url, location, area = '' }: ProjectHeadingProps) {
  const href = safeHttpUrl(url);
  return (
    <div className="judge-project-heading">
      <h1 className="judge-project-heading__name">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {name}
          </a>
        ) : (
          name
        )}
      </h1>
      <p className="judge-project-heading__table">
        <span className="judge-project-heading__table-label">Table</span>{' '}
        <span className="judge-project-heading__table-number">{location}</span>
        {area && <span className="judge-project-heading__table-label">{area}</span>}
      </p>
    </div>
  );
}

/** The description, kept as typed (line breaks included), or the spec's placeholder. */
export function ProjectDescription({ description }: { description: string }) {
  const text = description.trim();
  return <p className="judge-description">{text === '' ? '[No Description]' : description}</p>;
}
