// book_layout_probe.js - run inside the HTML book by tools/check_book_layout.sh
// (headless Chromium at a given window width). It measures layout facts and
// appends them to the page as <pre id="layout-probe">, one "ok:"/"FAIL:" line
// each, which the script reads from --dump-dom.
window.addEventListener("load", function () {
  var lines = [], W = window.innerWidth, H = window.innerHeight;
  function check(good, what) { lines.push((good ? "ok: " : "FAIL: ") + what); }
  lines.push("width: " + W);
  var nav = document.getElementById("book-nav");
  check(!!nav, "the contents panel #book-nav exists");
  [0.5, 0.98].forEach(function (at) {
    window.scrollTo(0, (document.documentElement.scrollHeight - H) * at);
    if (!nav) return;
    var r = nav.getBoundingClientRect();
    check(r.width > 0 && r.height > 0 && r.top < H && r.bottom > 0 && r.top >= -1 && r.left >= -1,
          "contents panel in view when scrolled to " + Math.round(at * 100) + "% (top " +
          Math.round(r.top) + ", height " + Math.round(r.height) + ")");
  });
  window.scrollTo(0, 0);
  var main = document.querySelector("h1:not(.title)");
  if (nav && main && W >= 1000) {
    check(nav.getBoundingClientRect().right <= main.getBoundingClientRect().left + 1,
          "the sidebar does not cover the text");
  }
  var wrapped = 0, outputs = document.querySelectorAll(".program-output pre, .listing pre");
  outputs.forEach(function (pre) {
    var code = pre.querySelector("code") || pre;
    var ws = getComputedStyle(code).whiteSpace + "/" + getComputedStyle(pre).whiteSpace;
    var n = code.textContent.replace(/\n$/, "").split("\n").length;
    var lh = parseFloat(getComputedStyle(code).lineHeight);
    var h = code.getBoundingClientRect().height;
    if (ws !== "pre/pre" || h > (n + 0.6) * lh) {
      wrapped++;
      if (wrapped <= 5) lines.push("FAIL: block wraps (" + ws + ", " + n + " lines, " +
                                   Math.round(h / lh) + " line heights): " + code.textContent.slice(0, 60));
    }
  });
  check(outputs.length > 0 && wrapped === 0, outputs.length + " listing and output blocks keep their lines");
  var wide = 0, figs = document.querySelectorAll("figure img");
  figs.forEach(function (img) {
    var r = img.getBoundingClientRect(), box = img.parentElement.getBoundingClientRect();
    if (!(img.naturalWidth > 0 && r.width > 0 && r.right <= Math.min(W, box.right) + 1 && r.left >= -1)) {
      wide++; lines.push("FAIL: figure not shown within the text: " + (img.id || img.src.slice(0, 40)));
    }
  });
  check(figs.length > 0 && wide === 0, figs.length + " figures drawn within the text width");
  check(document.documentElement.scrollWidth <= W + 1,
        "nothing widens the page (" + document.documentElement.scrollWidth + " px)");
  var tables = document.querySelectorAll(".measured-markdown table");
  check(tables.length > 0, tables.length + " measured Markdown tables rendered as tables");
  var out = document.createElement("pre");
  out.id = "layout-probe";
  out.textContent = "\n" + lines.join("\n") + "\n";
  document.body.appendChild(out);
});
