-- wrk script: public readers of standings and pairings, like phones refreshing:
-- each connection sends If-None-Match with the last ETag it saw, and accepts
-- gzip as every browser does.
--
-- wrk calls `response` without saying which request it answers (a thread's
-- connections run side by side), so the ETag is kept per kind of answer
-- (JSON or page, from Content-Type), not per path: the server's ETag names the
-- tournament's version and the representation, not the URL, so an ETag seen on
-- one JSON answer is the one the other JSON answer of that version has.
local paths = { "/api/v1/tournaments/1/standings", "/api/v1/tournaments/1/rounds/11",
                "/t/1/standings", "/t/1/rounds/11" }
local kinds = { "json", "json", "html", "html" }
local etags = {}
local i = 0

request = function()
  i = i + 1
  local k = (i % #paths) + 1
  local h = { ["Accept-Encoding"] = "gzip" }
  if etags[kinds[k]] then h["If-None-Match"] = etags[kinds[k]] end
  return wrk.format("GET", paths[k], h)
end

response = function(status, headers, body)
  local e = headers["ETag"] or headers["etag"]
  local t = headers["Content-Type"] or headers["content-type"] or ""
  if e then
    if t:find("json", 1, true) then etags["json"] = e
    elseif t:find("html", 1, true) then etags["html"] = e end
  end
  if status >= 400 then
    io.write("error status " .. status .. "\n")
  end
end
