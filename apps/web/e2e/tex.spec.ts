import { expect, test } from '@playwright/test';

test('[TEX] math in a title is rendered by KaTeX, loaded only when needed', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/search?q=MoS2%20dual-gate%20transistors%20electrostatically%20doped');
  const title = page.locator('.search-screen article h3').first();
  // arXiv 1912.07885: "MoS$_2$ Dual-gate Transistors with Electrostatically Doped Contacts".
  await expect(title).toContainText('Dual-gate Transistors');
  await expect(title.locator('.katex')).toHaveCount(1);
  await expect(title).not.toContainText('$');
  expect(requested.some((url) => /\/assets\/katex-.*\.js$/.test(url))).toBe(true);
});

/**
 * Fractions in one display block, as a chat answer once drew 3,000 of them in a card over 20,000 px
 * wide. 1,000 are as far past any column (about 7,000 px) and typeset in a third of the time.
 */
const LONG_DISPLAY = `$$${'\\frac{a}{b}'.repeat(1000)}$$`;
const LONG_INLINE = `$${'x_{1}'.repeat(800)}$`;

test('[TEX] a very long formula in a chat answer scrolls inside its own box; the page never widens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The answer is model output: the stream is stood in for in the browser, with a selected paper to ask.
  await page.route('**/api/chat/files', (route) =>
    route.fulfill({
      json: [
        {
          paper_id: 'up_Tex1',
          platform: 'upload',
          filename: 'Fractions',
          paper_URL: null,
          selected: true,
          embedding_status: 'ready',
        },
      ],
    }),
  );
  const events = [
    { type: 'passages', passages: [] },
    { type: 'delta', content: `Here it is:\n\n${LONG_DISPLAY}\n\nand inline ${LONG_INLINE} too.` },
    {
      type: 'done',
      message_id: null,
      source: 'model',
      abstained: false,
      citations: { supported: [], unsupported: [] },
    },
  ];
  await page.route('**/api/chat/stream_chat', (route) =>
    route.fulfill({
      contentType: 'text/event-stream',
      body: `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`,
    }),
  );

  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/chat');
    const box = page.getByRole('textbox', { name: 'Your question' });
    await expect(box).toBeEnabled();
    await box.fill('Show me the fractions');
    await page.keyboard.press('Enter');
    const answer = page.getByRole('article', { name: 'Answer' });
    const display = answer.locator('.tex-math.is-display');
    await expect(display.locator('.katex')).toHaveCount(1, { timeout: 30_000 });
    await expect(answer.locator('.tex-math:not(.is-display) .katex')).toHaveCount(1);

    const sizes = await page.evaluate(() => {
      const article = document.querySelector('article.chat-answer') as HTMLElement;
      const column = article.parentElement as HTMLElement;
      const measure = (el: Element) => ({
        width: el.getBoundingClientRect().width,
        scrollWidth: el.scrollWidth,
        overflowX: getComputedStyle(el).overflowX,
      });
      return {
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        article: article.getBoundingClientRect().width,
        column: column.getBoundingClientRect().width,
        display: measure(article.querySelector('.tex-math.is-display') as Element),
        inline: measure(article.querySelector('.tex-math:not(.is-display)') as Element),
      };
    });
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    expect(sizes.article).toBeLessThanOrEqual(sizes.column);
    // Each formula keeps its whole length, to scroll to, inside a box no wider than the answer.
    for (const formula of [sizes.display, sizes.inline]) {
      expect(formula.width).toBeLessThanOrEqual(sizes.article);
      expect(formula.scrollWidth).toBeGreaterThan(formula.width * 2);
      expect(formula.overflowX).toBe('auto');
    }
    // The reader can scroll the formula to its end.
    await display.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect(await display.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
});
