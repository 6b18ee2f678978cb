-- tables.lua - numbers every table per chapter, as weave.lua numbers figures.
--
-- Each table's caption starts with "Table 3.2." followed by the caption the
-- source gives it, if any (`Table: caption` or `: caption` under the table).
-- A caption that ends in {#tbl:NAME} names the table; the text cites it as
-- @tbl:NAME, which becomes a link "Table 3.2". Tables woven in from measured
-- Markdown logs are numbered like the rest. Every table is wrapped in a
-- <div class="table-scroll">, its own scrolling box. Runs after weave.lua.

local table_number = {} -- NAME -> "3.2"

local function chapter_number(title)
  -- the answers appendix numbers its tables A.1, A.2, ...
  return title:match("^Chapter (%d+)") or (title:match("^Answers") and "A") or "0"
end

-- Removes a trailing {#tbl:NAME} from caption inlines; returns NAME or nil.
local function take_name(inlines)
  local last = inlines[#inlines]
  if not (last and last.t == "Str") then return nil end
  local name = last.text:match("^{#tbl:([%w_.%-]+)}$")
  if not name then return nil end
  inlines:remove(#inlines)
  while #inlines > 0 and inlines[#inlines].t == "Space" do inlines:remove(#inlines) end
  return name
end

local function caption_inlines(tbl)
  local long = tbl.caption.long
  if #long == 0 then return pandoc.List() end
  return pandoc.List(long[1].content or {})
end

-- Pandoc sizes the columns of a table with long lines by the dashes of its
-- source's separator row, which can leave a number column at 4 % of the
-- width; the widths are dropped, and the browser sizes each column by what
-- it holds.
local function natural_widths(tbl)
  for i, cs in ipairs(tbl.colspecs) do tbl.colspecs[i] = { cs[1], nil } end
end

local function number_table(tbl, number)
  natural_widths(tbl)
  local inlines = caption_inlines(tbl)
  local name = take_name(inlines)
  local label = { pandoc.Strong({ pandoc.Str("Table " .. number .. ".") }) }
  if #inlines > 0 then table.insert(label, pandoc.Space()) end
  for _, inl in ipairs(inlines) do table.insert(label, inl) end
  tbl.caption.long = { pandoc.Plain(label) }
  if name then
    if table_number[name] then error("error: table '" .. name .. "' is named twice", 0) end
    table_number[name] = number
    tbl.attr = pandoc.Attr("tbl-" .. name, tbl.classes, tbl.attributes)
  end
  -- a table wider than the text scrolls inside its own box, which the
  -- keyboard can reach (focus, then the arrow keys) and a screen reader
  -- names by the table's number
  return pandoc.Div({ tbl }, pandoc.Attr("", { "table-scroll" },
    { tabindex = "0", role = "region", ["aria-label"] = "Table " .. number }))
end

local function cite_table(cite)
  local id = cite.citations[1] and cite.citations[1].id or ""
  local name = id:match("^tbl:(.+)$")
  if not name then return nil end
  local number = table_number[name]
  if not number then error("error: @tbl:" .. name .. " cites a table the book does not show", 0) end
  return pandoc.Link({ pandoc.Str("Table " .. number) }, "#tbl-" .. name)
end

function Pandoc(doc)
  local chapter, count = "0", 0
  local blocks = pandoc.List()
  for _, blk in ipairs(doc.blocks) do
    if blk.t == "Header" and blk.level == 1 then
      chapter, count = chapter_number(pandoc.utils.stringify(blk)), 0
    end
    local function number(tbl)
      count = count + 1
      return number_table(tbl, chapter .. "." .. count)
    end
    -- walk_block visits what a block contains, not the block itself
    if blk.t == "Table" then blocks:insert(number(blk))
    else blocks:insert(pandoc.walk_block(blk, { Table = number })) end
  end
  doc.blocks = blocks
  return doc:walk({ Cite = cite_table })
end
