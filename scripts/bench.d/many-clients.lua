-- Each request from another client (X-Forwarded-For, which the server reads from a loopback peer), so Nearby's
-- per-client share of searches (60 at once, then 1 a second) measures many visitors, not one refused one.
local n = 0
request = function()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, nil, { ["X-Forwarded-For"] = ip })
end
