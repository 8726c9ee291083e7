-- blame_helper.lua: a module blame.lua requires (so the same host compiles it).
return { name = "helper" }
