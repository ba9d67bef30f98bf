/**
 * The event lives in its storage (the SQLite file, or the PostgreSQL database): closing the app and
 * opening the same storage again keeps it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  testStorage,
  type TestStorage,
} from './test-support/test-app.js';

let storage: TestStorage;
beforeEach(async () => {
  storage = await testStorage();
});
afterEach(async () => {
  await storage.remove();
});

describe('restart on the same storage', () => {
  it('keeps what was written before the close', async () => {
    const first = await createTestApp({ storage });
    await first.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    await first.close();

    const second = await createTestApp({ storage });
    const log = (await second.admin({ method: 'GET', url: '/api/admin/log' })).json<{ log: string }>().log;
    await second.close();
    expect(log.split('\n').map((line) => line.slice(27))).toEqual([
      'SYSTEM | Server started',
      'ADMIN  | Log in',
      'SYSTEM | Server started',
    ]);
  });
});
