-- data_chunk.lua: a data file the sandbox test reads with loadfile and dofile.
return { answer = 42 }
