import { describe, expect, it } from 'vitest';
import { challengeFromPath, descriptionText, expoPath, projectCount, projectHref } from './links';

const NAMES = ['AI/ML', 'Health.Tech', 'C++ & Co', 'Ünïcode Prize', '100% real', 'a%2Fb', 'Café Ñandú 🚀'];
/** Names a browser would otherwise resolve as path steps, or that come close to the dots mark. */
const DOTTY = ['.', '..', '...', '.hidden', 'v1.', '~', '..~', '~..', '%2E', '%2E%2E', '%2E~', 'a~b'];

/** How a browser resolves the path (WHATWG URL), as the address bar and history.pushState do. */
const resolved = (path: string) => new URL(path, 'https://expo.example').pathname;

describe('expo paths', () => {
  it('percent-encodes the challenge into one path segment', () => {
    expect(expoPath(null)).toBe('/expo');
    expect(expoPath('')).toBe('/expo');
    expect(expoPath('AI/ML')).toBe('/expo/AI%2FML');
    expect(expoPath('C++ & Co')).toBe('/expo/C%2B%2B%20%26%20Co');
  });

  it.each(NAMES)('decodes %s back exactly once', (name) => {
    expect(challengeFromPath(expoPath(name))).toBe(name);
    expect(challengeFromPath(`${expoPath(name)}/`)).toBe(name);
  });

  it('encodes every dot as %2E, and marks a name made only of dots', () => {
    expect(expoPath('Health.Tech')).toBe('/expo/Health%2ETech');
    expect(expoPath('.')).toBe('/expo/%2E~');
    expect(expoPath('..')).toBe('/expo/%2E%2E~');
    expect(expoPath('...')).toBe('/expo/%2E%2E%2E~');
    // `~` is escaped, so a raw one in the segment can only be the mark.
    expect(expoPath('~')).toBe('/expo/%7E');
    expect(expoPath('..~')).toBe('/expo/%2E%2E%7E');
  });

  it.each(DOTTY)('keeps %s in its own segment, past the browser, and decodes it back', (name) => {
    const path = expoPath(name);
    // The browser's URL parser leaves the path alone: no `.`/`..` step is taken.
    expect(resolved(path)).toBe(path);
    expect(challengeFromPath(resolved(path))).toBe(name);
    expect(challengeFromPath(`${path}/`)).toBe(name);
  });

  it('gives different names different paths', () => {
    const all = [...NAMES, ...DOTTY];
    expect(new Set(all.map(expoPath)).size).toBe(all.length);
  });

  it('reads hand-typed paths as they read', () => {
    // Older links and typed URLs carry raw dots and tildes; only escaped dots take the mark.
    expect(challengeFromPath('/expo/Health.Tech')).toBe('Health.Tech');
    expect(challengeFromPath('/expo/...')).toBe('...');
    expect(challengeFromPath('/expo/~')).toBe('~');
    expect(challengeFromPath('/expo/..~')).toBe('..~');
    expect(challengeFromPath('/expo/%2e%2e~')).toBe('..');
  });

  it('reads no challenge from /expo, and a malformed escape as typed', () => {
    expect(challengeFromPath('/expo')).toBeNull();
    expect(challengeFromPath('/expo/')).toBeNull();
    expect(challengeFromPath('/expo/50%')).toBe('50%');
  });
});

describe('projectHref', () => {
  it('links http(s) URLs only', () => {
    expect(projectHref('https://devpost.example/software/x')).toBe('https://devpost.example/software/x');
    expect(projectHref(' http://example.com ')).toBe('http://example.com/');
    for (const url of [
      '',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'example.com',
      '//evil.example',
      'https://',
    ]) {
      expect(projectHref(url), url).toBeNull();
    }
  });
});

describe('texts', () => {
  it('counts projects and stands in for missing descriptions', () => {
    expect(projectCount(0)).toBe('0 projects');
    expect(projectCount(1)).toBe('1 project');
    expect(projectCount(50)).toBe('50 projects');
    expect(descriptionText('')).toBe('[No Description]');
    expect(descriptionText('  \n')).toBe('[No Description]');
    expect(descriptionText('Robots')).toBe('Robots');
  });
});
