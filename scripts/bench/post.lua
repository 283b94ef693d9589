-- wrk -s post.lua: POST the bytes of $BODY_FILE as application/json to the URL's path, every request.
-- Without an "id" in the body the server makes a new one each time, so every request is a new record.
-- Counts answers other than 201 and prints them at the end (wrk counts only non-2xx).
local f = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) not201 = 0 end
function response(status, headers, body) if status ~= 201 then not201 = not201 + 1 end end
function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + (t:get("not201") or 0) end
  io.write(string.format("answers other than 201: %d\n", n))
end
