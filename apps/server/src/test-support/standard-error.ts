import { onTestFinished, vi } from 'vitest';

/**
 * What the organizer reads on standard error from now on, to the end of the test (printed as well
 * as recorded): the returned function counts the lines that contain `text`.
 */
export function standardError(): (text: string) => number {
  const said = vi.spyOn(console, 'error');
  onTestFinished(() => said.mockRestore());
  return (text) => said.mock.calls.filter((call) => String(call[0]).includes(text)).length;
}
