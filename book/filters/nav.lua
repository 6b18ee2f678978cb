-- nav.lua - the HTML book's navigation, which stays in reach while reading.
--
-- For the screen HTML only (not the EPUB, whose reader has its own, nor the
-- print HTML, whose contents page pandoc writes with --toc):
--  * a contents panel, <nav id="book-nav">, built from the chapter (h1) and
--    section (h2) headings: a fixed sidebar on a wide screen, a sticky bar
--    that opens the contents on a narrow one (book/style.css);
--  * at the end of every chapter, links to the previous and the next chapter
--    and back to the contents.
-- A small inline script opens the panel on a wide screen and closes it on a
-- narrow one after a link is followed; without scripts the panel still opens
-- and closes by its summary.

local SCRIPT = [[
<script>
(function () {
  var menu = document.querySelector("#book-nav details");
  if (!menu) return;
  var wide = window.matchMedia("(min-width: 1000px)");
  function fit() { menu.open = wide.matches; }
  fit();
  wide.addEventListener("change", fit);
  menu.addEventListener("click", function (e) {
    if (!wide.matches && e.target.closest("a")) menu.open = false;
  });
})();
</script>]]

-- A heading's text for the contents: links unwrapped, notes dropped.
local function plain_heading(h)
  return pandoc.walk_block(pandoc.Plain(h.content), {
    Link = function(l) return l.content end,
    Note = function() return {} end }).content
end

local function collect_chapters(blocks)
  local chapters = {}
  for _, blk in ipairs(blocks) do
    if blk.t == "Header" and blk.identifier ~= "" then
      if blk.level == 1 then
        table.insert(chapters, { id = blk.identifier, title = plain_heading(blk), sections = {} })
      elseif blk.level == 2 and #chapters > 0 then
        table.insert(chapters[#chapters].sections, { id = blk.identifier, title = plain_heading(blk) })
      end
    end
  end
  return chapters
end

local function contents(chapters)
  local items = {}
  for _, ch in ipairs(chapters) do
    local sub = {}
    for _, s in ipairs(ch.sections) do
      table.insert(sub, { pandoc.Plain({ pandoc.Link(s.title, "#" .. s.id) }) })
    end
    local item = { pandoc.Plain({ pandoc.Link(ch.title, "#" .. ch.id) }) }
    if #sub > 0 then table.insert(item, pandoc.BulletList(sub)) end
    table.insert(items, item)
  end
  local out = { pandoc.RawBlock("html",
    '<nav id="book-nav" aria-label="Contents"><details><summary>Contents</summary>') }
  table.insert(out, pandoc.BulletList(items))
  table.insert(out, pandoc.RawBlock("html", "</details></nav>"))
  return out
end

local function chapter_links(chapters, k)
  local parts = {}
  local prev, nxt = chapters[k - 1], chapters[k + 1]
  if prev then
    local t = { pandoc.Str("← ") }; for _, i in ipairs(prev.title) do table.insert(t, i) end
    table.insert(parts, pandoc.Link(t, "#" .. prev.id, "", pandoc.Attr("", { "prev" })))
  end
  table.insert(parts, pandoc.Link({ pandoc.Str("Contents") }, "#book-nav", "", pandoc.Attr("", { "up" })))
  if nxt then
    local t = {}; for _, i in ipairs(nxt.title) do table.insert(t, i) end
    table.insert(t, pandoc.Str(" →"))
    table.insert(parts, pandoc.Link(t, "#" .. nxt.id, "", pandoc.Attr("", { "next" })))
  end
  local line = {}
  for i, p in ipairs(parts) do
    if i > 1 then table.insert(line, pandoc.Space()) end
    table.insert(line, p)
  end
  return pandoc.Div({ pandoc.Plain(line) }, pandoc.Attr("", { "chapter-nav" }))
end

function Pandoc(doc)
  local medium = pandoc.utils.stringify(doc.meta["book-medium"] or "screen")
  if not FORMAT:match("html") or FORMAT:match("epub") or medium == "print" then return nil end
  local chapters = collect_chapters(doc.blocks)
  local out = pandoc.List(contents(chapters))
  local k = 0
  for _, blk in ipairs(doc.blocks) do
    if blk.t == "Header" and blk.level == 1 and blk.identifier ~= "" then
      if k > 0 then out:insert(chapter_links(chapters, k)) end
      k = k + 1
    end
    out:insert(blk)
  end
  if k > 0 then out:insert(chapter_links(chapters, k)) end
  out:insert(pandoc.RawBlock("html", SCRIPT))
  doc.blocks = out
  return doc
end
