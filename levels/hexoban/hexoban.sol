; Solutions for hexoban.hsb, push-optimal (found by tessera solve --optimal).
; Hex letters: d east, c south-east, z south-west, a west, q north-west, e north-east;
; upper case pushes a box.
1: AzaqeeddZZAzQddcAAA
2: ZcAAAAdeqaazCCedccddQeAAAAzQ
3: ZcAAAAdddeQzaqeeddZAqZZeddZczaqAA
4: edeeeCeddZqazCzcdeAAddeqZazAAddcdeAAAzQQazcDDDD
5: AZczaqqqededdZqazCCZeqqedcZZCAAAzQQddcdcAAA
6: AAAzcccdeQaaqeddZqazaqDDzcccdeqqedZaZaazcdddeQaaCCdeqeqZcczaqqqeDccAAAA
7: DDDedczQQQeAAAddcccczaEqDeCaaaaazcdEqDDcdQaEczA
8: EqEzcEqqeddccczzaQaqeqedZDDDDeCaazczzaqaqEqDDedcddCdZqaqaqazDDDcdQaazczzaqeQaqDDzczaEqedDDDaaaazcEqDedcdcdeqZaaqazDDDDcdQ
