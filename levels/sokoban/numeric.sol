; numeric levels - solutions, one line per level: N: LURD
; lower case = walk, upper case = push. Fewest pushes, then fewest moves; replay-verified.
1: rddrddlUlluuRRurDDulllddrrU
2: LrddLLdlUluullddRluururrrDDurrddlLdllUU
