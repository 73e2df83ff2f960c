-- insert.lua - one single-row INSERT per transaction (autocommit) into items; what the
-- table's triggers do (if any) is set up by run.py beside this file.
function thread_init()
  drv = sysbench.sql.driver()
  con = drv:connect()
end

function thread_done()
  con:disconnect()
end

function event()
  con:query(string.format("INSERT INTO items (name, qty, price) VALUES ('item-%d', %d, %d.%02d)",
                          sysbench.rand.uniform(1, 1000000), sysbench.rand.uniform(1, 50),
                          sysbench.rand.uniform(1, 500), sysbench.rand.uniform(0, 99)))
end
