"""Movement situations as tables: DATC-derived cases for the resolver tests."""

from __future__ import annotations

from adjudication.model.rules import ParadoxRule, Rules

RULEBOOK_1982 = Rules(paradox_rule=ParadoxRule.RULEBOOK_1982)

CASES: dict[str, str] = {
    "6.A.11 simple bounce": """
        AUSTRIA: A VIE - TYR x
        ITALY: A VEN - TYR x
    """,
    "6.A.12 three-way bounce": """
        AUSTRIA: A VIE - TYR x
        GERMANY: A MUN - TYR x
        ITALY: A VEN - TYR x
    """,
    "6.B.4 support to an unreachable coast": """
        FRANCE: F GAS - SPA/NC; F MAR S F GAS - SPA/NC
        ITALY: F WES - SPA/SC x
    """,
    "6.B.6 support cut from the other coast": """
        ENGLAND: F IRI S F NAO - MAO; F NAO - MAO
        FRANCE: F SPA/NC S F MAO x; F MAO H x
        ITALY: F LYO - SPA/SC x
    """,
    "6.B.7 support naming no coast": """
        FRANCE: F POR S F MAO - SPA; F MAO - SPA/NC x
        ITALY: F LYO S F WES - SPA/SC; F WES - SPA/SC x
    """,
    "6.B.9 support naming the wrong coast": """
        FRANCE: F POR S F MAO - SPA/NC x; F MAO - SPA/SC x
        ITALY: F LYO S F WES - SPA/SC; F WES - SPA/SC
    """,
    "6.B.13 no coastal crawl": """
        TURKEY: F BUL/SC - CON x; F CON - BUL/EC x
    """,
    "6.C.1 three-army circle": """
        TURKEY: F ANK - CON; A CON - SMY; A SMY - ANK
    """,
    "6.C.2 circle with support": """
        TURKEY: F ANK - CON; A CON - SMY; A SMY - ANK; A BUL S F ANK - CON
    """,
    "6.C.3 disrupted circle": """
        TURKEY: F ANK - CON x; A CON - SMY x; A SMY - ANK x; A BUL - CON x
    """,
    "6.C.4 circle with an attacked convoy": """
        AUSTRIA: A TRI - SER; A SER - BUL
        TURKEY: A BUL - TRI; F AEG C A BUL - TRI; F ION C A BUL - TRI; F ADR C A BUL - TRI
        ITALY: F NAP - ION x
    """,
    "6.C.5 circle broken by a dislodged convoy": """
        AUSTRIA: A TRI - SER x; A SER - BUL x
        TURKEY: A BUL - TRI x; F AEG C A BUL - TRI x; F ION C A BUL - TRI x
        TURKEY: F ADR C A BUL - TRI x
        ITALY: F NAP - ION; F TUN S F NAP - ION
    """,
    "6.C.6 two armies swap by two convoys": """
        ENGLAND: F NTH C A LON - BEL; A LON - BEL
        FRANCE: F ENG C A BEL - LON; A BEL - LON
    """,
    "6.C.8 no self-dislodgement in a broken circle": """
        TURKEY: F CON - BLA x; A BUL - CON x; A SMY S A BUL - CON
        RUSSIA: F BLA - BUL/EC x
        AUSTRIA: A SER - BUL x
    """,
    "6.D.15 defender cannot cut the support against it": """
        RUSSIA: F CON S F BLA - ANK; F BLA - ANK
        TURKEY: F ANK - CON x
    """,
    "6.D.17 dislodgement cuts support": """
        RUSSIA: F CON S F BLA - ANK x; F BLA - ANK x
        TURKEY: F ANK - CON; A SMY S F ANK - CON; A ARM - ANK x
    """,
    "6.D.19 a foreign-supported attack cannot dislodge the supporter": """
        RUSSIA: F CON S F BLA - ANK; F BLA - ANK; A SMY S F ANK - CON
        TURKEY: F ANK - CON x
    """,
    "6.D.21 a dislodged attacker still cuts": """
        AUSTRIA: F TRI H
        ITALY: A VEN - TRI x; A TYR S A VEN - TRI x
        GERMANY: A MUN - TYR x
        RUSSIA: A SIL - MUN; A BER S A SIL - MUN
    """,
    "6.D.22 an illegal fleet move cannot be supported": """
        GERMANY: F KIE - MUN x; A BUR S F KIE - MUN x
        RUSSIA: A MUN - KIE; A BER S A MUN - KIE
    """,
    "6.D.31 a support that only a convoy through the supporter could need": """
        AUSTRIA: A RUM - ARM x
        TURKEY: F BLA S A RUM - ARM x
    """,
    "6.D.33 unwanted support breaks a self-standoff": """
        AUSTRIA: A SER - BUD; A VIE - BUD x
        RUSSIA: A GAL S A SER - BUD
        TURKEY: A BUL - SER
    """,
    "6.E.1 a dislodged unit has no effect on its attacker's area": """
        GERMANY: A BER - PRU; F KIE - BER; A SIL S A BER - PRU
        RUSSIA: A PRU - BER x
    """,
    "6.E.4 a loser not dislodged still stands off": """
        GERMANY: F HOL - NTH x; F HEL S F HOL - NTH; F SKA S F HOL - NTH
        FRANCE: F NTH - HOL x; F BEL S F NTH - HOL
        ENGLAND: F EDI S F NWG - NTH; F YOR S F NWG - NTH; F NWG - NTH x
        AUSTRIA: A KIE S A RUH - HOL; A RUH - HOL x
    """,
    "6.E.7 no self-dislodgement with beleaguered garrison": """
        ENGLAND: F NTH H; F YOR S F NWY - NTH
        GERMANY: F HOL S F HEL - NTH; F HEL - NTH x
        RUSSIA: F SKA S F NWY - NTH; F NWY - NTH x
    """,
    "6.E.10 almost circular movement with beleaguered garrison": """
        ENGLAND: F NTH - DEN x; F YOR S F NWY - NTH
        GERMANY: F HOL S F HEL - NTH; F HEL - NTH x; F DEN - HEL x
        RUSSIA: F SKA S F NWY - NTH; F NWY - NTH x
    """,
    "6.E.11 swap by adjacent convoy on a two-coast province": """
        FRANCE: A SPA - POR VIA; F MAO C A SPA - POR; F LYO S F POR - SPA/NC
        GERMANY: A MAR S A GAS - SPA; A GAS - SPA x
        ITALY: F POR - SPA/NC; F WES S F POR - SPA/NC
    """,
    "6.E.12 support of an attack on one's own unit still defends": """
        AUSTRIA: A BUD - RUM x; A SER S A VIE - BUD
        ITALY: A VIE - BUD x
        RUSSIA: A GAL - BUD x; A RUM S A GAL - BUD
    """,
    "6.E.14 an illegal head-to-head move still defends": """
        ENGLAND: A LVP - EDI x
        RUSSIA: F EDI - LVP x
    """,
    "6.E.15 the friendly head-to-head battle": """
        ENGLAND: F HOL S A RUH - KIE; A RUH - KIE x
        FRANCE: A KIE - BER x; A MUN S A KIE - BER; A SIL S A KIE - BER
        GERMANY: A BER - KIE x; F DEN S A BER - KIE; F HEL S A BER - KIE
        RUSSIA: F BAL S A PRU - BER; A PRU - BER x
    """,
    "6.F.1 no convoy from a coast": """
        TURKEY: A GRE - SEV x; F AEG C A GRE - SEV x; F CON C A GRE - SEV x
        TURKEY: F BLA C A GRE - SEV x
    """,
    "6.F.3 a convoyed army can be supported": """
        ENGLAND: F ENG C A LON - BRE; A LON - BRE; F MAO S A LON - BRE
        FRANCE: A PAR - BRE x
    """,
    "6.F.6 a dislodged convoy cuts no support": """
        ENGLAND: F NTH C A LON - HOL x; A LON - HOL x
        GERMANY: A HOL S A BEL; A BEL S A HOL x; F HEL S F SKA - NTH; F SKA - NTH
        FRANCE: A PIC - BEL x; A BUR S A PIC - BEL
    """,
    "6.F.8 a dislodged convoy causes no bounce": """
        ENGLAND: F NTH C A LON - HOL x; A LON - HOL x
        GERMANY: F HEL S F SKA - NTH; F SKA - NTH; A BEL - HOL
    """,
    "6.F.9 multi-route convoy survives one dislodged fleet": """
        ENGLAND: F ENG C A LON - BEL x; F NTH C A LON - BEL; A LON - BEL
        FRANCE: F BRE S F MAO - ENG; F MAO - ENG
    """,
    "6.F.12 dislodged fleet on no route": """
        ENGLAND: F ENG C A LON - BEL; A LON - BEL; F IRI C A LON - BEL x
        FRANCE: F NAO S F MAO - IRI; F MAO - IRI
    """,
    "6.F.14 simple convoy paradox": """
        ENGLAND: F LON S F WAL - ENG; F WAL - ENG
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x
    """,
    "6.F.15 paradox beside an ordinary convoy": """
        ENGLAND: F LON S F WAL - ENG; F WAL - ENG
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x
        ITALY: F IRI C A NAF - WAL; F MAO C A NAF - WAL; A NAF - WAL
    """,
    "6.F.16 Pandin's paradox": """
        ENGLAND: F LON S F WAL - ENG; F WAL - ENG x
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x
        GERMANY: F NTH S F BEL - ENG; F BEL - ENG x
    """,
    "6.F.17 Pandin's extended paradox (Szykman)": """
        ENGLAND: F LON S F WAL - ENG; F WAL - ENG x
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x; F YOR S A BRE - LON
        GERMANY: F NTH S F BEL - ENG; F BEL - ENG x
    """,
    "6.F.18 betrayal paradox (Szykman)": """
        ENGLAND: F NTH C A LON - BEL x; A LON - BEL x; F ENG S A LON - BEL
        FRANCE: F BEL S F NTH
        GERMANY: F HEL S F SKA - NTH; F SKA - NTH x
    """,
    "6.F.19 multi-route convoy disruption paradox": """
        FRANCE: A TUN - NAP x; F TYS C A TUN - NAP; F ION C A TUN - NAP
        ITALY: F NAP S F ROM - TYS x; F ROM - TYS x
    """,
    "6.F.20 unwanted multi-route convoy paradox": """
        FRANCE: A TUN - NAP x; F TYS C A TUN - NAP
        ITALY: F NAP S F ION x; F ION C A TUN - NAP x
        TURKEY: F AEG S F EAS - ION; F EAS - ION
    """,
    "6.F.21 Dad's army convoy": """
        RUSSIA: A EDI S A NWY - CLY; F NWG C A NWY - CLY; A NWY - CLY
        FRANCE: F IRI S F MAO - NAO; F MAO - NAO
        ENGLAND: A LVP - CLY VIA x; F NAO C A LVP - CLY x; F CLY S F NAO x
    """,
    "6.F.22 second-order paradox with two resolutions": """
        ENGLAND: F EDI - NTH; F LON S F EDI - NTH
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x
        GERMANY: F BEL S F PIC - ENG; F PIC - ENG
        RUSSIA: A NWY - BEL x; F NTH C A NWY - BEL x
    """,
    "6.F.23 second-order paradox with two exclusive convoys": """
        ENGLAND: F EDI - NTH x; F YOR S F EDI - NTH
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x
        GERMANY: F BEL S F ENG; F LON S F NTH
        ITALY: F MAO - ENG x; F IRI S F MAO - ENG
        RUSSIA: A NWY - BEL x; F NTH C A NWY - BEL x
    """,
    "6.F.24 second-order paradox with no resolution": """
        ENGLAND: F EDI - NTH; F LON S F EDI - NTH; F IRI - ENG x; F MAO S F IRI - ENG
        FRANCE: A BRE - LON x; F ENG C A BRE - LON x; F BEL S F ENG
        RUSSIA: A NWY - BEL x; F NTH C A NWY - BEL x
    """,
    "6.F.25 cut support last": """
        GERMANY: A RUH - BEL x; A HOL S A RUH - BEL x; A DEN - NWY; F SKA C A DEN - NWY
        GERMANY: A FIN S A DEN - NWY
        ENGLAND: A YOR - HOL; F NTH C A YOR - HOL; F HEL S A YOR - HOL; A BEL H
        RUSSIA: F NWG - NTH x; F NWY S F NWG - NTH x; F SWE - SKA x
    """,
    "6.G.1 swap by own convoy": """
        ENGLAND: A NWY - SWE; F SKA C A NWY - SWE
        RUSSIA: A SWE - NWY
    """,
    "6.G.2 no kidnapping": """
        ENGLAND: A NWY - SWE x
        RUSSIA: F SWE - NWY x
        GERMANY: F SKA C A NWY - SWE x
    """,
    "6.G.3 unwanted disrupted convoy to an adjacent province": """
        FRANCE: F BRE - ENG; A PIC - BEL; A BUR S A PIC - BEL; F MAO S F BRE - ENG
        ENGLAND: F ENG C A PIC - BEL x
    """,
    "6.G.4 ... and an opposite move": """
        FRANCE: F BRE - ENG; A PIC - BEL; A BUR S A PIC - BEL; F MAO S F BRE - ENG
        ENGLAND: F ENG C A PIC - BEL x; A BEL - PIC x
    """,
    "6.G.6 intent shown by a fleet off the route": """
        ENGLAND: A LVP - EDI; F ENG C A LVP - EDI x
        GERMANY: A EDI - LVP
        FRANCE: F IRI H; F NTH H
        RUSSIA: F NWG C A LVP - EDI; F NAO C A LVP - EDI
    """,
    "6.G.7 no intent from an impossible order": """
        ENGLAND: F SKA C A SWE - NWY x; F NWY - SWE x
        RUSSIA: A SWE - NWY x; F BOT C A SWE - NWY x
    """,
    "6.G.8 explicit convoy that isn't there": """
        FRANCE: A BEL - HOL VIA x
        ENGLAND: F NTH - HEL; A HOL - KIE
    """,
    "6.G.10 a convoyed attacker: the loser still stands off": """
        ENGLAND: A NWY - SWE VIA; F DEN S A NWY - SWE; F FIN S A NWY - SWE
        GERMANY: F SKA C A NWY - SWE
        RUSSIA: A SWE - NWY x; F BAR S A SWE - NWY
        FRANCE: F NWG - NWY x; F NTH S F NWG - NWY
    """,
    "6.G.11 convoy to an adjacent province with a paradox": """
        ENGLAND: F NWY S F NTH - SKA; F NTH - SKA
        RUSSIA: A SWE - NWY x; F SKA C A SWE - NWY x; F BAR S A SWE - NWY
    """,
    "6.G.13 support not cut by a convoyed attack from its target": """
        AUSTRIA: F ADR C A TRI - VEN; A TRI - VEN VIA x
        ITALY: A VEN S F ALB - TRI; F ALB - TRI
    """,
    "6.G.16 two units in one area bug, moving by convoy": """
        ENGLAND: A NWY - SWE; A DEN S A NWY - SWE; F BAL S A NWY - SWE; F NTH - NWY x
        RUSSIA: A SWE - NWY VIA; F SKA C A SWE - NWY; F NWG S A SWE - NWY
    """,
    "6.G.18 two units in one area bug, double convoy": """
        ENGLAND: F NTH C A LON - BEL; A HOL S A LON - BEL; A YOR - LON x; A LON - BEL
        ENGLAND: A RUH S A LON - BEL
        FRANCE: F ENG C A BEL - LON; A BEL - LON; A WAL S A BEL - LON
    """,
    "6.G.19 no intent from an unneeded convoy": """
        FRANCE: A MAR - SPA x; F WES C A MAR - SPA x
        ITALY: F LYO C A MAR - SPA x; A SPA - MAR x
    """,
    "6.G.20 explicit convoy to an adjacent province disrupted": """
        FRANCE: F BRE - ENG; A PIC - BEL VIA x; A BUR S A PIC - BEL; F MAO S F BRE - ENG
        ENGLAND: F ENG C A PIC - BEL x
    """,
}

CASES_1982: dict[str, str] = {
    "6.F.17 Pandin's extended paradox": """
        ENGLAND: F LON S F WAL - ENG; F WAL - ENG x
        FRANCE: A BRE - LON; F ENG C A BRE - LON; F YOR S A BRE - LON
        GERMANY: F NTH S F BEL - ENG; F BEL - ENG x
    """,
    "6.F.18 betrayal paradox": """
        ENGLAND: F NTH C A LON - BEL; A LON - BEL; F ENG S A LON - BEL
        FRANCE: F BEL S F NTH
        GERMANY: F HEL S F SKA - NTH; F SKA - NTH x
    """,
    "6.F.19 multi-route convoy disruption paradox": """
        FRANCE: A TUN - NAP x; F TYS C A TUN - NAP x; F ION C A TUN - NAP
        ITALY: F NAP S F ROM - TYS; F ROM - TYS
    """,
    "6.F.20 unwanted multi-route convoy paradox": """
        FRANCE: A TUN - NAP x; F TYS C A TUN - NAP
        ITALY: F NAP S F ION; F ION C A TUN - NAP
        TURKEY: F AEG S F EAS - ION; F EAS - ION x
    """,
    "6.F.21 Dad's army convoy": """
        RUSSIA: A EDI S A NWY - CLY; F NWG C A NWY - CLY; A NWY - CLY
        FRANCE: F IRI S F MAO - NAO; F MAO - NAO x
        ENGLAND: A LVP - CLY VIA x; F NAO C A LVP - CLY; F CLY S F NAO
    """,
    "6.F.24 second-order paradox with no resolution": """
        ENGLAND: F EDI - NTH; F LON S F EDI - NTH; F IRI - ENG x; F MAO S F IRI - ENG
        FRANCE: A BRE - LON x; F ENG C A BRE - LON; F BEL S F ENG
        RUSSIA: A NWY - BEL x; F NTH C A NWY - BEL x
    """,
}
