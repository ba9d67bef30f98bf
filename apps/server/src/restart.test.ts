/** Data lives in the SQLite file: closing the app and opening the same folder again keeps it. */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, tempDataDir, TEST_ADMIN_PASSWORD } from './test-support/test-app.js';

const dataDir = tempDataDir();
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('restart on the same data directory', () => {
  it('keeps what was written before the close', async () => {
    const first = await createTestApp({ dataDir });
    await first.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    await first.close();

    const second = await createTestApp({ dataDir });
    const log = (await second.admin({ method: 'GET', url: '/api/admin/log' })).json<{ log: string }>().log;
    await second.close();
    expect(log.split('\n').map((line) => line.slice(27))).toEqual([
      'SYSTEM | Server started',
      'ADMIN  | Log in',
      'SYSTEM | Server started',
    ]);
  });
});
