1: rRR
2: RrrR
3: dlluRRuuL
4: rRurDurrdLdL
