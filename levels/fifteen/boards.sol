; Tessera sliding boards - solutions.
; Letters give the direction the BLANK moves (u d l r); all solutions are optimal (IDA*).
1: urdruulddr
2: rdluruldrddlurddlurd
3: uldlulurddlurrdruldr
4: dlldruurddluurdllurdldrurd
5: rdrruulldldrrurulldlurdldrurdr
6: uuuldlurdrulddldruruullldrrdrd
7: ulddruurdlddruulddluuruldrddrurdlurulurdlldrdr
8: ddluuurdddruldrdllurrulluruldrdddruruurdlddruulddr
