import type { Criterion } from '@podium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { click, render } from '../../test/render';
import { CriterionScoring } from './CriterionScoring';

const CRITERIA: Criterion[] = [
  { id: 'impact', name: 'Impact', description: '1: nobody; 5: everyone.', weight: 2, scale: 5 },
  { id: 'design', name: 'Design', description: '', weight: 1, scale: 10 },
];

const groups = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLElement>('[role="radiogroup"]'),
];
const nameOf = (group: HTMLElement) =>
  document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent;
const score = (group: HTMLElement, value: number) =>
  [...group.querySelectorAll('label')].find((label) => label.textContent === String(value)) ?? null;

describe('CriterionScoring', () => {
  it('gives each criterion a group of radio buttons from 1 to its scale, named by the criterion', async () => {
    const container = await render(
      <CriterionScoring criteria={CRITERIA} scores={{ impact: 4 }} onScore={() => {}} />,
    );
    expect(groups(container).map(nameOf)).toEqual(['Impact', 'Design']);
    const [impact, design] = groups(container) as [HTMLElement, HTMLElement];
    expect(impact.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    expect(design.querySelectorAll('input[type="radio"]')).toHaveLength(10);
    expect(impact.querySelector<HTMLInputElement>('input:checked')?.value).toBe('4');
    expect(design.querySelector('input:checked')).toBeNull();
    // A scale longer than five puts the name above the buttons; 1–10 takes two rows of five.
    expect(design.className).toContain('judge-criterion--wide');
    expect(
      design.querySelector<HTMLElement>('.judge-criterion__scale')?.style.getPropertyValue('--scale-columns'),
    ).toBe('5');
  });

  it('reports a tap on a score with the scale it was tapped on', async () => {
    const onScore = vi.fn();
    const container = await render(<CriterionScoring criteria={CRITERIA} scores={{}} onScore={onScore} />);
    await click(score(groups(container)[1]!, 7));
    expect(onScore).toHaveBeenCalledWith('design', 7, 10);
  });

  it("keeps the description a tap away on screen and read with the scores, and a criterion's name without one plain", async () => {
    const container = await render(<CriterionScoring criteria={CRITERIA} scores={{}} onScore={() => {}} />);
    const [impact, design] = groups(container) as [HTMLElement, HTMLElement];
    const about = document.getElementById(impact.getAttribute('aria-describedby') ?? '');
    expect(about?.textContent).toBe('1: nobody; 5: everyone.');
    expect(about?.hidden).toBe(true);
    const toggle = impact.querySelector('button')!;
    expect(toggle.getAttribute('aria-label')).toBe('Impact: what the scores mean');
    await click(toggle);
    expect(about?.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(design.querySelector('button')).toBeNull();
    expect(design.hasAttribute('aria-describedby')).toBe(false);
  });

  it('chooses no score given on a scale since changed, and says it under the criterion, read with the scores', async () => {
    // Design was 1–5 when the judge gave it 4; it is 1–10 now.
    const container = await render(
      <CriterionScoring
        criteria={CRITERIA}
        scores={{ impact: 3, design: 4 }}
        givenScales={{ design: 5 }}
        onScore={() => {}}
        describedBy="why"
      />,
    );
    const [impact, design] = groups(container) as [HTMLElement, HTMLElement];
    expect(design.querySelector('input:checked')).toBeNull();
    expect(impact.querySelector<HTMLInputElement>('input:checked')?.value).toBe('3');
    const [said, why] = design.getAttribute('aria-describedby')?.split(' ') ?? [];
    const line = document.getElementById(said ?? '');
    expect(line?.textContent).toBe('You gave 4 of 5 before the scale changed.');
    expect(line?.className).toContain('judge-field__help');
    expect(design.contains(line)).toBe(true);
    expect(why).toBe('why');
    expect(impact.querySelector('.judge-criterion__before')).toBeNull();
  });

  it('locks every score, saying why, during deliberation', async () => {
    const container = await render(
      <CriterionScoring criteria={CRITERIA} scores={{}} onScore={() => {}} disabled describedBy="why" />,
    );
    const radios = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.every((radio) => radio.disabled)).toBe(true);
    expect(
      groups(container).map((group) => group.getAttribute('aria-describedby')?.split(' ').at(-1)),
    ).toEqual(['why', 'why']);
  });
});
