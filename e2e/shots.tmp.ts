import { launchBrowser } from './support/browser';
const base = process.env.BASE ?? 'http://127.0.0.1:4100';
const out = process.env.OUT ?? '/work/wt/shots';
const [email, ...paths] = process.argv.slice(2);
for (const width of (process.env.WIDTHS ?? '1280,390').split(',').map(Number)) {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-AU', timezoneId: 'Australia/Sydney' });
  const page = await context.newPage();
  if (email && email !== '-') {
    await page.goto(base + '/login');
    await page.getByRole('button', { name: 'Care workers and care seekers' }).click();
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill('demo-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15000 });
  }
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const name = `${(email || 'anon').split('@')[0]}${p.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(name, await page.title());
  }
  await context.close();
  await browser.close();
}
