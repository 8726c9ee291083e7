1: rrDLu
2: 2uuR1l

; comment
rUlD
