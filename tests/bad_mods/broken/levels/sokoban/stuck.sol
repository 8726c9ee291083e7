; a wrong solution: level 1 needs a push to the right
1: L
