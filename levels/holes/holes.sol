; Solutions for holes.xsb, one per level (LURD, upper case moves a box).
1: RRldRurrurD
2: uuRlddrUluRRR
3: llddrRrUulDrdLrRR
4: dRRuulDldRRRRuRDldR
5: rrDldRrrruulDrdLLLulldRRRR
6: rDRllddRRRluulDldRRRRRuuurD
7: DRRlllddrRRllURlluRRRRRllDldRRR
8: lUlLdlLruUulllddrRUdlluurRRRRRDullldDrrRdrU
