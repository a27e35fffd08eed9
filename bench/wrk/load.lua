-- wrk script for bench/perf.sh. Arguments after "--":
--   mode      get | batch | fixed (the same path every time)
--   prefix    path before the wallet (get), or the batch path (batch)
--   wallets   how many seeded wallets to draw from (0x + 40 hex digits of 1..wallets)
--   size      batch rows per request (batch mode)
--   auth      optional bearer key ("-" for none)
--   suffix    optional query string appended to get paths ("-" for none)
--   pace      optional milliseconds each connection waits before each request (0 or none: as fast
--             as it can); perf.sh's smoke mode paces, so its runs check answers without taking
--             both cores from the test suite around it
local mode, prefix, wallets, size, auth, suffix
local bodies = {}
local counter = 0

local function wallet(i)
  return string.format("0x%040x", i)
end

function init(args)
  mode = args[1] or "get"
  prefix = args[2] or "/api/v1/decision/"
  wallets = tonumber(args[3] or "100000")
  size = tonumber(args[4] or "1")
  auth = args[5]
  suffix = args[6]
  if auth ~= nil and auth ~= "-" then
    wrk.headers["Authorization"] = "Bearer " .. auth
  end
  if suffix == nil or suffix == "-" then suffix = "" end
  -- wrk asks for delay() only when the script defines it (it looks after init).
  local pace = tonumber(args[7] or "0")
  if pace > 0 then
    function delay() return pace end
  end
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
  if mode == "batch" then
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
    for b = 1, 64 do
      local start = math.random(wallets - size)
      local parts = {}
      for k = 1, size do parts[k] = '"' .. wallet(start + k) .. '"' end
      bodies[b] = '{"inputs":[' .. table.concat(parts, ",") .. '],"useCase":"payment"}'
    end
  end
end

function request()
  counter = counter + 1
  if mode == "batch" then
    return wrk.format(nil, prefix, nil, bodies[(counter % 64) + 1])
  elseif mode == "fixed" then
    return wrk.format(nil, prefix .. suffix)
  end
  return wrk.format(nil, prefix .. wallet(math.random(wallets)) .. suffix)
end

function done(summary, latency, requests)
  local non2xx = summary.errors.status
  local socket = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50=%.2f p99=%.2f p999=%.2f status_errors=%d socket_errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, non2xx, socket, summary.requests))
end
