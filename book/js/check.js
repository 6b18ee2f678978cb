// check.js MODE BOOKDIR [SHOTDIR] - the HTML book checked in the real
// headless Chromium (driven by playwright-core), page by page, at a laptop's
// width (1280 px) and a phone's (390 px). MODE:
//   axe     axe-core's WCAG 2.0/2.1 A and AA rules: 0 violations on every page
//           at both widths
//   layout  tools/book_layout_probe.js's facts at both widths; no console
//           error; the keyboard: Tab first reaches the skip link, which moves
//           the focus to the text, and every link, summary and scrolling box
//           can be reached by Tab
//   search  the search box (typed into, on another chapter's page) finds every
//           chapter by its first section's title and by a term of its text
//   links   every link between the pages leads to a page and an id it holds
//   shots   screenshots of a few pages at both widths into SHOTDIR
// Exit status: 0 pass, 1 a check failed, 2 bad use, 77 Chromium not found.
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");

const [mode, bookDir, shotDir] = process.argv.slice(2);
if (!mode || !bookDir) { console.error("error: usage: check.js axe|layout|search|links|shots BOOKDIR [SHOTDIR]"); process.exit(2); }
const pages = fs.readFileSync(path.join(bookDir, "pages.txt"), "utf8").split("\n").filter(Boolean);
const WIDTHS = [1280, 390];
let failures = 0;
function fail(msg) { failures++; console.log("FAIL: " + msg); }

function chromiumPath() {
  for (const c of [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (c && fs.existsSync(c)) return c;
  }
  return null;
}

function staticLinks() {
  const ids = new Map();
  for (const p of pages) {
    const html = fs.readFileSync(path.join(bookDir, p), "utf8");
    ids.set(p, new Set(Array.from(html.matchAll(/\sid="([^"]+)"/g), (m) => m[1])));
  }
  let count = 0;
  for (const p of pages) {
    const html = fs.readFileSync(path.join(bookDir, p), "utf8");
    for (const m of html.matchAll(/href="([^"]*)"/g)) {
      const href = m[1];
      if (/^[a-z]+:/i.test(href) || href.startsWith("../../")) continue; // the web, the clone's files
      const [file, id] = href.split("#");
      const target = file === "" ? p : file;
      count++;
      if (!ids.has(target)) {
        if (!fs.existsSync(path.join(bookDir, target))) fail(p + ": link " + href + ": no such file");
        continue;
      }
      if (id && !ids.get(target).has(id)) fail(p + ": link " + href + ": " + target + " has no id " + id);
    }
  }
  console.log("links: " + count + " links between " + pages.length + " pages checked");
}

async function main() {
  if (mode === "links") { staticLinks(); return; }
  const exe = chromiumPath();
  if (!exe) { console.log("skipped: chromium not found (apt-get install chromium)"); process.exit(77); }
  const { chromium } = require("playwright-core");
  const browser = await chromium.launch({ executablePath: exe, args: ["--no-sandbox", "--disable-gpu"] });
  const url = (p) => pathToFileURL(path.resolve(bookDir, p)).href;
  try {
    if (mode === "axe") {
      const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        for (const p of pages) {
          await page.goto(url(p), { waitUntil: "load" });
          await page.evaluate(axeSource);
          const result = await page.evaluate(() => window.axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
            resultTypes: ["violations"] }));
          const n = result.violations.reduce((s, v) => s + v.nodes.length, 0);
          console.log(width + " px " + p + ": " + result.violations.length + " rules violated (" + n + " elements), " +
                      result.passes.length + " rules passed");
          for (const v of result.violations) {
            fail(width + " px " + p + ": " + v.id + " (" + v.impact + "): " + v.help);
            for (const node of v.nodes.slice(0, 3)) console.log("    " + node.target.join(" ") + ": " + node.failureSummary.replace(/\s+/g, " ").slice(0, 200));
          }
        }
        await context.close();
      }
      console.log("axe-core " + require("axe-core/package.json").version + ": " + pages.length + " pages at " + WIDTHS.join(" and ") + " px");
    } else if (mode === "layout") {
      const probe = fs.readFileSync(path.join(__dirname, "..", "..", "tools", "book_layout_probe.js"), "utf8");
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const errors = [];
        page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
        page.on("pageerror", (e) => errors.push(String(e)));
        page.on("requestfailed", (r) => errors.push("failed to load " + r.url()));
        for (const p of pages) {
          errors.length = 0;
          await page.goto(url(p), { waitUntil: "load" });
          await page.evaluate(probe);
          const lines = await page.evaluate(() => window.bookLayoutProbe());
          for (const l of lines) {
            console.log(width + " px " + p + ": " + l);
            if (l.startsWith("FAIL")) failures++;
          }
          // the keyboard: the skip link comes first and leads to the text
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.keyboard.press("Tab");
          const first = await page.evaluate(() => document.activeElement && document.activeElement.className);
          if (first !== "skip-link") fail(width + " px " + p + ": the first Tab reaches '" + first + "', not the skip link");
          await page.keyboard.press("Enter");
          const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
          if (focused !== "main") fail(width + " px " + p + ": the skip link does not move the focus to the text (" + focused + ")");
          // everything interactive is in the tab order
          const unreachable = await page.evaluate(() => Array.from(document.querySelectorAll(
            "main a[href], main summary, .table-scroll, .figure-full")).filter((e) => e.tabIndex < 0 &&
            !e.closest("[aria-hidden=true]") && !/^#cb\d/.test(e.getAttribute("href") || "")).length);
          if (unreachable) fail(width + " px " + p + ": " + unreachable + " links, summaries or scrolling boxes not reachable by Tab");
          if (errors.length) fail(width + " px " + p + ": console errors: " + errors.slice(0, 3).join(" | "));
        }
        await context.close();
      }
    } else if (mode === "search") {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      for (const p of pages) {
        await page.goto(url(p), { waitUntil: "load" });
        // two queries: the title of the chapter's first section, and a term
        // of the first paragraph under it: of its eight longest words, the
        // one the search finds in the fewest sections (a common word would
        // fill the results with other pages, whatever this page holds)
        const found = await page.evaluate(() => {
          const h = document.querySelector("main h2[id]") || document.querySelector("main h1");
          const title = h.textContent.replace(/^[\d.]+\s+/, "").replace(/[^\p{L}\p{N}\s-]/gu, " ").replace(/\s+/g, " ").trim();
          let para = h.nextElementSibling;
          while (para && para.tagName !== "P") para = para.nextElementSibling;
          const words = [...new Set((para ? para.textContent : "").match(/\p{L}{5,}/gu) || [])];
          words.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
          return { title, words: words.slice(0, 8) };
        });
        // ask from another chapter's page: the index covers the whole book
        await page.goto(url(pages[(pages.indexOf(p) + 1) % pages.length]), { waitUntil: "load" });
        if (!(await page.isVisible("#book-search-input"))) { fail(p + ": no visible search box"); continue; }
        let term = null, fewest = Infinity;
        for (const word of found.words) {
          await page.fill("#book-search-input", word);
          const count = await page.$$eval("#book-search-results a", (as) => as.length);
          if (count > 0 && count < fewest) { term = word; fewest = count; }
        }
        const queries = term ? [found.title, term] : [found.title];
        if (queries.length < 2) fail(p + ": no paragraph under its first section with a term the search finds");
        for (const query of queries) {
          await page.fill("#book-search-input", query);
          const hrefs = await page.$$eval("#book-search-results a", (as) => as.map((a) => a.getAttribute("href")));
          const hit = hrefs.findIndex((h) => h.split("#")[0] === p);
          if (hit < 0) fail(p + ": searching '" + query + "' finds none of its sections (" + hrefs.slice(0, 3).join(", ") + ")");
          else console.log("ok: '" + query + "' finds " + hrefs[hit] + " (result " + (hit + 1) + " of " + hrefs.length + " shown)");
        }
      }
      await context.close();
    } else if (mode === "shots") {
      if (!shotDir) { console.error("error: shots needs SHOTDIR"); process.exit(2); }
      fs.mkdirSync(shotDir, { recursive: true });
      const picks = process.env.SHOT_PAGES ? process.env.SHOT_PAGES.split(" ") : pages.slice(0, 2);
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 900 : 844 } });
        const page = await context.newPage();
        for (const spec of picks) {
          // PAGE, PAGE#id, or PAGE@selector (scrolled to the top of the window)
          const [p, anchor] = spec.split(/[#@]/);
          await page.goto(url(p) + (anchor && spec.includes("#") ? "#" + anchor : ""), { waitUntil: "load" });
          if (anchor && spec.includes("@")) {
            await page.evaluate((sel) => { const e = document.querySelector(sel); if (e) e.scrollIntoView(); }, anchor);
          }
          await page.waitForTimeout(200);
          const file = path.join(shotDir, p.replace(/\.html$/, "") + (anchor ? "-" + anchor.replace(/[^\w.-]+/g, "_") : "") + "-" + width + ".png");
          await page.screenshot({ path: file });
          console.log("shot: " + file);
        }
        await context.close();
      }
    } else {
      console.error("error: unknown mode " + mode); process.exit(2);
    }
  } finally {
    await browser.close();
  }
}

main().then(() => {
  console.log(failures ? failures + " failures" : "all checks passed");
  process.exit(failures ? 1 : 0);
}, (e) => { console.error("error: " + (e && e.stack || e)); process.exit(1); });
