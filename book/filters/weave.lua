-- weave.lua - weaves tested source code and real program output into the book.
--
--   ```{.c include="ch11_linked_lists/gpu/pointer_jump.cu" listing="pointer-jump-round"}
--   ```
-- is replaced by the lines between `[listing pointer-jump-round]` and the next
-- `[end]` in that file (the marker lines themselves are left out); without
-- `listing=` the whole file is included.
--
--   ```{.output name="ch03.work_span_cpu"}
--   ```
-- is replaced by the file build/book/outputs/<name>.txt, which
-- tools/book_outputs.sh writes from the chapters' book.list files (CPU programs are run
-- by the build; GPU outputs are committed H200 recordings).
-- An output block without a name holds its lines itself: the lines of an
-- edited program that a test checks against the program (book/tests/), shown
-- the same way, its first line "# ..." as the caption.
--
--   ![What the figure shows.](figure:NAME)
-- draws build/book/figures/NAME.svg (tools/book_figures.sh makes it from a
-- program's trace or from committed measurements), numbers it per chapter
-- ("Figure 3.2"), and ends its caption with the command that drew it; the
-- text cites it as @fig:NAME, which becomes a link "Figure 3.2".
--
--   ::: solution
--   ...
--   :::
-- becomes a worked solution that opens on click (<details>).
--
-- Anything missing stops the build with an error naming chapter and marker.

local outputs_dir = os.getenv("BOOK_OUTPUTS") or "build/book/outputs"
local figures_dir = os.getenv("BOOK_FIGURES") or "build/book/figures"
local figure_number = {} -- NAME -> "3.2", filled before the chapters are woven

local function read_file(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function fail(chapter, message)
  error("error: book chapter '" .. chapter .. "': " .. message, 0)
end

local function escape_pattern(s)
  return (s:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"))
end

-- The lines strictly between the start marker and the next [end].
local function extract_listing(text, name)
  local start_pat = "%[listing " .. escape_pattern(name) .. "%]"
  local lines, inside, found = {}, false, false
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if inside then
      if line:find("%[end%]") then return table.concat(lines, "\n"), true end
      table.insert(lines, line)
    elseif line:find(start_pat) then
      inside, found = true, true
    end
  end
  return nil, found
end

-- Drops the assignment markers (assignments/tools/): the BEGIN/END SOLUTION
-- lines and the commented-out STUDENT stub, so the book shows the solution.
local function strip_assignment_markers(text)
  local out, in_stub = {}, false
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if in_stub then
      if line:find("%*/") then in_stub = false end
    elseif line:find("/%*%s*STUDENT:") then
      in_stub = not line:find("%*/")
    elseif not (line:find("BEGIN SOLUTION") or line:find("END SOLUTION")) then
      table.insert(out, line)
    end
  end
  return table.concat(out, "\n")
end

-- Removes the indentation shared by all non-blank lines.
local function dedent(text)
  local min = nil
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if line:find("%S") then
      local indent = #line:match("^ *")
      if not min or indent < min then min = indent end
    end
  end
  if not min or min == 0 then return text end
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    table.insert(out, line:sub(min + 1))
  end
  return table.concat(out, "\n"):gsub("\n+$", "")
end

-- The widest line in characters (UTF-8 aware) and the number of lines.
local function measure(text)
  local widest, lines = 0, 0
  for line in (text .. "\n"):gmatch("(.-)\n") do
    lines = lines + 1
    local n = utf8.len(line) or #line
    if n > widest then widest = n end
  end
  return widest, lines
end

-- Code keeps one size on every medium; what differs is how a block fits.
-- A block of more than LONG_BLOCK lines may break across printed pages
-- (class "long": book/print.css marks the continuation); a shorter one is
-- kept whole. A block with a line wider than WIDE_LINE columns is "wide":
-- its long lines wrap under a hanging indent on paper and on a wide screen.
local LONG_BLOCK, WIDE_LINE = 24, 96

local function block_classes(text, classes)
  local widest, lines = measure(text)
  if lines > LONG_BLOCK then table.insert(classes, "long") end
  if widest > WIDE_LINE then table.insert(classes, "wide") end
  return classes
end

local function escape_html(s)
  return (s:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"))
end

-- Program output is shown exactly as printed. In HTML each line is its own
-- span, so that a wrapped line keeps a hanging indent (as pandoc's
-- highlighted code does) and a copy still gives the original lines.
local function output_block(text)
  if FORMAT:match("html") or FORMAT:match("epub") then
    local lines = {}
    for line in (text .. "\n"):gmatch("(.-)\n") do
      table.insert(lines, '<span class="ln">' .. escape_html(line) .. "</span>")
    end
    return pandoc.RawBlock("html", '<pre class="output"><code>' .. table.concat(lines, "\n") .. "</code></pre>")
  end
  return pandoc.CodeBlock(text, pandoc.Attr("", { "output" }))
end

-- A measured log committed as Markdown (tools/book_outputs.sh leaves
-- NAME.format saying so): its tables are shown as tables (their cells read
-- without typographic replacement, so `--on` stays two hyphens), its
-- headings as bold lines that stay out of the contents and outline, and
-- every other line verbatim, as the log has it.
local function markdown_output(text)
  local out, run, kind = {}, {}, nil
  local function flush()
    if #run == 0 then return end
    local body = table.concat(run, "\n")
    if kind == "table" then
      local doc = pandoc.read(body, "markdown-smart")
      for _, b in ipairs(doc.blocks) do table.insert(out, b) end
    elseif body:find("%S") then
      table.insert(out, output_block((body:gsub("^\n+", ""):gsub("\n+$", ""))))
    end
    run = {}
  end
  for line in (text .. "\n"):gmatch("(.-)\n") do
    local heading = line:match("^#+%s+(.*)$")
    local this = line:match("^%s*|") and "table" or "text"
    if heading then
      flush(); kind = nil
      table.insert(out, pandoc.Para({ pandoc.Strong({ pandoc.Str(heading) }) }))
    else
      if this ~= kind then flush(); kind = this end
      table.insert(run, line)
    end
  end
  flush()
  return out
end

local function include_listing(cb, chapter)
  local path = cb.attributes.include
  local name = cb.attributes.listing
  local text = read_file(path)
  if not text then fail(chapter, "listing source '" .. path .. "' not found") end
  if name then
    local body, started = extract_listing(text, name)
    if not started then fail(chapter, "marker [listing " .. name .. "] not found in " .. path) end
    if not body then fail(chapter, "marker [listing " .. name .. "] in " .. path .. " has no [end]") end
    text = dedent(body)
  end
  text = strip_assignment_markers(text)
  cb.text = text:gsub("\n+$", "")
  cb.attributes.include = nil
  cb.attributes.listing = nil
  local label = pandoc.Plain({ pandoc.Code(path), pandoc.Str(name and (" — " .. name) or "") })
  return pandoc.Div({ label, cb }, pandoc.Attr("", block_classes(cb.text, { "listing" })))
end

-- An output as it was printed; a first line "# ..." is its caption.
local function output_div(text, markdown)
  local caption = nil
  local first, rest = text:match("^# ([^\n]*)\n(.*)$")
  if first then caption, text = first, rest end
  text = text:gsub("\n+$", "")
  local parts = {}
  if caption then table.insert(parts, pandoc.Plain({ pandoc.Emph({ pandoc.Str(caption) }) })) end
  if markdown then
    for _, b in ipairs(markdown_output(text)) do table.insert(parts, b) end
    return pandoc.Div(parts, pandoc.Attr("", { "program-output", "measured-markdown" }))
  end
  table.insert(parts, output_block(text))
  return pandoc.Div(parts, pandoc.Attr("", block_classes(text, { "program-output" })))
end

local function include_output(cb, chapter)
  local name = cb.attributes.name
  local path = outputs_dir .. "/" .. name .. ".txt"
  local text = read_file(path)
  if not text then fail(chapter, "program output '" .. name .. "' not found (" .. path .. "; is it named in its chapter's book.list?)") end
  return output_div(text, (read_file(outputs_dir .. "/" .. name .. ".format") or ""):match("^markdown"))
end

-- The chapter's number as its title gives it ("Chapter 3 — ..." -> "3"); the
-- front matter's figures are numbered 0.k.
local function chapter_number(title)
  return title:match("^Chapter (%d+)") or "0"
end

local function figure_name(img)
  return img.src:match("^figure:([%w_.%-]+)$")
end

-- First pass: every figure's number, in reading order, per chapter.
local function number_figures(blocks)
  local chapter, count = "0", 0
  for _, blk in ipairs(blocks) do
    if blk.t == "Header" and blk.level == 1 then
      chapter, count = chapter_number(pandoc.utils.stringify(blk)), 0
    end
    pandoc.walk_block(blk, { Para = function(para)
      -- a figure is an image alone in its paragraph; with text beside it,
      -- Pandoc makes it an inline image without a caption
      for _, inl in ipairs(para.content) do
        if inl.t == "Image" and figure_name(inl) and #para.content > 1 then
          error("error: figure '" .. figure_name(inl) .. "' must stand alone in its paragraph (a blank line after it)", 0)
        end
      end
    end })
    pandoc.walk_block(blk, { Image = function(img)
      local name = figure_name(img)
      if name then
        if figure_number[name] then error("error: figure '" .. name .. "' is shown twice", 0) end
        count = count + 1
        figure_number[name] = chapter .. "." .. count
      end
    end })
  end
end

-- The width of an SVG's drawing in CSS pixels, from its root element.
local function svg_width(text)
  local root = text:match("<svg[^>]*>")
  if not root then return nil end
  local value, unit = root:match('%swidth="([%d.]+)(%a*)"')
  if not value then
    local vb = root:match('viewBox="[-%d.]+[%s,]+[-%d.]+[%s,]+([%d.]+)')
    return vb and math.floor(tonumber(vb) + 0.5)
  end
  local scale = ({ [""] = 1, px = 1, pt = 4 / 3, ["in"] = 96, cm = 96 / 2.54, mm = 96 / 25.4 })[unit]
  return scale and math.floor(tonumber(value) * scale + 0.5)
end

local function weave_figure(img, chapter)
  local name = figure_name(img)
  if not name then return img end
  local svg = figures_dir .. "/" .. name .. ".svg"
  if not read_file(svg) then fail(chapter, "figure '" .. name .. "' was not drawn (" .. svg .. "; is it in book.list or figures/?)") end
  local cmd = read_file(figures_dir .. "/" .. name .. ".cmd") or ""
  -- the alternative text is the caption's description (what the figure
  -- shows), without the number and the command; the caption stays visible
  -- to a screen reader as well
  img.attributes.alt = pandoc.utils.stringify(img.caption)
  if img.attributes.alt == "" then fail(chapter, "figure '" .. name .. "' has no caption saying what it shows") end
  -- its drawn width: a narrow screen shows it at no less than 80 % of it,
  -- in a box that scrolls (book/style.css)
  local width = svg_width(read_file(svg))
  if width then img.attributes.style = "--fig-w:" .. width .. "px" end
  local caption = { pandoc.Strong({ pandoc.Str("Figure " .. figure_number[name] .. ".") }), pandoc.Space() }
  for _, inl in ipairs(img.caption) do table.insert(caption, inl) end
  if cmd ~= "" then
    table.insert(caption, pandoc.Space())
    table.insert(caption, pandoc.Emph({ pandoc.Str("Drawn by") }))
    table.insert(caption, pandoc.Space())
    table.insert(caption, pandoc.Code((cmd:gsub("\n+$", ""))))
    table.insert(caption, pandoc.Str("."))
  end
  img.src = svg
  img.caption = caption
  img.attr = pandoc.Attr("fig-" .. name, img.classes, img.attributes)
  return img
end

local function weave_cite(cite, chapter)
  local id = cite.citations[1] and cite.citations[1].id or ""
  local name = id:match("^fig:(.+)$")
  if not name then return cite end
  local number = figure_number[name]
  if not number then fail(chapter, "@fig:" .. name .. " cites a figure the book does not show") end
  return pandoc.Link({ pandoc.Str("Figure " .. number) }, "#fig-" .. name)
end

local function weave_inlines(blk, chapter)
  return pandoc.walk_block(blk, {
    Image = function(img) return weave_figure(img, chapter) end,
    Cite = function(c) return weave_cite(c, chapter) end })
end

local function weave_block(blk, chapter)
  if blk.t == "CodeBlock" then
    if blk.attributes.include then return include_listing(blk, chapter) end
    if blk.classes:includes("output") and blk.attributes.name then return include_output(blk, chapter) end
    if blk.classes:includes("output") then return output_div(blk.text, false) end
    return blk
  end
  if blk.t == "Div" and blk.classes:includes("solution") then
    local inner = pandoc.walk_block(pandoc.Div(blk.content), {
      CodeBlock = function(cb) return weave_block(cb, chapter) end })
    local blocks = { pandoc.RawBlock("html", '<details class="solution"><summary>Worked solution</summary>') }
    for _, b in ipairs(inner.content) do table.insert(blocks, b) end
    table.insert(blocks, pandoc.RawBlock("html", "</details>"))
    return blocks
  end
  blk = pandoc.walk_block(blk, { CodeBlock = function(cb) return weave_block(cb, chapter) end })
  return weave_inlines(blk, chapter)
end

function Pandoc(doc)
  local chapter = "(front matter)"
  local out = {}
  number_figures(doc.blocks)
  for _, blk in ipairs(doc.blocks) do
    if blk.t == "Header" and blk.level == 1 then chapter = pandoc.utils.stringify(blk) end
    local woven = weave_block(blk, chapter)
    if woven.t then table.insert(out, woven) else
      for _, b in ipairs(woven) do table.insert(out, b) end
    end
  end
  return pandoc.Pandoc(out, doc.meta)
end
