/**
 * A name as spreadsheets and people vary it: without case, spaces or punctuation ('Try It link' and
 * 'try-it link', 'Health.Tech' and 'health tech'). For suggestions only: the server compares
 * names exactly (R56).
 */
export const looseName = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A track no active project names among its challenges, and a challenge spelled almost alike. */
export interface UnmatchedTrack {
  track: string;
  likely?: string;
}

/**
 * The tracks whose judges would find nothing to judge: no active project lists them among its
 * challenges (R56 matches exactly), each with the challenge it was probably meant to be.
 */
export function tracksNoProjectNames(
  tracks: readonly string[],
  challenges: readonly string[],
): UnmatchedTrack[] {
  const named = new Set(challenges);
  return tracks
    .filter((track) => !named.has(track))
    .map((track) => {
      const likely = challenges.find((challenge) => looseName(challenge) === looseName(track));
      return likely === undefined ? { track } : { track, likely };
    });
}
