// book.js - the HTML book's contents panel and search box, on every page.
//  * The panel (book/filters/nav.lua) is open on a wide screen, a bar that
//    opens on a narrow one and closes after a link is followed.
//  * As the reader scrolls, the panel marks the section in view
//    (aria-current="location") and keeps its entry visible.
//  * The search box answers from the prebuilt MiniSearch index
//    (search-index.js, written by book/js/split.js); no network is used.
(function () {
  "use strict";
  var nav = document.getElementById("book-nav");
  if (!nav) return;
  var menu = nav.querySelector("details");
  var wide = window.matchMedia("(min-width: 1000px)");

  function fit() { if (menu) menu.open = wide.matches; }
  fit();
  wide.addEventListener("change", fit);
  if (menu) {
    menu.addEventListener("click", function (e) {
      if (!wide.matches && e.target.closest("a")) menu.open = false;
    });
  }

  // --- blocks that scroll sideways ----------------------------------------
  // A listing or output wider than its box (on a narrow screen) scrolls
  // inside it; the keyboard reaches it (Tab, then the arrow keys) only if
  // it can take the focus, so such a block gets tabindex 0, and a block that
  // fits gets none (no needless stops on the way through a chapter).
  function markScrollers() {
    document.querySelectorAll("main pre").forEach(function (pre) {
      if (pre.scrollWidth > pre.clientWidth + 1) pre.setAttribute("tabindex", "0");
      else pre.removeAttribute("tabindex");
    });
  }
  markScrollers();
  var resizing = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(markScrollers, 150);
  });

  // --- the section in view ---------------------------------------------
  var page = location.pathname.split("/").pop() || "index.html";
  var links = {};
  nav.querySelectorAll("details a[href]").forEach(function (a) {
    var href = a.getAttribute("href");
    var id = href.charAt(0) === "#" ? href.slice(1)
           : (href.split("#")[0] === page && href.indexOf("#") > 0 ? href.split("#")[1] : null);
    if (id) links[id] = a;
  });
  var headings = Array.prototype.filter.call(document.querySelectorAll("main h1[id], main h2[id]"),
                                             function (h) { return links[h.id]; });
  var current = null;
  function mark() {
    var line = window.innerHeight * 0.25, found = headings[0];
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].getBoundingClientRect().top <= line) found = headings[i]; else break;
    }
    var a = found ? links[found.id] : null;
    if (a === current) return;
    if (current) { current.removeAttribute("aria-current"); current.classList.remove("current"); }
    current = a;
    if (!a) return;
    if (a.getAttribute("aria-current") !== "page") a.setAttribute("aria-current", "location");
    a.classList.add("current");
    if (wide.matches) {
      var box = nav.getBoundingClientRect(), r = a.getBoundingClientRect();
      if (r.top < box.top + 40 || r.bottom > box.bottom - 20) {
        nav.scrollTop += r.top - box.top - box.height / 3;
      }
    }
  }
  var pending = false;
  window.addEventListener("scroll", function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; mark(); });
  }, { passive: true });
  mark();

  // --- search ------------------------------------------------------------
  var form = document.getElementById("book-search");
  if (!form || !window.MiniSearch || !window.BOOK_SEARCH) return;
  var input = document.getElementById("book-search-input");
  var list = document.getElementById("book-search-results");
  var status = document.getElementById("book-search-status");
  var index = null;
  form.hidden = false;
  function search() {
    var q = input.value.trim();
    list.textContent = "";
    if (q.length < 2) { status.textContent = ""; return; }
    if (!index) index = window.MiniSearch.loadJS(window.BOOK_SEARCH.index, window.BOOK_SEARCH.options);
    var hits = index.search(q, { prefix: true, fuzzy: 0.15, boost: { title: 2 }, combineWith: "AND" });
    status.textContent = hits.length === 0 ? "No section matches." :
      hits.length + (hits.length === 1 ? " section matches" : " sections match") +
      (hits.length > 12 ? "; the first 12:" : ":");
    hits.slice(0, 12).forEach(function (hit) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = hit.href;
      a.textContent = hit.title;
      var where = document.createElement("span");
      where.className = "search-chapter";
      where.textContent = hit.chapter;
      li.appendChild(a);
      li.appendChild(where);
      list.appendChild(li);
    });
  }
  input.addEventListener("input", search);
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var first = list.querySelector("a");
    if (first) location.href = first.href;
  });
})();
