-- bad_ext_base.lua: a base that does not exist.
local unused = 1
return tessera.extend("no_such_base", { name = "Nothing" })
