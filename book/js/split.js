// split.js BOOK_HTML OUTDIR - cuts the screen HTML of the whole book (pandoc's
// output, with the markers book/filters/nav.lua leaves) into one page per
// chapter under OUTDIR, and builds the search index the pages use offline.
//
//   OUTDIR/index.html        the title, the contents panel and chapter 0
//   OUTDIR/<chapter-id>.html every other chapter, named by its heading's id
//   OUTDIR/search-index.js   MiniSearch's index of every section, prebuilt
//   OUTDIR/minisearch.js     the library that reads it (from build/node)
//   OUTDIR/book.js, style.css
//   OUTDIR/pages.txt         the pages, one a line (for the checks)
//
// Every link to "#id" is pointed at the page that holds that id; a link to
// an id no page holds stops the build, so a cross-reference cannot break
// when the book is cut. Figures become links to their full-size drawing,
// inside a box that scrolls on a narrow screen.
"use strict";
const fs = require("fs");
const path = require("path");
const MiniSearch = require("minisearch");

function fail(message) {
  console.error("error: book pages: " + message);
  process.exit(2);
}

const [bookHtml, outDir] = process.argv.slice(2);
if (!bookHtml || !outDir) fail("usage: split.js BOOK_HTML OUTDIR");
const html = fs.readFileSync(bookHtml, "utf8");

function between(text, open, close) {
  const a = text.indexOf(open);
  const b = text.indexOf(close, a + open.length);
  if (a < 0 || b < 0) fail("marker " + open + " not found in " + bookHtml);
  return text.slice(a + open.length, b);
}

const head = between(html, "<head>", "</head>");
const styles = (head.match(/<style[^>]*>[\s\S]*?<\/style>/g) || []).join("\n");
const bookTitle = between(head, "<title>", "</title>").trim();
const titleBlock = (html.match(/<header id="title-block-header">[\s\S]*?<\/header>/) || [""])[0];
let nav = between(html, "<!--book-nav-->", "<!--/book-nav-->");

// chapters, in reading order
const chapters = [];
const chapterRe = /<!--chapter ([^ ]+)-->([\s\S]*?)<!--\/chapter-->/g;
let m;
while ((m = chapterRe.exec(html)) !== null) chapters.push({ id: m[1], body: m[2] });
if (chapters.length === 0) fail("no chapter markers (<!--chapter ID-->) in " + bookHtml);
chapters.forEach((ch, k) => {
  ch.file = k === 0 ? "index.html" : ch.id + ".html";
  const h1 = ch.body.match(/<h1[^>]*>([\s\S]*?)<\/h1>/);
  ch.title = h1 ? textOf(h1[1]) : ch.id;
});

function textOf(fragment) {
  return fragment.replace(/<[^>]+>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}
function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// which page holds each id
const pageOf = new Map();
chapters.forEach((ch) => {
  for (const idm of ch.body.matchAll(/\sid="([^"]+)"/g)) {
    if (pageOf.has(idm[1]) && pageOf.get(idm[1]) !== ch.file) fail("id '" + idm[1] + "' is used twice");
    pageOf.set(idm[1], ch.file);
  }
});
const pageLocal = new Set(["book-nav", "main"]);
for (const idm of nav.matchAll(/\sid="([^"]+)"/g)) pageLocal.add(idm[1]);

function relink(fragment, file, where) {
  return fragment.replace(/href="#([^"]*)"/g, (all, id) => {
    if (pageLocal.has(id) || /^cb\d+-\d+$/.test(id)) return all; // the panel, a code line's own anchor
    const target = pageOf.get(id);
    if (!target) fail(where + ": link to #" + id + ", which no page holds");
    return target === file ? all : 'href="' + target + "#" + id + '"';
  });
}

// figures: the drawing as a link to itself at full size, in a scrolling box
function figures(fragment) {
  return fragment.replace(/<img ([^>]*?)src="[^"]*?figures\/([^"/]+\.svg)"([^>]*)>/g, (all, a, file, b) =>
    '<span class="figure-scroll"><a class="figure-full" href="figures/' + file + '">' +
    "<img " + a + 'src="figures/' + file + '"' + b + "></a></span>");
}

// the search index: one document per section (h1 or h2 and what follows it)
const docs = [];
chapters.forEach((ch) => {
  const parts = ch.body.split(/(?=<h[12][ >])/);
  parts.forEach((part) => {
    const h = part.match(/^<h([12])[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/);
    if (!h) return;
    docs.push({ id: docs.length, title: textOf(h[3]), chapter: ch.title,
                href: ch.file + (h[1] === "1" ? "" : "#" + h[2]), text: textOf(part.slice(h[0].length)) });
  });
});
const searchOptions = { fields: ["title", "text"], storeFields: ["title", "chapter", "href"] };
const index = new MiniSearch(searchOptions);
index.addAll(docs);

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, "search-index.js"),
  "// the book's search index, built by book/js/split.js with MiniSearch\n" +
  "window.BOOK_SEARCH = { options: " + JSON.stringify(searchOptions) + ", index: " + JSON.stringify(index) + " };\n");
// the browser build (UMD) beside the CommonJS one this script loads
fs.copyFileSync(path.join(path.dirname(require.resolve("minisearch")), "..", "umd", "index.js"), path.join(outDir, "minisearch.js"));
fs.copyFileSync(path.join(__dirname, "book.js"), path.join(outDir, "book.js"));
fs.copyFileSync(path.join(__dirname, "..", "style.css"), path.join(outDir, "style.css"));

chapters.forEach((ch, k) => {
  let pageNav = relink(nav, ch.file, "the contents");
  // the panel marks the chapter on screen and for a screen reader
  pageNav = pageNav.replace('href="' + ch.file + '"', 'href="' + ch.file + '" aria-current="page"')
                   .replace('href="#' + ch.id + '"', 'href="#' + ch.id + '" aria-current="page"');
  const body = figures(relink(ch.body, ch.file, ch.title));
  const title = k === 0 ? bookTitle : ch.title + " — " + bookTitle;
  const page = `<!DOCTYPE html>
<html lang="en" xml:lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${styles}
<link rel="stylesheet" href="style.css">
</head>
<body>
<a class="skip-link" href="#main">Skip to the text</a>
${pageNav}
<main id="main" tabindex="-1">
${k === 0 ? titleBlock : ""}
${body}
</main>
<script src="minisearch.js"></script>
<script src="search-index.js"></script>
<script src="book.js"></script>
</body>
</html>
`;
  fs.writeFileSync(path.join(outDir, ch.file), page);
});
fs.writeFileSync(path.join(outDir, "pages.txt"), chapters.map((ch) => ch.file).join("\n") + "\n");
console.log("book: " + chapters.length + " pages, " + docs.length + " sections in the search index");
