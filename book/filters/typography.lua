-- typography.lua - one notation for powers in prose, tables and captions.
--
-- The Markdown sources write a power the way a programmer types it, 2^20,
-- 10^6, 2^-52 or 2^*r*; the book prints every one as a superscript (2<sup>20</sup>),
-- in every format. Code and math are left alone: `1 << 20` and `2^K` inside
-- backticks are code, and $2^{20}$ is already typeset by MathML.
--
-- Runs after weave.lua, so the captions weave.lua writes (output captions,
-- figure captions) are covered too.

-- An exponent: an optional sign and a run of letters and digits.
local EXPONENT = "^%^([%-+]?[%w]+)"

local function superscript(exp)
  exp = exp:gsub("^%-", "−") -- a true minus sign, as in 2⁻⁵²
  return pandoc.Superscript({ pandoc.Str(exp) })
end

-- Splits one Str at its carets; `trailing` is true when it ends in a caret
-- with no exponent after it (2^*r*: the exponent is the next inline).
local function split_str(text)
  local out, trailing = {}, false
  while true do
    local at = text:find("%^")
    if not at then break end
    local exp = text:sub(at):match(EXPONENT)
    if exp then
      if at > 1 then table.insert(out, pandoc.Str(text:sub(1, at - 1))) end
      table.insert(out, superscript(exp))
      text = text:sub(at + 1 + #exp)
    elseif at == #text then
      if at > 1 then table.insert(out, pandoc.Str(text:sub(1, at - 1))) end
      text, trailing = "", true
      break
    else
      -- a caret that starts no exponent (e.g. "^(") is left as written
      table.insert(out, pandoc.Str(text:sub(1, at)))
      text = text:sub(at + 1)
    end
  end
  if text ~= "" then table.insert(out, pandoc.Str(text)) end
  return out, trailing
end

local RAISABLE = { Str = true, Emph = true, Strong = true, Math = true, Span = true }

function Inlines(inlines)
  local out, i, changed = pandoc.List(), 1, false
  while i <= #inlines do
    local el = inlines[i]
    if el.t == "Str" and el.text:find("%^") then
      local parts, trailing = split_str(el.text)
      out:extend(parts)
      changed = true
      local nxt = inlines[i + 1]
      if trailing and nxt and RAISABLE[nxt.t] then
        out:insert(pandoc.Superscript({ nxt }))
        i = i + 1
      elseif trailing then
        out:insert(pandoc.Str("^"))
      end
    else
      out:insert(el)
    end
    i = i + 1
  end
  if changed then return out end
  return nil
end
