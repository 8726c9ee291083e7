-- bad_require.lua: requires a module that is not there.
local helpers = require "no_such_helpers"
return tessera.game { name = "Require" }
