import { NAME_AND_EMAIL_REQUIRED } from '@podium/protocol';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PARSE_ERROR, type ApiResult } from '../api/client';
import { useNoticeStore } from '../stores/notice.store';
import { render } from '../test/render';
import { nameAndEmailRequired, useDraftForm } from './use-draft-form';

type Send = (draft: { name: string; email: string }) => Promise<ApiResult<unknown>>;

function JudgeForm({ send, onSuccess }: { send: Send; onSuccess: (reset: () => void) => void }) {
  const { text, submit, busy } = useDraftForm(
    { name: '', email: '' },
    { send, check: nameAndEmailRequired, onSuccess },
  );
  return (
    <form onSubmit={submit}>
      <input aria-label="Name" {...text('name')} />
      <input aria-label="Email" {...text('email')} />
      <button type="submit" disabled={busy}>
        Add
      </button>
    </form>
  );
}

const texts = () => useNoticeStore.getState().notices.map((notice) => notice.text);
const input = (container: HTMLElement, label: string) =>
  container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`) as HTMLInputElement;

/** Types like a user: React listens to the native input event. */
async function type(field: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = (form: HTMLFormElement) =>
  act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });

beforeEach(() => useNoticeStore.setState({ notices: [] }));

describe('useDraftForm', () => {
  it('shows the check instead of sending', async () => {
    const send = vi.fn<Send>();
    const container = await render(<JudgeForm send={send} onSuccess={() => {}} />);
    await type(input(container, 'Name'), 'Ada');
    await submit(container.querySelector('form') as HTMLFormElement);
    expect(send).not.toHaveBeenCalled();
    expect(texts()).toEqual([NAME_AND_EMAIL_REQUIRED]);
  });

  it('sends once for a double tap, keeps what was typed on a refusal, and resets on success', async () => {
    let answer: (result: ApiResult<unknown>) => void = () => {};
    const send = vi.fn<Send>(() => new Promise((resolve) => (answer = resolve)));
    const onSuccess = vi.fn((reset: () => void) => reset());
    const container = await render(<JudgeForm send={send} onSuccess={onSuccess} />);
    const form = container.querySelector('form') as HTMLFormElement;
    await type(input(container, 'Name'), 'Ada');
    await type(input(container, 'Email'), 'ada@x.org');
    await submit(form);
    await submit(form);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@x.org' });
    await act(async () => answer({ status: 400, error: 'Login rate limit exceeded', data: null }));
    expect(texts()).toEqual(['Login rate limit exceeded']);
    expect(input(container, 'Email').value).toBe('ada@x.org');
    expect(onSuccess).not.toHaveBeenCalled();

    await submit(form);
    await act(async () => answer({ status: 200, error: '', data: { ok: 1 } }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(input(container, 'Name').value).toBe('');
  });
});

describe('useDraftForm notices and field errors', () => {
  function ErrorsForm({ send }: { send: Send }) {
    const { text, submit, errors } = useDraftForm({ name: '', email: '' }, { send, onSuccess: () => {} });
    return (
      <form onSubmit={submit}>
        <input aria-label="Email" {...text('email')} />
        <p className="email-error">{errors.email}</p>
        <button type="submit">Add</button>
      </form>
    );
  }

  it('shows a field refusal only next to its field, in plain words, until the field changes', async () => {
    const send = vi.fn<Send>(async () => ({ status: 400, error: 'invalid email: a@', data: null }));
    const container = await render(<ErrorsForm send={send} />);
    await type(input(container, 'Email'), 'a@');
    await submit(container.querySelector('form') as HTMLFormElement);
    expect(container.querySelector('.email-error')?.textContent).toBe(
      'This is not a valid email address: check it for typos.',
    );
    expect(texts()).toEqual([]);
    await type(input(container, 'Email'), 'a@x.org');
    expect(container.querySelector('.email-error')?.textContent).toBe('');
  });

  it("clears the form's stale errors once it succeeds, and keeps other notices", async () => {
    const send = vi
      .fn<Send>()
      .mockResolvedValueOnce({ status: 400, error: 'internal server error', data: null })
      .mockResolvedValueOnce({ status: 200, error: '', data: { ok: 1 } });
    const container = await render(<ErrorsForm send={send} />);
    useNoticeStore.getState().show('error', 'Some other problem');
    const form = container.querySelector('form') as HTMLFormElement;
    await submit(form);
    expect(texts()).toEqual(['Some other problem', 'internal server error']);
    await submit(form);
    expect(texts()).toEqual(['Some other problem']);
  });

  it('says what to do when a Wi-Fi sign-in page answered instead of the server', async () => {
    const send = vi.fn<Send>(async () => ({ status: 200, error: PARSE_ERROR, data: null }));
    const container = await render(<ErrorsForm send={send} />);
    await submit(container.querySelector('form') as HTMLFormElement);
    expect(texts()).toEqual([
      'Error parsing response. The answer did not come from the judging server: if the Wi-Fi asks you ' +
        'to sign in, do so, then try again.',
    ]);
  });
});
