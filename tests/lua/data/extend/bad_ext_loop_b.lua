-- bad_ext_loop_b.lua: see bad_ext_loop_a.lua.
return tessera.extend("bad_ext_loop_a.lua", { name = "B" })
