export interface WelcomeConfirmationsProps {
  email: string;
  track: string;
  checked: readonly boolean[];
  onChange: (index: number, checked: boolean) => void;
}

/** The welcome page's three required confirmations, as large tappable checkboxes. */
export function WelcomeConfirmations({ email, track, checked, onChange }: WelcomeConfirmationsProps) {
  const judging = track === '' ? 'the general judging' : `the ${track} track`;
  const statements = [
    'I have read and understood the instructions above.',
    `The email shown here, ${email}, is my own.`,
    `I confirm that I am judging for ${judging}, and I understand this cannot be changed later.`,
  ];
  return (
    <fieldset className="card judge-checks">
      <legend className="judge-checks__legend">Please confirm</legend>
      {statements.map((text, index) => (
        <label key={index} className="judge-check">
          <input
            type="checkbox"
            className="judge-check__box"
            checked={checked[index] ?? false}
            onChange={(event) => onChange(index, event.target.checked)}
          />
          <span>{text}</span>
        </label>
      ))}
    </fieldset>
  );
}
