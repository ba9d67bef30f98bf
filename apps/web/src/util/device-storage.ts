/** The phone's `localStorage`, or null where storage is disabled (some private modes throw). */
export function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
