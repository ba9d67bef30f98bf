import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url';

describe('safeHttpUrl', () => {
  it('keeps http and https URLs', () => {
    expect(safeHttpUrl('https://devpost.com/software/x')).toBe('https://devpost.com/software/x');
    expect(safeHttpUrl(' http://example.org ')).toBe('http://example.org/');
  });

  it.each(['', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://x.org', 'not a url', 'example.org'])(
    'refuses %j',
    (url) => expect(safeHttpUrl(url)).toBeNull(),
  );
});
