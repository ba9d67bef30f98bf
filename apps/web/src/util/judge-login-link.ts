/**
 * The judge login page's path with the code filled in and, when known, its login link's proof:
 * with the proof the login passes the guessing guard (docs/security.md). The printed cards and
 * the self-add's hand-back both link here.
 */
export const judgeLoginPath = (code: string, proof: string | null | undefined): string =>
  `/judge/login?code=${encodeURIComponent(code)}${proof ? `&proof=${encodeURIComponent(proof)}` : ''}`;
