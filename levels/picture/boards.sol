; Tessera picture boards - solutions.
; Letters give the direction the BLANK moves (u d l r); found by tessera solve --optimal.
1: dluurdrulldrrd
2: lurdrulldrdruldr
3: ulldrurrddlurdlllurrdr
4: ulddrrulurdlldrruldr
5: uuuldlddlurulurdrrdldrulurdd
6: luurddluurrrrddluruldlddlluuurrrddrd
