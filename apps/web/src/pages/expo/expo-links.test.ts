import { describe, expect, it } from 'vitest';
import { challengeFromPath, descriptionText, expoPath, projectCount, projectHref } from './expo-links';

const NAMES = ['AI/ML', 'Health.Tech', 'C++ & Co', 'Ünïcode Prize', '100% real', 'a%2Fb', 'Café Ñandú 🚀'];

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
