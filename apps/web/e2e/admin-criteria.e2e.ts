/**
 * Issue 34 on /admin/settings at 1280×800, against the real server: the Criteria section adds,
 * edits, reorders (by keyboard) and deletes criteria, shows each weight's share, refuses with the
 * server's texts under the field they are about, sets the two options that go with criteria, and
 * follows changes made elsewhere (`options.changed`). axe finds nothing, light or dark.
 */
import type { Options } from '@podium/protocol';
import { CRITERION_NAME_REQUIRED, CRITERION_WEIGHT_INVALID, criterionNameTaken } from '@podium/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from './harness';
import {
  accessibilityViolations,
  adminApi,
  dismissNotices,
  launchBrowser,
  noticeWithText,
  openAdminPage,
  recordApiWrites,
  startServer,
  unexpectedErrors,
} from './harness';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page, errors } = await openAdminPage(browser, server));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

interface Criterion {
  id: string;
  name: string;
  description: string;
  weight: number;
  scale: number;
}

const stored = async () =>
  (await adminApi<{ criteria: Criterion[]; required: boolean }>(server, 'GET', '/admin/criteria')).body;
const options = async () => (await adminApi<Options>(server, 'GET', '/admin/options')).body;
const section = () => page.locator('#criteria');
const addForm = () => page.getByRole('region', { name: 'Add a criterion' });
const button = (name: string) => page.getByRole('button', { name, exact: true });
/** The list's rows as they read: name, description and facts, in order. */
const rows = () =>
  section()
    .locator('.criteria-list__text')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** Fills the add form and presses Add criterion. */
async function add(fields: { name: string; description?: string; weight?: string; scale?: string }) {
  await dismissNotices(page);
  const form = addForm();
  await form.getByLabel('Name', { exact: true }).fill(fields.name);
  if (fields.description !== undefined)
    await form.getByLabel('Description (optional)').fill(fields.description);
  if (fields.weight !== undefined) await form.getByLabel('Weight', { exact: true }).fill(fields.weight);
  if (fields.scale !== undefined)
    await form.getByLabel('Scale', { exact: true }).selectOption({ label: fields.scale });
  await form.getByRole('button', { name: 'Add criterion' }).click();
}

describe('criteria in the settings (laptop)', () => {
  it('starts empty, adds criteria with the defaults 1 and 1–5, and shows each weight’s share', async () => {
    await page.goto(`${server.baseUrl}/admin/settings`);
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Criteria' })
      .click();
    await section().getByText('No criteria yet').waitFor();
    expect(await addForm().getByLabel('Weight', { exact: true }).inputValue()).toBe('1');
    expect(await addForm().getByLabel('Scale', { exact: true }).inputValue()).toBe('5');

    await add({ name: 'Impact', description: '1: helps nobody; 5: changes lives.', weight: '2' });
    await noticeWithText(page, 'Criterion added!').waitFor();
    expect(await addForm().getByLabel('Name', { exact: true }).inputValue()).toBe(''); // ready for the next
    await add({ name: 'Design' });
    await noticeWithText(page, 'Criterion added!').waitFor();
    await add({ name: 'Originality', weight: '1', scale: '1–10' });
    await noticeWithText(page, 'Criterion added!').waitFor();

    expect((await stored()).criteria.map(({ name, weight, scale }) => [name, weight, scale])).toEqual([
      ['Impact', 2, 5],
      ['Design', 1, 5],
      ['Originality', 1, 10],
    ]);
    await expect
      .poll(rows)
      .toEqual([
        'Impact 1: helps nobody; 5: changes lives. Weight 2 (50 %) · Scale 1–5',
        'Design Weight 1 (25 %) · Scale 1–5',
        'Originality Weight 1 (25 %) · Scale 1–10',
      ]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('refuses with the server’s words under the field: a blank name before sending, a taken one after', async () => {
    const writes = recordApiWrites(page);
    await add({ name: '  ' });
    const name = addForm().getByLabel('Name', { exact: true });
    await addForm().getByText(CRITERION_NAME_REQUIRED, { exact: true }).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await noticeWithText(page, CRITERION_NAME_REQUIRED).waitFor();
    expect(writes).toEqual([]);

    await add({ name: 'impact' });
    await addForm().getByText(criterionNameTaken('Impact'), { exact: true }).waitFor();
    // The form's latest refusal is its one alert: the next replaces it, an edit of its field ends it.
    const notices = () => page.locator('.notices .notice__text').allInnerTexts();
    await addForm().getByLabel('Weight', { exact: true }).fill('0');
    await addForm().getByRole('button', { name: 'Add criterion' }).click();
    await addForm().getByText(CRITERION_WEIGHT_INVALID, { exact: true }).waitFor();
    expect(await notices()).toEqual([CRITERION_WEIGHT_INVALID]);
    await addForm().getByLabel('Weight', { exact: true }).fill('1');
    await expect.poll(notices).toEqual([]);
    await add({ name: 'Fun', weight: '0' });
    await addForm().getByText(CRITERION_WEIGHT_INVALID, { exact: true }).waitFor();
    expect(writes).toEqual(['POST /api/admin/criteria']); // the taken name only
    expect((await stored()).criteria).toHaveLength(3);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('edits a criterion in a dialog: a new weight and scale', async () => {
    await dismissNotices(page);
    // A description written for the old scale is pointed out when the scale changes.
    await button('Edit Impact').click();
    const impact = page.getByRole('dialog', { name: 'Edit Impact' });
    const description = impact.getByLabel('Description (optional)');
    const hint = async () => (await description.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const hintText = async () =>
      (await Promise.all((await hint()).map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    expect(await hintText()).toContain('What a 1 and a top score mean');
    await impact.getByLabel('Scale', { exact: true }).selectOption({ label: '1–10' });
    expect(await hintText()).toContain('Written for 1–5: check that it fits 1–10.');
    await description.fill('1: helps nobody; 10: changes lives.');
    expect(await hintText()).toContain('What a 1 and a top score mean');
    await impact.getByRole('button', { name: 'Cancel' }).click();
    await impact.waitFor({ state: 'hidden' });
    await button('Edit Design').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Design' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Design');
    await dialog.getByLabel('Weight', { exact: true }).fill('2');
    await dialog.getByLabel('Scale', { exact: true }).selectOption({ label: '1–7' });
    await dialog.getByLabel('Description (optional)').fill('1: hard to use; 7: a pleasure.');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await noticeWithText(page, 'Criterion updated!').waitFor();
    const design = (await stored()).criteria.find((c) => c.name === 'Design')!;
    expect([design.weight, design.scale, design.description]).toEqual([
      2,
      7,
      '1: hard to use; 7: a pleasure.',
    ]);
    await expect.poll(rows).toContain('Design 1: hard to use; 7: a pleasure. Weight 2 (40 %) · Scale 1–7');
  });

  it('reorders by keyboard, the focus staying on the moved criterion', async () => {
    const names = async () => (await stored()).criteria.map((c) => c.name);
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    /** The order the page shows: the next key press acts on it, not on the server's. */
    const shown = async () => (await rows()).map((row) => row.split(' ')[0]);
    await button('Move down Impact').focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Design', 'Impact', 'Originality']);
    await expect.poll(shown).toEqual(['Design', 'Impact', 'Originality']);
    await expect.poll(focused).toBe('Move down Impact');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Design', 'Originality', 'Impact']);
    await expect.poll(shown).toEqual(['Design', 'Originality', 'Impact']);
    expect(await focused()).toBe('Move down Impact');
    // At the end, Move down stays focusable but does nothing.
    expect(await button('Move down Impact').getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Move up Impact');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Design', 'Impact', 'Originality']);
    await expect
      .poll(rows)
      .toEqual([
        'Design 1: hard to use; 7: a pleasure. Weight 2 (40 %) · Scale 1–7',
        'Impact 1: helps nobody; 5: changes lives. Weight 2 (40 %) · Scale 1–5',
        'Originality Weight 1 (20 %) · Scale 1–10',
      ]);
  });

  it('deletes a criterion after a confirmation that says its scores go too', async () => {
    await dismissNotices(page);
    await button('Delete Originality').click();
    const dialog = page.getByRole('dialog', { name: 'Delete Originality?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Every score judges gave on Originality is deleted too');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await stored()).criteria).toHaveLength(3);

    await button('Delete Originality').click();
    await dialog.getByRole('button', { name: 'Delete criterion and its scores' }).click();
    await noticeWithText(page, 'Criterion Originality deleted, with its scores.').waitFor();
    expect((await stored()).criteria.map((c) => c.name)).toEqual(['Design', 'Impact']);
    await expect.poll(async () => (await rows()).length).toBe(2);
    // Its row went with the focused Delete button: the focus is on the one now last, not the page's top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete Impact');
  });

  it('says a criterion deleted elsewhere is gone: in its Edit dialog, and when deleted again', async () => {
    await dismissNotices(page);
    const added = async (name: string) =>
      (await adminApi<Criterion>(server, 'POST', '/admin/criteria', { name, weight: 1 })).body;
    const [judging, pitch] = [await added('Judging'), await added('Pitch')];
    await expect.poll(async () => (await rows()).length).toBe(4);

    await button('Edit Judging').click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Name').waitFor();
    await adminApi(server, 'DELETE', `/admin/criteria/${judging.id}`);
    await edit.getByText('This criterion no longer exists: it was deleted meanwhile.').waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });

    await button('Delete Pitch').click();
    const confirm = page.getByRole('dialog', { name: 'Delete Pitch?' });
    await confirm.waitFor();
    await adminApi(server, 'DELETE', `/admin/criteria/${pitch.id}`);
    await confirm.getByRole('button', { name: 'Delete criterion and its scores' }).click();
    await noticeWithText(page, 'Criterion Pitch was already deleted.').waitFor();
    expect((await stored()).criteria.map((c) => c.name)).toEqual(['Design', 'Impact']);
    await expect.poll(async () => (await rows()).length).toBe(2);
  });

  it("saves only what its Edit dialog changed: another organizer's change meanwhile stays", async () => {
    await dismissNotices(page);
    const design = (await stored()).criteria.find((c) => c.name === 'Design')!;
    await button('Edit Design').click();
    const edit = page.getByRole('dialog', { name: 'Edit Design' });
    await edit.getByLabel('Weight').waitFor();
    const elsewhere = { scale: 10, description: 'Changed in another tab.' };
    await adminApi(server, 'PUT', `/admin/criteria/${design.id}`, elsewhere);
    await edit.getByLabel('Weight').fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await noticeWithText(page, 'Criterion updated!').waitFor();
    expect((await stored()).criteria.find((c) => c.id === design.id)).toMatchObject({
      ...elsewhere,
      weight: 3,
    });
    const { weight, scale, description } = design;
    await adminApi(server, 'PUT', `/admin/criteria/${design.id}`, { weight, scale, description });
  });

  it('sets whether judges must score every criterion, and what the results rest on', async () => {
    expect((await options()).criteria_required).toBe(true);
    await dismissNotices(page);
    await page.getByLabel('Judges must score every criterion').click();
    await noticeWithText(page, 'Judges may now leave criteria unscored.').waitFor();
    expect((await options()).criteria_required).toBe(false);
    expect((await stored()).required).toBe(false);

    const basis = page.getByRole('group', { name: 'Results rest on' });
    expect(await basis.getByLabel('Rankings and criteria').isChecked()).toBe(true);
    await basis.getByLabel('Criteria only').check();
    await button('Update Results rest on').click();
    await noticeWithText(page, 'Results basis updated!').waitFor();
    expect((await options()).results_basis).toBe('criteria');
    expect(await section().getByText('Applies once criteria exist', { exact: false }).count()).toBe(2);
  });

  it('follows criteria and options changed elsewhere, without a reload', async () => {
    await adminApi(server, 'POST', '/admin/criteria', { name: 'Pitch', weight: 1 });
    await adminApi(server, 'POST', '/admin/options', { criteria_required: true, results_basis: 'rankings' });
    await expect.poll(async () => (await rows()).at(-1)).toBe('Pitch Weight 1 (20 %) · Scale 1–5');
    await expect.poll(() => page.getByLabel('Judges must score every criterion').isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Rankings only').isChecked()).toBe(true);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500); // the buttons' colours change over 0.15 s
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
