import { describe, expect, it } from 'vitest';
import { linkReach } from './link-reach.js';

describe('linkReach (issue 32: who can open a printed link)', () => {
  it.each([
    ['https://judging.example.org', 'public'],
    ['http://203.0.113.7:8000', 'public'],
    ['http://[2001:db8::1]:8000', 'public'],
    ['http://172.32.0.1', 'public'],
    ['http://127.0.0.1:31080', 'loopback'],
    ['http://127.8.9.10', 'loopback'],
    ['http://localhost:8000', 'loopback'],
    ['http://podium.localhost', 'loopback'],
    ['http://[::1]:8000', 'loopback'],
    ['http://0.0.0.0:8000', 'loopback'],
    ['http://192.168.1.20:8000', 'private'],
    ['http://10.0.0.5', 'private'],
    ['http://172.16.4.2', 'private'],
    ['http://172.31.255.1', 'private'],
    ['http://169.254.10.1', 'private'],
    ['http://[fd12:3456::1]', 'private'],
    ['http://[fe80::1]', 'private'],
    ['http://judging-laptop:8000', 'private'],
    ['http://judging-laptop.local:8000', 'private'],
  ])('%s: %s', (base, reach) => {
    expect(linkReach(base)).toBe(reach);
  });
});
