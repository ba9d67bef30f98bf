/** The shared text for a request the server refused or that never arrived (product spec §8). */
export function requestErrorText(status: number, error: string): string {
  return `Error sending request to server (Status ${status}): ${error}`;
}
