-- wrk script for bench/http/run.py.
--
--   wrk -t T -c C -d D --latency -s wrk.lua URL -- get
--   wrk -t T -c C -d D --latency -s wrk.lua URL -- write BASIC_AUTH ID,ID,...
--
-- "write" POSTs a new comment (JSON, application password in BASIC_AUTH) to a
-- random post of the list on every request; each body is unique, so WordPress's
-- duplicate-comment check never refuses one.  Counts 2xx and other answers per
-- thread (keeping the last bad answer) and prints one line
-- "WRKJSON {...}" (latencies in microseconds) and, if there was one,
-- "WRKBAD status: body" at the end.

local threads = {}
local nthreads = 0

function setup(thread)
  nthreads = nthreads + 1
  thread:set("tid", nthreads)
  table.insert(threads, thread)
end

local mode = "get"
local auth = nil
local ids = {}
local counter = 0
n_ok = 0
n_bad = 0
last_bad = ""

function init(args)
  mode = args[1] or "get"
  if mode == "write" then
    auth = args[2]
    for id in string.gmatch(args[3] or "", "%d+") do
      table.insert(ids, id)
    end
    math.randomseed(tid * 7919 + os.time())
  end
end

function request()
  if mode ~= "write" then
    return wrk.format(nil, wrk.path)
  end
  counter = counter + 1
  local id = ids[math.random(#ids)]
  local body = string.format(
    '{"post":%s,"content":"Load test comment %d-%d-%d: the database answers, the page renders."}',
    id, tid, counter, math.random(1000000000))
  return wrk.format("POST", wrk.path,
    { ["Content-Type"] = "application/json", ["Authorization"] = "Basic " .. auth }, body)
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    n_ok = n_ok + 1
  else
    n_bad = n_bad + 1
    last_bad = status .. ": " .. string.sub(body or "", 1, 600)
  end
end

function done(summary, latency, requests)
  local ok, bad, lastbad = 0, 0, ""
  for _, t in ipairs(threads) do
    ok = ok + (t:get("n_ok") or 0)
    bad = bad + (t:get("n_bad") or 0)
    local b = t:get("last_bad")
    if b and b ~= "" then lastbad = b end
  end
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"bytes":%d,"n_ok":%d,"n_bad":%d,' ..
    '"err_connect":%d,"err_read":%d,"err_write":%d,"err_status":%d,"err_timeout":%d,' ..
    '"p50_us":%d,"p90_us":%d,"p95_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d}\n',
    summary.requests, summary.duration, summary.bytes, ok, bad,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(95),
    latency:percentile(99), latency.mean, latency.max))
  if lastbad ~= "" then
    io.write("WRKBAD " .. string.gsub(lastbad, "[\r\n]+", " ") .. "\n")
  end
end
