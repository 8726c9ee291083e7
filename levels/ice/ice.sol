; Solutions for ice.xsb, one per level (LURD, upper case moves a box).
1: lLrulL
2: druruLLL
3: urDrRlldRrR
4: LlLruluRRrR
5: llddRRlUluRrR
6: rDldRRldRRR
7: uuldrDldRuUdRuL
8: rdlLurDuldLuluRldR
9: dlulLdlUrrdruLlLdRR
