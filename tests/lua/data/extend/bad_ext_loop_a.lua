-- bad_ext_loop_a.lua: two games that extend each other.
return tessera.extend("bad_ext_loop_b.lua", { name = "A" })
