-- nav.lua - the HTML book's navigation, which stays in reach while reading.
--
-- For the screen HTML only (not the EPUB, whose reader has its own, nor the
-- print HTML, whose contents page pandoc writes with --toc):
--  * a contents panel, <nav id="book-nav">, built from the chapter (h1) and
--    section (h2) headings: a fixed sidebar on a wide screen, a sticky bar
--    that opens the contents on a narrow one (book/style.css);
--  * a search box above the contents (book/js/book.js answers it);
--  * at the end of every chapter, links to the previous and the next chapter
--    and back to the contents;
--  * comments that mark the panel (<!--book-nav-->) and each chapter
--    (<!--chapter ID--> ... <!--/chapter-->), where book/js/split.js cuts
--    the book into one page per chapter.
-- book/js/book.js opens the panel on a wide screen, closes it on a narrow one
-- after a link is followed, and marks the section being read; without
-- scripts the panel still opens and closes by its summary.

-- The search box: book/js/book.js answers it from the prebuilt index that
-- book/js/split.js writes (MiniSearch); without scripts it is hidden.
local SEARCH = [[
<form id="book-search" role="search" hidden>
<label for="book-search-input">Search the book</label>
<input type="search" id="book-search-input" autocomplete="off" aria-describedby="book-search-status">
<p id="book-search-status" class="search-status" role="status" aria-live="polite"></p>
<ol id="book-search-results"></ol>
</form>]]

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
  local out = { pandoc.RawBlock("html", '<!--book-nav-->'),
    pandoc.RawBlock("html", '<nav id="book-nav" aria-label="Contents">' .. SEARCH ..
      '<details><summary>Contents</summary>') }
  table.insert(out, pandoc.BulletList(items))
  table.insert(out, pandoc.RawBlock("html", "</details></nav>"))
  table.insert(out, pandoc.RawBlock("html", '<!--/book-nav-->'))
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
  return pandoc.Div({ pandoc.Plain(line) }, pandoc.Attr("", { "chapter-nav" }, { role = "navigation", ["aria-label"] = "Chapters" }))
end

function Pandoc(doc)
  local medium = pandoc.utils.stringify(doc.meta["book-medium"] or "screen")
  if not FORMAT:match("html") or FORMAT:match("epub") or medium == "print" then return nil end
  local chapters = collect_chapters(doc.blocks)
  local out = pandoc.List(contents(chapters))
  local k = 0
  for _, blk in ipairs(doc.blocks) do
    if blk.t == "Header" and blk.level == 1 and blk.identifier ~= "" then
      if k > 0 then
        out:insert(chapter_links(chapters, k))
        out:insert(pandoc.RawBlock("html", "<!--/chapter-->"))
      end
      k = k + 1
      out:insert(pandoc.RawBlock("html", "<!--chapter " .. blk.identifier .. "-->"))
    end
    out:insert(blk)
  end
  if k > 0 then
    out:insert(chapter_links(chapters, k))
    out:insert(pandoc.RawBlock("html", "<!--/chapter-->"))
  end
  doc.blocks = out
  return doc
end
