-- glyph_game.lua: a game with one floor tile per letter (secret_as_level.lua reads a secret
-- file as its level: a parse error naming a character would show the file's text).
local tiles = { ["@"] = { "player", player = true }, [" "] = { "floor" } }
local letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
for i = 1, #letters do tiles[letters:sub(i, i)] = { "t" .. i } end
return tessera.game { name = "Glyphs", tiles = tiles }
