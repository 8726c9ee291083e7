-- bad_return.lua: returns a plain table instead of tessera.game { ... }.
return {
  name = "Plain table",
}
