import { projectHref } from '../logic/links';

/**
 * A project's name, linking to its page when the URL is http(s). The page opens in a new tab
 * without access to this one (`noopener`) and without a referrer.
 */
export function ExpoProjectName({ name, url }: { name: string; url: string }) {
  const href = projectHref(url);
  if (href === null) return <span className="expo-project__name">{name}</span>;
  return (
    <a
      className="expo-project__name expo-project__link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {name}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
