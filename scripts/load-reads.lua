-- wrk script: public readers of standings and pairings, like phones refreshing:
-- each connection sends If-None-Match with the last ETag it saw, and accepts
-- gzip as every browser does.
local paths = { "/api/v1/tournaments/1/standings", "/api/v1/tournaments/1/rounds/11",
                "/t/1/standings", "/t/1/rounds/11" }
local etags = {}
local i = 0
local last = nil

request = function()
  i = i + 1
  last = paths[(i % #paths) + 1]
  local h = { ["Accept-Encoding"] = "gzip" }
  if etags[last] then h["If-None-Match"] = etags[last] end
  return wrk.format("GET", last, h)
end

response = function(status, headers, body)
  local e = headers["ETag"] or headers["etag"]
  if e and last then etags[last] = e end
  if status >= 400 then
    io.write("error status " .. status .. " for " .. tostring(last) .. "\n")
  end
end
