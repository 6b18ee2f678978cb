-- links.lua - links to files of the repository, valid in every format.
--
-- A chapter links to a repository file by its path from the repository root
-- (`[RESULTS.md](ch11_linked_lists/RESULTS.md)`) or relative to build/book/
-- (`../../ch11_linked_lists/RESULTS.md`). The file must exist: a link to a
-- path that is not in the repository stops the build.
--
-- * HTML (build/book/index.html) is read inside a clone: the link stays
--   relative, ../../PATH, and opens the file next to the book.
-- * EPUB and PDF travel without the repository, where a relative path is a
--   dead link. With `repository-url` set in book/metadata.yaml (the address
--   under which a file's path opens it, e.g. https://host/org/repo/blob/main)
--   the link points there. Without one the link becomes plain text naming the
--   path, which a reader can always look up in a clone; we print no address
--   that might not exist.
--
-- The medium is FORMAT (epub3) and the metadata variable book-medium
-- (print for the HTML that tools/book_pdf.sh prints).

local repository_url, medium = "", "screen"

local function is_repository_path(target)
  if target == "" or target:sub(1, 1) == "#" then return false end
  if target:match("^%a[%w+.%-]*:") then return false end -- http:, mailto:, data:, figure:
  return true
end

local function exists(path)
  local ok = os.rename(path, path) -- true for files and folders alike
  return ok ~= nil
end

local function repository_path(target)
  local path = target:gsub("^%./", ""):gsub("^%.%./%.%./", "")
  local bare = path:gsub("#.*$", ""):gsub("/$", "")
  if bare == "" or bare:find("%.%.") or not exists(bare) then
    error("error: book: link to '" .. target .. "': no such file in the repository "
      .. "(write the path from the repository root)", 0)
  end
  return path
end

local function as_text(link, path)
  local content = link.content
  if #content == 1 and content[1].t == "Code" then return pandoc.Code(path) end
  local out = pandoc.List(content)
  out:extend({ pandoc.Space(), pandoc.Str("("), pandoc.Code(path), pandoc.Str(")") })
  return out
end

local function weave_link(link)
  if not is_repository_path(link.target) then return nil end
  local path = repository_path(link.target)
  if FORMAT:match("html") and medium ~= "print" then
    link.target = "../../" .. path
    return link
  end
  if repository_url ~= "" then
    link.target = repository_url:gsub("/$", "") .. "/" .. path
    return link
  end
  return as_text(link, path)
end

function Pandoc(doc)
  repository_url = pandoc.utils.stringify(doc.meta["repository-url"] or "")
  medium = pandoc.utils.stringify(doc.meta["book-medium"] or "screen")
  return doc:walk({ Link = weave_link })
end
