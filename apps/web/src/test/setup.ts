// Unit-test environment: React's act() checks, a clean cookie jar and DOM between tests.
import { afterEach } from 'vitest';
import { cleanupRendered } from './render';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(async () => {
  await cleanupRendered();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  // Tests that fake a secure context put it back to jsdom's default (no such property).
  Reflect.deleteProperty(window, 'isSecureContext');
});
