import type { Criterion } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { WelcomeInstructions } from './WelcomeInstructions';

const IMPACT: Criterion = {
  id: 'impact',
  name: 'Impact',
  description: '1: nobody; 5: everyone.',
  weight: 2,
  scale: 5,
};
const DESIGN: Criterion = { id: 'design', name: 'Design', description: '', weight: 1, scale: 5 };

const steps = (container: HTMLElement) =>
  [...container.querySelectorAll('.judge-welcome__steps > li')].map((li) => li.textContent ?? '');
const criteriaListed = (container: HTMLElement) =>
  [...container.querySelectorAll('.judge-welcome__criteria li')].map((li) => li.textContent);

describe('WelcomeInstructions', () => {
  it('without criteria, says nothing of scores', async () => {
    const container = await render(<WelcomeInstructions criteria={{ criteria: [], required: true }} />);
    expect(steps(container).some((step) => /score/.test(step))).toBe(false);
    expect(container.querySelector('.judge-welcome__criteria')).toBeNull();
    // The notes, the feedback for the team and the undo are said whatever the event.
    expect(steps(container)[1]).toContain('Your notes stay private');
    expect(steps(container).at(-1)).toBe('Pressed Done or Skip by mistake? Press Undo within 2 minutes.');
  });

  it('lists the criteria with their descriptions, and their shared scale once', async () => {
    const container = await render(
      <WelcomeInstructions criteria={{ criteria: [IMPACT, DESIGN], required: true }} />,
    );
    expect(steps(container)[2]).toMatch(
      /^When you press Done, score the project from 1 to 5 on each criterion:/,
    );
    expect(criteriaListed(container)).toEqual(['Impact: 1: nobody; 5: everyone.', 'Design']);
  });

  it('gives each criterion its scale when they differ, and says optional criteria may be left out', async () => {
    const container = await render(
      <WelcomeInstructions criteria={{ criteria: [IMPACT, { ...DESIGN, scale: 10 }], required: false }} />,
    );
    expect(steps(container)[2]).toMatch(
      /^When you press Done, score the project on the criteria you can judge \(you may leave one out\):/,
    );
    expect(criteriaListed(container)).toEqual([
      'Impact (1 to 5): 1: nobody; 5: everyone.',
      'Design (1 to 10)',
    ]);
  });
});
