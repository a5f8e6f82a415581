// A Napoleon's Eagles decision made through the play view as a player makes it: the panel's buttons, the bid dialog,
// the order writer and clicks on the table. Tests that script a game on the engine replay it here, so a decision the
// page cannot take by hand fails at that decision, naming it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { NapoleonsEaglesAction } from '../../domain/engine-protocol.js';
import { clickAt, painted } from './harness.js';

export interface GestureHooks {
  /** Called where a test keeps a picture: the order's point picked, a refused flank offered. */
  shot?: (page: Page, name: 'order-point' | 'refuse-offered') => Promise<void>;
}

/** Selects a unit on the table unless the panel already shows it. */
async function pick(page: Page, unit: string): Promise<void> {
  const shown = page.locator(`[data-testid="play-selected"][data-unit="${unit}"]`);
  if ((await shown.count()) > 0) return;
  await page.locator(`[data-testid="ne-unit"][data-unit="${unit}"][data-able="true"]`).click();
  await expect.poll(() => page.getByTestId('play-selected').getAttribute('data-unit')).toBe(unit);
}

/** One decision through the panel and the table. */
export async function playGesture(page: Page, a: NapoleonsEaglesAction, hooks: GestureHooks = {}): Promise<void> {
  await expect.poll(() => page.getByTestId('play-decision').getAttribute('aria-busy')).toBe('false');
  switch (a.type) {
    case 'bid':
      // The dialog opens by itself for a bid; once closed, the panel's button opens it again.
      if (!(await page.getByTestId('ne-bid-points').isVisible())) await page.getByTestId('ne-open-bid').click();
      await page.getByTestId('ne-bid-points').fill(String(a.points));
      await page.getByTestId('ne-bid-send').click();
      return;
    case 'order': {
      // The order writer: the division, the order, its point picked with a click on the table, then sent.
      const writer = page.getByTestId('ne-order-writer');
      await writer.waitFor();
      await writer.locator(`[data-testid="ne-order-kind"][data-order="${a.order}"]`).click();
      await page.getByTestId('ne-order-pick').click();
      await clickAt(page, a.at!);
      await expect.poll(async () => Number(await page.getByTestId('ne-order-x').inputValue())).toBeCloseTo(a.at![0], 0);
      await painted(page);
      await hooks.shot?.(page, 'order-point');
      await page.getByTestId('ne-order-send').click();
      return;
    }
    case 'choose':
      await page.locator(`[data-testid="play-side-action"][data-role="${a.role}"]`).click();
      return;
    case 'end-leaders':
      await page.locator('[data-testid="play-side-action"][data-type="end-leaders"]').click();
      return;
    case 'defend':
      await page.locator(`[data-testid="play-side-action"][data-type="defend"][data-choice="${a.choice}"]`).click();
      return;
    case 'refuse': {
      await pick(page, a.unit);
      const button = page.locator(`[data-testid="ne-refuse-flank"][data-flank="${a.flank}"]`);
      await expect.poll(() => button.isEnabled()).toBe(true);
      await hooks.shot?.(page, 'refuse-offered');
      await button.click();
      return;
    }
    case 'fire':
      await pick(page, a.unit);
      await page.locator(`[data-testid="play-target-action"][data-type="fire"][data-target="${a.target}"]`).filter({ hasText: `${a.actions} action` }).click();
      return;
    default:
      if (!('unit' in a)) throw new Error(`no gesture for ${a.type}`);
      await pick(page, a.unit);
      await page.locator(`[data-testid="play-unit-action"][data-type="${a.type}"]`).first().click();
  }
}
