-- _helpers.lua: a module for require, not a game: check skips files starting with '_'.
return { answer = 42 }
