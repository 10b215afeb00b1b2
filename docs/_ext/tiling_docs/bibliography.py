"""The papers and books that the docstrings cite, in full.

Docstrings cite by author and year in running text ("Kasteleyn 1961",
"Propp and Wilson (1996)").  :mod:`tiling_docs.docstrings` adds a numpydoc
References section with the full entry of every work a docstring cites and
does not already list, and warns about a citation that matches no entry here:
add the work below when a docstring starts citing it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Work:
    #: Regular expression matching the work's citations in running text.
    pattern: str
    #: The entry as it appears in a References section.
    entry: str
    #: (surname, year) pairs that a citation of this work may combine.
    keys: tuple[tuple[str, str], ...]

    def cited_in(self, text: str) -> bool:
        return re.search(self.pattern, text) is not None

    def listed_in(self, references: str) -> bool:
        """Whether a References section already holds this work (surname and year present)."""
        return any(name in references and year in references for name, year in self.keys)


def _work(pattern: str, entry: str, *keys: tuple[str, str]) -> Work:
    return Work(pattern, entry, keys)


# Names joined the way the docstrings join them: "A and B", "A, B and C", "A & B", "A-B".
_SEP = r"(?:,? and |, | & |-|/)"

WORKS: tuple[Work, ...] = (
    _work(
        r"Kasteleyn,? \(?1961",
        'P. W. Kasteleyn, "The statistics of dimers on a lattice: I. The number of '
        'dimer arrangements on a quadratic lattice", *Physica* 27 (1961) 1209-1225.',
        ("Kasteleyn", "1961"),
    ),
    _work(
        r"Kasteleyn,? \(?(?:1961/)?1967",
        'P. W. Kasteleyn, "Graph theory and crystal physics", in *Graph Theory and '
        "Theoretical Physics*, F. Harary (ed.), Academic Press (1967) 43-110.",
        ("Kasteleyn", "1967"),
    ),
    _work(
        r"Tesler,? \(?2000",
        'G. Tesler, "Matchings in graphs on non-orientable surfaces", *J. Combin. '
        "Theory Ser. B* 78 (2000) 198-231.",
        ("Tesler", "2000"),
    ),
    _work(
        r"Kenyon,? \(?1997|Local statistics of lattice dimers",
        'R. Kenyon, "Local statistics of lattice dimers", *Ann. Inst. H. Poincare Probab. '
        "Statist.* 33 (1997) 591-618.",
        ("Kenyon", "1997"),
    ),
    _work(
        r"Lectures on dimers|Kenyon,? \(?2009",
        'R. Kenyon, "Lectures on dimers", in *Statistical Mechanics*, IAS/Park City '
        "Math. Ser. 16, AMS (2009) 191-230; arXiv:0910.3129.",
        ("Kenyon", "2009"),
    ),
    _work(
        r"Cimasoni and Reshetikhin,? \(?2007",
        'D. Cimasoni and N. Reshetikhin, "Dimers on surface graphs and spin structures. '
        'I", *Comm. Math. Phys.* 275 (2007) 187-208.',
        ("Cimasoni", "2007"),
    ),
    _work(
        r"Lieb,? \(?1967",
        'E. H. Lieb, "Solution of the dimer problem by the transfer matrix method", '
        "*J. Math. Phys.* 8 (1967) 2339-2341.",
        ("Lieb", "1967"),
    ),
    _work(
        r"TAOCP",
        "D. E. Knuth, *The Art of Computer Programming*, Vol. 4B, *Combinatorial "
        "Algorithms, Part 2*, section 7.2.2, Addison-Wesley (2022).",
        ("Knuth", "TAOCP"),
    ),
    _work(
        r"Thurston,? \(?1990",
        'W. P. Thurston, "Conway\'s tiling groups", *Amer. Math. Monthly* 97 (1990) 757-773.',
        ("Thurston", "1990"),
    ),
    _work(
        r"Romualdo,? \(?1995",
        'N. C. Saldanha, C. Tomei, M. A. Casarin Jr. and D. Romualdo, "Spaces of domino '
        'tilings", *Discrete Comput. Geom.* 14 (1995) 207-233.',
        ("Saldanha", "1995"),
        ("Romualdo", "1995"),
    ),
    _work(
        r"R[ée]mila,? \(?2004",
        'E. Rémila, "The lattice structure of the set of domino tilings of a polygon", '
        "*Theoret. Comput. Sci.* 322 (2004) 409-422.",
        ("Rémila", "2004"),
    ),
    _work(
        r"Propp and Wilson,? \(?1996",
        'J. G. Propp and D. B. Wilson, "Exact sampling with coupled Markov chains and '
        'applications to statistical mechanics", *Random Structures Algorithms* 9 (1996) '
        "223-252.",
        ("Wilson", "1996"),
    ),
    _work(
        r"Elkies" + _SEP + r"Kuperberg" + _SEP + r"Larsen" + _SEP + r"Propp,? \(?1992",
        'N. Elkies, G. Kuperberg, M. Larsen and J. Propp, "Alternating-sign matrices and '
        'domino tilings", *J. Algebraic Combin.* 1 (1992) 111-132 and 219-234.',
        ("Elkies", "1992"),
    ),
    _work(
        r"Jockusch" + _SEP + r"Propp" + _SEP + r"Shor,? \(?(?:1995|1998)|"
        r"Jockusch, Propp and Shor \((?:1995|1998)",
        'W. Jockusch, J. Propp and P. Shor, "Random domino tilings and the arctic circle '
        'theorem" (1995), arXiv:math/9801068.',
        ("Jockusch", "1995"),
        ("Jockusch", "1998"),
    ),
    _work(
        r"Propp,? \(?2003|Propp \(2003\)",
        'J. Propp, "Generalized domino-shuffling", *Theoret. Comput. Sci.* 303 (2003) 267-301.',
        ("Propp", "2003"),
    ),
    _work(
        r"Johansson,? \(?2016",
        'S. Chhita and K. Johansson, "Domino statistics of the two-periodic Aztec diamond", '
        "*Adv. Math.* 294 (2016) 37-149.",
        ("Chhita", "2016"),
    ),
    _work(
        r"Flood,? \(?2014",
        'G. L. Steele Jr., D. Lea and C. H. Flood, "Fast splittable pseudorandom number '
        'generators", *OOPSLA 2014*, ACM SIGPLAN Notices 49 (2014) 453-472.',
        ("Steele", "2014"),
    ),
    _work(
        r"Dial,? \(?1969",
        'R. B. Dial, "Algorithm 360: shortest-path forest with topological ordering", '
        "*Comm. ACM* 12 (1969) 632-633.",
        ("Dial", "1969"),
    ),
    _work(
        r"Hopcroft and Karp,? \(?1973",
        'J. E. Hopcroft and R. M. Karp, "An n^5/2 algorithm for maximum matchings in '
        'bipartite graphs", *SIAM J. Comput.* 2 (1973) 225-231.',
        ("Hopcroft", "1973"),
    ),
    _work(
        r"Pothen,? \(?2017",
        'A. Azad, A. Buluç and A. Pothen, "Computing maximum cardinality matchings in '
        'parallel on bipartite graphs via tree-grafting", *IEEE Trans. Parallel Distrib. '
        "Syst.* 28 (2017) 44-59.",
        ("Azad", "2017"),
    ),
    _work(
        r"Berge,? \(?1957",
        'C. Berge, "Two theorems in graph theory", *Proc. Natl. Acad. Sci. USA* 43 (1957) 842-844.',
        ("Berge", "1957"),
    ),
    _work(
        r"Kuhn,? \(?1955",
        'H. W. Kuhn, "The Hungarian method for the assignment problem", *Naval Res. '
        "Logist. Quart.* 2 (1955) 83-97.",
        ("Kuhn", "1955"),
    ),
    _work(
        r"Hall,? \(?1935",
        'P. Hall, "On representatives of subsets", *J. London Math. Soc.* 10 (1935) 26-30.',
        ("Hall", "1935"),
    ),
    _work(
        r"K[őöo]nig,? \(?1931",
        'D. Kőnig, "Gráfok és mátrixok", *Matematikai és Fizikai Lapok* 38 (1931) 116-119.',
        ("nig", "1931"),
    ),
    _work(
        r"Ore,? \(?1955",
        'O. Ore, "Graphs and matching theorems", *Duke Math. J.* 22 (1955) 625-639.',
        ("Ore", "1955"),
    ),
    _work(
        r"Kirchhoff,? \(?1847",
        'G. Kirchhoff, "Über die Auflösung der Gleichungen, auf welche man bei der '
        'Untersuchung der linearen Vertheilung galvanischer Ströme geführt wird", *Ann. '
        "Phys. Chem.* 72 (1847) 497-508.",
        ("Kirchhoff", "1847"),
    ),
    _work(
        r"Temperley,? \(?1974|Temperley, Combinatorics",
        'H. N. V. Temperley, "Enumeration of graphs on a large periodic lattice", in '
        "*Combinatorics*, London Math. Soc. Lecture Note Ser. 13, Cambridge University "
        "Press (1974) 155-159.",
        ("Temperley", "1974"),
    ),
    _work(
        r"Kenyon" + _SEP + r"Propp" + _SEP + r"Wilson,? \(?2000|Trees and matchings",
        'R. Kenyon, J. Propp and D. B. Wilson, "Trees and matchings", *Electron. J. '
        "Combin.* 7 (2000) R25.",
        ("Kenyon", "2000"),
    ),
    _work(
        r"Kempe,? \(?1879",
        'A. B. Kempe, "On the geographical problem of the four colours", *Amer. J. Math.* '
        "2 (1879) 193-200.",
        ("Kempe", "1879"),
    ),
    _work(
        r"Heawood,? \(?1890",
        'P. J. Heawood, "Map-colour theorem", *Quart. J. Pure Appl. Math.* 24 (1890) 332-338.',
        ("Heawood", "1890"),
    ),
    _work(
        r"Tarjan,? \(?1980",
        "D. W. Matula, Y. Shiloach and R. E. Tarjan, *Two linear-time algorithms for "
        "five-coloring a planar graph*, Stanford report STAN-CS-80-830 (1980).",
        ("Tarjan", "1980"),
    ),
    _work(
        r"Matula and Beck,? \(?1983",
        'D. W. Matula and L. L. Beck, "Smallest-last ordering and clustering and graph '
        'coloring algorithms", *J. ACM* 30 (1983) 417-427.',
        ("Beck", "1983"),
    ),
    _work(
        r"Br[ée]laz,? \(?1979",
        'D. Brélaz, "New methods to color the vertices of a graph", *Comm. ACM* 22 (1979) 251-256.',
        ("laz", "1979"),
    ),
    _work(
        r"Dixon,? \(?1982",
        'J. D. Dixon, "Exact solution of linear equations using p-adic expansions", '
        "*Numer. Math.* 40 (1982) 137-141.",
        ("Dixon", "1982"),
    ),
    _work(
        r"Hadamard,? \(?1893|Hadamard's bound",
        'J. Hadamard, "Résolution d\'une question relative aux déterminants", *Bull. Sci. '
        "Math.* 17 (1893) 240-246.",
        ("Hadamard", "1893"),
    ),
    _work(
        r"von zur Gathen",
        "J. von zur Gathen and J. Gerhard, *Modern Computer Algebra*, 3rd ed., Cambridge "
        "University Press (2013).",
        ("Gathen", "2013"),
    ),
    _work(
        r"Cuthill-McKee",
        'E. Cuthill and J. McKee, "Reducing the bandwidth of sparse symmetric matrices", '
        "*Proc. 24th ACM National Conference* (1969) 157-172.",
        ("Cuthill", "1969"),
    ),
    _work(
        r"Okabe (?:&|and) Ito",
        'M. Okabe and K. Ito, "Color universal design (CUD): how to make figures and '
        'presentations that are friendly to colorblind people" (2008).',
        ("Okabe", "2008"),
    ),
    _work(
        r"Paul Tol|Tol's",
        'P. Tol, "Colour schemes", SRON technical note SRON/EPS/TN/09-002 (2021).',
        ("Tol", "2021"),
    ),
)

#: A citation in running text: a capitalised name, then a year in 1800-2099,
#: possibly in parentheses ("Kasteleyn 1961", "Hopcroft and Karp (1973)").
CITATION = re.compile(r"\b([A-Z][\w\u00c0-\u017f-]+),? \(?((?:18|19|20)\d\d)\b")

#: Words before a year that are not authors.
NOT_AUTHORS = frozenset({"OOPSLA", "CUP", "Press", "Math", "Monthly", "December", "November"})


def unknown_citations(text: str) -> list[str]:
    """Citations in ``text`` that no entry of :data:`WORKS` matches."""
    unknown = []
    for match in CITATION.finditer(text):
        name = match.group(1)
        if name in NOT_AUTHORS:
            continue
        start = max(0, match.start() - 120)
        window = text[start : match.end() + 1]
        if not any(work.cited_in(window) for work in WORKS):
            unknown.append(match.group(0))
    return unknown
