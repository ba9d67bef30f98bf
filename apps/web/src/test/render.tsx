// A minimal render helper on React's own act(): enough for these tests, no extra dependency.
import type { ReactNode } from 'react';
import { act } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../queries/query-client';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders `ui` inside the app's QueryClient, as the router's root layout does. */
export async function render(ui: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(async () => root.render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>));
  return container;
}

/** Unmounts what was rendered and forgets every server answer, so tests share nothing. */
export async function cleanupRendered(): Promise<void> {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
  queryClient.clear();
}

/** Clicks an element inside act(), so React flushes the resulting updates. */
export async function click(element: Element | null): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => element.click());
}

/** Fakes `window.isSecureContext`, which jsdom does not implement. */
export function setSecureContext(secure: boolean): void {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
}

/** A `fetch` stub answering JSON. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
