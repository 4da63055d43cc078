/**
 * The internal chat end to end (issue 20): Nina (chat only) lands on her chats, starts a group (the
 * form's SPEC §5 texts first) and writes in it; Priya, in a browser of her own, sees the group
 * arrive, bold with its count, and reads it; on their direct chat Nina sees "Not seen yet" turn into
 * "Seen by Priya Raman" live; Priya mentions Nina (the @ suggestions), Nina sees the mark, opens the
 * group and reacts, Priya sees the reaction live; Priya archives the group, finds it under the archived chats and
 * brings it back; and the chat on a phone (390 px). By keyboard, with the axe scan on each screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { landingUrl, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const NINA = 'chat@demo.example';
const PRIYA = 'advisor@demo.example';

const row = (page: Page, name: string) => page.getByTestId('chat-row').filter({ hasText: name }).first();

async function openRoom(page: Page, name: string): Promise<void> {
  const found = row(page, name);
  await found.waitFor({ timeout: 15_000 });
  await found.getByTestId('chat-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('conversation').filter({ hasText: name }).waitFor();
}

async function write(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.keyboard.press('Enter');
  await page.getByTestId('message-bubble').filter({ hasText: text }).first().waitFor();
}

async function chatAt(width: number, height: number, email: string): Promise<Page> {
  const page = await (await browser.context({ viewport: { width, height } })).newPage();
  await signInAs(page, email);
  if (!new URL(page.url()).pathname.startsWith('/app/internalchat')) await page.goto('/app/internalchat');
  await page.getByTestId('chat-board').and(page.locator('[data-live="live"]')).waitFor({ timeout: 15_000 });
  return page;
}

describe('the internal chat', () => {
  it('lets two colleagues chat live, see the read receipt, and archive and unarchive', async () => {
    const tag = Date.now().toString(36);
    const group = `Loaners ${tag}`;
    const nina = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(nina, NINA);
    await expect.poll(() => new URL(nina.url()).pathname).toMatch(landingUrl('/app/internalchat'));
    await nina.getByTestId('chat-board').and(nina.locator('[data-live="live"]')).waitFor({ timeout: 15_000 });
    await row(nina, 'Loaner fleet').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(nina)).toEqual([]);
    const priya = await chatAt(1280, 800, PRIYA);

    // A group: the form's texts first, then it is made and open.
    await nina.getByTestId('chat-add-group').click();
    await nina.getByTestId('chat-start').click();
    await expect.poll(() => nina.getByTestId('chat-name-error').textContent()).toBe('Group name is required');
    expect(await nina.getByTestId('chat-description-error').textContent()).toBe('Group description is required');
    expect(await nina.getByTestId('chat-members-error').textContent()).toBe("Can't create a group without users");
    expect(await seriousViolations(nina)).toEqual([]);
    await nina.getByTestId('chat-name').fill(group);
    await nina.getByTestId('chat-description').fill('Who has which loaner');
    await nina.locator('[data-testid="chat-member"][data-agent="agt_advisor"]').check();
    await nina.getByTestId('chat-start').click();
    await nina.getByTestId('conversation').filter({ hasText: group }).waitFor();
    await write(nina, `Two loaners back ${tag}`);

    // Priya sees it arrive, bold with its count, and reads it.
    await expect.poll(() => row(priya, group).getAttribute('data-unread'), { timeout: 15_000 }).toBe('true');
    expect(await row(priya, group).getByTestId('chat-unread-count').textContent()).toContain('1');
    await openRoom(priya, group);
    await priya.getByTestId('message-bubble').filter({ hasText: `Two loaners back ${tag}` }).first().waitFor();
    await expect.poll(() => row(priya, group).getAttribute('data-unread'), { timeout: 10_000 }).toBe('false');
    await write(priya, `Thanks ${tag}`);
    await nina.getByTestId('message-bubble').filter({ hasText: `Thanks ${tag}` }).first().waitFor({ timeout: 10_000 });

    // The direct chat's read receipt.
    await openRoom(nina, 'Priya Raman');
    await write(nina, `Shuttle at 11? ${tag}`);
    const header = nina.getByTestId('conversation').locator('.conversation__title');
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).toContain('Not seen yet');
    await openRoom(priya, 'Nina Patel');
    await expect.poll(() => header.textContent(), { timeout: 15_000 }).toContain('Seen by Priya Raman');

    // Priya mentions Nina in the group (the @ suggestions, by keyboard): Nina, in the direct chat, sees the group marked.
    await openRoom(priya, group);
    const box = priya.getByTestId('composer');
    await box.click();
    await box.pressSequentially('@nin');
    await priya.getByTestId('mention-suggestions').waitFor();
    await priya.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('@Nina Patel ');
    await box.pressSequentially(`the Camry is ready ${tag}`);
    await priya.keyboard.press('Enter');
    await row(nina, group).getByTestId('chat-mentioned').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(nina)).toEqual([]);

    // Nina opens it (read: the mark goes) and reacts; Priya sees the reaction live, and who reacted.
    await openRoom(nina, group);
    const mention = nina.getByTestId('message-bubble').filter({ hasText: `the Camry is ready ${tag}` }).first();
    await mention.getByTestId('react-open').focus();
    await nina.keyboard.press('Enter');
    await mention.locator('[data-testid="react-choice"][data-emoji="👍"]').click();
    const theirs = priya.getByTestId('message-bubble').filter({ hasText: `the Camry is ready ${tag}` }).first().locator('[data-testid="reaction"][data-emoji="👍"]');
    await theirs.waitFor({ timeout: 15_000 });
    await expect.poll(() => priya.getByTestId('message-bubble').filter({ hasText: `the Camry is ready ${tag}` }).first().getByTestId('reaction-who').first().textContent(), { timeout: 10_000 }).toBe('Nina Patel');
    await expect.poll(() => row(nina, group).getByTestId('chat-mentioned').count(), { timeout: 10_000 }).toBe(0);

    // Priya archives the group for herself; it waits under the archived chats until she brings it back.
    await priya.getByTestId('chat-archive').click();
    await expect.poll(() => priya.getByTestId('chat-archive').textContent()).toBe('Unarchive');
    await expect.poll(() => row(priya, group).count()).toBe(0);
    await priya.getByTestId('chat-view-archived').click();
    await row(priya, group).waitFor();
    expect(await seriousViolations(priya)).toEqual([]);
    await priya.getByTestId('chat-archive').click();
    await expect.poll(() => priya.getByTestId('chat-archive').textContent()).toBe('Archive');
    await expect.poll(() => row(priya, group).count()).toBe(0);
    await priya.getByTestId('chat-view-archived').click();
    await row(priya, group).waitFor();
    // Nina's list never lost it.
    expect(await row(nina, group).count()).toBe(1);
  });

  it('works on a phone: the list, then the open chat with a way back', async () => {
    const page = await chatAt(390, 844, NINA);
    await row(page, 'Loaner fleet').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await openRoom(page, 'Loaner fleet');
    expect(await page.getByTestId('chat-rows').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('back-to-list').click();
    await row(page, 'Loaner fleet').waitFor();
  });

  it('lays out the list beside the open chat on a wide screen (1920 px)', async () => {
    const page = await chatAt(1920, 1080, NINA);
    await openRoom(page, 'Loaner fleet');
    expect(await page.getByTestId('chat-rows').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
