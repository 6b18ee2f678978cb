// book_layout_probe.js - measured inside a page of the HTML book by
// book/js/check.js (headless Chromium at a given window width). Defines
// bookLayoutProbe(), which returns one "ok: ..." or "FAIL: ..." line per
// fact. The facts:
//  - the contents panel is in view wherever one has scrolled to (a sidebar
//    when wide, a sticky bar when narrow) and covers no text;
//  - it follows the scroll: the section heading nearest the top is the one
//    the panel marks (aria-current), on a wide screen;
//  - on a wide screen (>= 1000 px) no listing or output block scrolls
//    sideways (long lines wrap); on any screen nothing widens the page;
//  - every table fits its column, or sits in its own scrolling box that does
//    and that the keyboard can reach; nothing of it is cut off;
//  - every figure is a link to its full-size drawing, and on a narrow screen
//    is drawn at no less than 80 % of its size (scrolling inside its box),
//    on a wide one within the text width.
window.bookLayoutProbe = async function () {
  var lines = [], W = window.innerWidth, H = window.innerHeight;
  function check(good, what) { lines.push((good ? "ok: " : "FAIL: ") + what); }
  function frame() { return new Promise(function (r) { requestAnimationFrame(function () { setTimeout(r, 30); }); }); }
  var main = document.querySelector("main");
  check(!!main, "the page has a main landmark");
  if (!main) return lines;
  var nav = document.getElementById("book-nav");
  check(!!nav, "the contents panel #book-nav exists");
  for (var at of [0.5, 0.98]) {
    window.scrollTo(0, (document.documentElement.scrollHeight - H) * at);
    await frame();
    if (!nav) break;
    var r = nav.getBoundingClientRect();
    check(r.width > 0 && r.height > 0 && r.top < H && r.bottom > 0 && r.top >= -1 && r.left >= -1,
          "contents panel in view when scrolled to " + Math.round(at * 100) + "% (top " +
          Math.round(r.top) + ", height " + Math.round(r.height) + ")");
  }
  window.scrollTo(0, 0);
  await frame();
  var col = main.getBoundingClientRect();
  if (nav && W >= 1000) {
    check(nav.getBoundingClientRect().right <= col.left + 1, "the sidebar does not cover the text");
    // the panel follows the scroll: bring each of a few sections to the top
    var hs = Array.prototype.slice.call(main.querySelectorAll("h2[id]"));
    var picks = hs.length ? [hs[0], hs[Math.floor(hs.length / 2)], hs[hs.length - 1]] : [];
    var missed = 0;
    for (var h of picks) {
      window.scrollTo(0, window.scrollY + h.getBoundingClientRect().top - 20);
      await frame();
      var cur = nav.querySelector("a.current");
      var href = cur ? cur.getAttribute("href") : "";
      var atEnd = window.scrollY + H >= document.documentElement.scrollHeight - 2;
      if (!(href.endsWith("#" + h.id) || atEnd)) { missed++; lines.push("FAIL: at section #" + h.id + " the panel marks " + href); }
      else if (cur) {
        var c = cur.getBoundingClientRect(), n = nav.getBoundingClientRect();
        if (c.top < n.top - 1 || c.bottom > n.bottom + 1) { missed++; lines.push("FAIL: the panel's entry for #" + h.id + " is scrolled out of its view"); }
      }
    }
    check(picks.length === 0 || missed === 0, "the panel marks the section in view (" + picks.length + " sections tried)");
    window.scrollTo(0, 0);
    await frame();
  }
  var scrolled = 0, blocks = main.querySelectorAll(".program-output pre, .listing pre");
  blocks.forEach(function (pre) {
    if (pre.scrollWidth > pre.clientWidth + 1) {
      scrolled++;
      if (W >= 1000 && scrolled <= 5) lines.push("FAIL: block scrolls sideways (" + pre.scrollWidth + " > " + pre.clientWidth + " px): " + pre.textContent.slice(0, 60));
    }
    var r = pre.getBoundingClientRect();
    if (r.right > col.right + 1) lines.push("FAIL: block wider than the text: " + pre.textContent.slice(0, 60));
  });
  if (W >= 1000) check(scrolled === 0, blocks.length + " listing and output blocks: none scrolls sideways");
  else lines.push("info: " + blocks.length + " listing and output blocks, " + scrolled + " scroll in their own box");
  var badTables = 0, tables = main.querySelectorAll("table");
  tables.forEach(function (t) {
    var box = t.closest(".table-scroll"), name = t.querySelector("caption") ? t.querySelector("caption").textContent.slice(0, 40) : "a table";
    var tr = t.getBoundingClientRect();
    if (tr.width <= col.width + 1 && tr.right <= col.right + 1) return; // fits its column
    var ok = box && box.getBoundingClientRect().right <= col.right + 1 && box.getBoundingClientRect().left >= col.left - 1 &&
             getComputedStyle(box).overflowX === "auto" && box.tabIndex === 0 && box.scrollWidth >= t.scrollWidth;
    if (!ok) { badTables++; lines.push("FAIL: " + name + " is wider than its column (" + Math.round(tr.width) + " px) and not in a scrolling box"); }
  });
  check(badTables === 0, tables.length + " tables fit their column or scroll in their own box");
  var badFigs = 0, figs = main.querySelectorAll("figure img");
  figs.forEach(function (img) {
    var r = img.getBoundingClientRect(), name = img.id || img.getAttribute("src");
    var link = img.closest("a.figure-full"), scale = r.width / img.naturalWidth;
    var why = [];
    if (!(img.naturalWidth > 0)) why.push("not drawn");
    if (!link || link.getAttribute("href") !== img.getAttribute("src")) why.push("no link to its full size");
    if (!img.alt || /\.svg$|^figure/i.test(img.alt)) why.push("no alternative text saying what it shows");
    if (W < 1000 && scale < 0.8 - 0.005) why.push("drawn at " + Math.round(scale * 100) + " % of its size");
    var box = img.closest(".figure-scroll");
    if (!box || box.getBoundingClientRect().right > col.right + 1) why.push("its box is wider than the text");
    if (W >= 1000 && r.right > col.right + 1) why.push("wider than the text");
    if (why.length) { badFigs++; lines.push("FAIL: figure " + name + ": " + why.join(", ")); }
  });
  check(figs.length === 0 || badFigs === 0, figs.length + " figures readable (full-size link" + (W < 1000 ? ", at least 80 % of their size" : ", within the text") + ")");
  check(document.documentElement.scrollWidth <= W + 1,
        "nothing widens the page (" + document.documentElement.scrollWidth + " px)");
  return lines;
};
