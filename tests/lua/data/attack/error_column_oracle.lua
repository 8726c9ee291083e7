-- An error message naming a file outside with a token: the host would look the token up in
-- that file to give a column, telling whether the file holds it. Only compiled files are read.
local c = loadfile("_common.lua")(select(2, ...))
error(c.secret .. ":1: near 'TESSERA'", 0)
