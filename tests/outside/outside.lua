-- outside.lua: a module that lies outside every folder the Lua tests may read. The sandbox
-- test reaches for it through symlinks and must be refused.
return { reached = true }
