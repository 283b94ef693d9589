-- wrk -s random_ids.lua: GET $PATH_PREFIX<$ID_PREFIX><n, 6 digits> for a uniformly random n in 0..$ID_COUNT-1
-- (the ids fill_store.py writes). Each wrk thread has its own seed.
local count = tonumber(os.getenv("ID_COUNT") or "100000")
local idPrefix = os.getenv("ID_PREFIX") or "r"
local pathPrefix = os.getenv("PATH_PREFIX") or "/v3/"
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end
function init(args)
  math.randomseed(os.time() * 1000 + (seed or 0))
end
function request()
  return wrk.format("GET", string.format("%s%s%06d", pathPrefix, idPrefix, math.random(0, count - 1)))
end
