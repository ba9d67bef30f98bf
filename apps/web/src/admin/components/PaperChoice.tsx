import { useState } from 'react';

/** The paper sizes printed cards are laid out for (named pages `a4` and `letter` of admin.css). */
const PAPER = { a4: 'A4', letter: 'Letter' } as const;
export type Paper = keyof typeof PAPER;

/** The chosen paper, A4 until the organizer picks Letter. */
export function usePaper() {
  return useState<Paper>('a4');
}

/** A4 or Letter, for the pages of printed cards (table cards, judges' login cards). */
export function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (paper: Paper) => void }) {
  return (
    <fieldset className="cards-paper">
      <legend>Paper</legend>
      {(Object.keys(PAPER) as Paper[]).map((size) => (
        <label key={size}>
          <input type="radio" name="paper" checked={paper === size} onChange={() => onChange(size)} />{' '}
          {PAPER[size]}
        </label>
      ))}
    </fieldset>
  );
}
