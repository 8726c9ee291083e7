; Solutions for pull.xsb, one per level (LURD, upper case moves a box).
1: LLL
2: rdrrurDluuR
3: uuRdrrdRulUrddlluLL
4: rLdrDLuurrrddlRRulU
5: ruuuLdrDDrruurLddrLL
6: uulldUUUrrrrddllDDrL
7: uDDlluurrUldLddlRRR
8: uuLLLddrrruurrdUllddLLL
