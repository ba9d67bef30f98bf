import { describe, expect, it } from 'vitest';
import { render, setSecureContext } from '../test/render';
import { InsecureConnectionNotice } from './InsecureConnectionNotice';

describe('InsecureConnectionNotice', () => {
  it('warns on plain HTTP at a non-local host', async () => {
    setSecureContext(false);
    const container = await render(<InsecureConnectionNotice />);
    expect(container.textContent).toBe('This connection is not secure. Use HTTPS for a real event.');
  });

  it('says nothing in a secure context', async () => {
    setSecureContext(true);
    const container = await render(<InsecureConnectionNotice />);
    expect(container.textContent).toBe('');
  });
});
