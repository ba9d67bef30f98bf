/** Who can open a printed link (issue 32); no zod, so the web bundle takes it as is. */

/**
 * Who can open a link on `base`: every phone (`public`), only phones on the same network
 * (`private`: an RFC 1918, link-local or unique-local address, a `.local` or single-label name),
 * or only the machine itself (`loopback`). Read from the host alone; names are not resolved.
 */
export type LinkReach = 'public' | 'private' | 'loopback';

export function linkReach(base: string): LinkReach {
  // The host of `scheme://user@host:port/path` (this package runs where `URL` may be untyped).
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(base)?.[1] ?? '';
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  const ip = hostAndPort.startsWith('[')
    ? hostAndPort.slice(1, hostAndPort.indexOf(']'))
    : (hostAndPort.split(':')[0] ?? '');
  if (ip === 'localhost' || ip.endsWith('.localhost') || ip === '::1' || ip === '0.0.0.0') return 'loopback';
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(ip);
  if (v4 !== null) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if (a === 127) return 'loopback';
    const isPrivate =
      a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
    return isPrivate ? 'private' : 'public';
  }
  if (ip.includes(':')) return /^(f[cd]|fe[89ab])/.test(ip) ? 'private' : 'public';
  return ip.endsWith('.local') || !ip.includes('.') ? 'private' : 'public';
}
