import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useExpoChallenges } from '../hooks/use-expo-data';
import { expoPath } from '../logic/links';

/** The challenge filter: each choice is its own URL (`/expo/<challenge>`), so it can be shared. */
export function ExpoChallengeSelect({ challenge }: { challenge: string | null }) {
  const id = useId();
  const challenges = useExpoChallenges();
  const navigate = useNavigate();
  const { search } = useLocation();
  // A deep link to a challenge no active project has (yet) still shows as the current choice.
  const options =
    challenge === null || challenges.includes(challenge) ? challenges : [...challenges, challenge];

  return (
    <div className="expo-filter">
      <label className="expo-filter__label" htmlFor={id}>
        Challenge
      </label>
      <select
        id={id}
        className="expo-filter__select"
        value={challenge ?? ''}
        onChange={(event) => void navigate({ pathname: expoPath(event.target.value || null), search })}
      >
        <option value="">All challenges</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
