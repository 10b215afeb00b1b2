"""The questions of the JSON interface: a request dict in, a JSON-ready answer out.

Each question is one row of :data:`QUESTIONS`: its name (the URL is
``POST /api/<name>``), a one-line summary, the request fields it takes
besides ``region``, and a function of the parsed region and the fields that
asks the public API (``tiling.count``, ``tiling.find``, ...).  These
functions run in the server's worker processes (:mod:`tiling.serve.workers`),
never on the thread that reads requests.

Conventions of every answer: a cell is ``[row, col]``; a domino is
``[r0, c0, r1, c1]`` (top or left cell first), in the region's own
coordinates; counts are decimal strings (JSON numbers lose digits past
2**53); a proof is the dict :func:`proof` makes.  Adding a question is one
function and one row here, and one view on the page.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Question",
    "QUESTIONS",
    "RequestError",
    "answer",
    "proof",
    "MAX_KUHN_CELLS",
    "MAX_SHUFFLE_ORDER",
    "MAX_FLIPS",
    "TIKZ_SHOWS",
]

#: Largest region (in cells) whose matching is animated: Kuhn's algorithm is
#: O(V E) in Python, and every augmenting path goes to the browser.
MAX_KUHN_CELLS = 5000

#: Largest Aztec diamond whose shuffling is animated: every order's tiling is
#: sent, about 2 n**3 / 3 dominoes in all.
MAX_SHUFFLE_ORDER = 80

#: Longest flip path animated (the 2 x 2 blocks flipped, in order, all sent):
#: the 100 x 100 board's least and greatest tilings are 166,650 flips apart.
MAX_FLIPS = 200_000

#: What the ``tikz`` question draws: ``show`` is one of these.
TIKZ_SHOWS = ("region", "tiling", "proof", "bound", "heights", "probabilities")


class RequestError(Exception):
    """A request the server cannot answer: its ``kind``, HTTP ``status`` and a one-line message."""

    def __init__(self, message: str, kind: str = "bad-request", status: int = 400):
        super().__init__(message)
        self.kind = kind
        self.status = status

    def to_json(self) -> dict:
        return {"error": {"kind": self.kind, "message": str(self)}}


# ---------------------------------------------------------------------- fields
class Fields:
    """The request's fields, each read (and type-checked) once by the question that takes it."""

    def __init__(self, request: dict, question: Question):
        unknown = sorted(set(request) - {"region", *question.fields})
        if unknown:
            takes = ", ".join(["region", *question.fields])
            raise RequestError(
                f"unknown field {unknown[0]!r} for question {question.name!r}; it takes {takes}"
            )
        self._request = request

    def get(self, name: str, default: Any = None) -> Any:
        return self._request.get(name, default)

    def __contains__(self, name: str) -> bool:
        return name in self._request

    def method(self) -> str:
        value = self.get("method", "auto")
        if not isinstance(value, str):
            raise RequestError(f"'method' must be a string such as \"auto\", not {value!r}")
        return value

    def seed(self) -> int:
        """The ``seed`` field, or a fresh one (the answer reports it, so it can be replayed)."""
        value = self.get("seed")
        if value is None:
            return secrets.randbelow(2**32)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RequestError(f"'seed' must be a non-negative integer or null, not {value!r}")
        return value

    def integer(self, name: str, default: int) -> int:
        value = self.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RequestError(f"{name!r} must be an integer, not {value!r}")
        return value

    def boolean(self, name: str, default: bool) -> bool:
        value = self.get(name, default)
        if not isinstance(value, bool):
            raise RequestError(f"{name!r} must be true or false, not {value!r}")
        return value

    def string(self, name: str, default: str) -> str:
        value = self.get(name, default)
        if not isinstance(value, str):
            raise RequestError(f"{name!r} must be a string, not {value!r}")
        return value

    def choice(self, name: str, choices: tuple[str, ...], default: str) -> str:
        value = self.get(name, default)
        if value not in choices:
            words = ", ".join(f'"{c}"' for c in choices)
            raise RequestError(f"{name!r} must be one of {words}, not {value!r}")
        return value

    def colors(self) -> Any:
        """The ``colors`` field: a scheme name, or one colour (a string such as "#1f77b4") per domino."""
        value = self.get("colors", "orientation")
        if isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ):
            return value
        raise RequestError(
            '\'colors\' must be "orientation", "auto", "hv" or a list of colours such as '
            f'"#4477aa", one per domino, not {value!r}'
        )

    def tiling(self, region: Any) -> Any:
        """The ``dominoes`` field as a :class:`~tiling.Tiling` of ``region`` (checked by the library)."""
        from ..model.tiling import Tiling

        value = self.get("dominoes")
        if not isinstance(value, list) or not all(
            isinstance(d, list)
            and len(d) == 4
            and all(isinstance(x, int) and not isinstance(x, bool) for x in d)
            for d in value
        ):
            raise RequestError(
                "'dominoes' must be a list of [r0, c0, r1, c1] lists of integers "
                "(as the find, cover and sample answers give them)"
            )
        return Tiling(region, [[d[:2], d[2:]] for d in value])


# ---------------------------------------------------------------------- answers
def dominoes(tiling: Any) -> list[list[int]]:
    """A tiling's dominoes as ``[r0, c0, r1, c1]`` lists."""
    return tiling.dominoes.reshape(-1, 4).tolist()


def proof(certificate: Any) -> dict:
    """A certificate as a JSON-ready dict, with its explanation and its independent check.

    Keys: ``kind`` (``"parity"``, ``"color"`` or ``"hall"``), ``cells`` (the
    set S), ``neighbors`` (N(S)), ``deficiency`` (cells that stay uncovered in
    every placement), ``explanation`` (the certificate's own words) and
    ``verified`` (its :meth:`~tiling.Certificate.verify`).
    """
    return {
        "kind": certificate.kind,
        "cells": certificate.cells.tolist(),
        "neighbors": certificate.neighbors.tolist(),
        "deficiency": int(certificate.deficiency),
        "explanation": certificate.explain(),
        "verified": bool(certificate.verify()),
    }


def _seconds(estimate: float) -> float | None:
    return float(estimate) if math.isfinite(estimate) else None


def _region(region, fields):
    from ..registry import QUESTIONS as ASKED
    from ..registry import choose

    colors = region.colors()
    light = int((colors == 0).sum())
    estimates = {}
    methods = {}
    untileable = region.trivially_untileable()
    for q in ASKED:
        m = choose(q, region)
        methods[q] = m.name
        estimates[q] = _seconds(m.estimated_seconds(region))
    if untileable:  # count answers 0 at once; find and sample answer with the proof
        estimates["count"] = 0.0
    r0, c0, r1, c1 = region.bounding_box()
    return {
        "cells": region.n_cells,
        "colors": [light, region.n_cells - light],
        "balance": region.balance,
        "components": len(region.cropped_components()),
        "holes": len(region.holes()),
        "box": [r0, c0, r1, c1],
        "aztec_order": region.aztec_order(),
        "trivially_untileable": untileable,
        "ascii": region.cropped().to_ascii(),
        "estimates": estimates,
        "methods": methods,
    }


def _chosen(question, region, method):
    """The name of the method that answers: ``method`` itself, or the one ``auto`` runs."""
    from ..registry import choose

    return choose(question, region).name if method == "auto" else method


def _count(region, fields):
    import tiling

    method = fields.method()
    n = tiling.count(region, method=method)
    text = tiling.decimal(n)
    if method == "auto" and region.trivially_untileable():
        used = "parity and colour check"  # count() answers 0 before choosing a method
    else:
        used = _chosen("count", region, method)
    return {"count": text, "digits": len(text), "method": used}


def _find(region, fields):
    import tiling

    method = fields.method()
    try:
        found = tiling.find(region, method=method)
    except tiling.NoTilingError as err:
        return {"tileable": False, "proof": proof(err.certificate)}
    return {
        "tileable": True,
        "dominoes": dominoes(found),
        "method": _chosen("find", region, method),
    }


def _prove(region, fields):
    import tiling

    certificate = tiling.prove_impossible(region)
    if certificate is None:
        return {"tileable": True}
    return {"tileable": False, "proof": proof(certificate)}


def _cover(region, fields):
    import tiling

    method = fields.method()
    cover = tiling.max_cover(region, method=method)
    bound = tiling.cover_bound(region)
    left = len(cover.uncovered())
    if bound.deficiency != left:
        raise AssertionError(f"the cover leaves {left} cells, the bound proves {bound.deficiency}")
    return {
        "dominoes": dominoes(cover),
        "uncovered": cover.uncovered().tolist(),
        "covered": 2 * len(cover),
        "cells": region.n_cells,
        "bound": proof(bound),
        "method": _chosen("cover", region, method),
    }


def _sample(region, fields):
    import tiling

    seed, method = fields.seed(), fields.method()
    try:
        drawn = tiling.sample(region, rng=seed, method=method)
    except tiling.NoTilingError as err:
        return {"tileable": False, "proof": proof(err.certificate)}
    return {
        "tileable": True,
        "seed": seed,
        "dominoes": dominoes(drawn),
        "method": _chosen("sample", region, method),
    }


def _color(region, fields):
    import tiling

    t = fields.tiling(region)
    k = fields.integer("k", 4)
    adjacency = fields.string("adjacency", "side")
    colors = tiling.color(t, k=k, adjacency=adjacency)
    return {"k": k, "adjacency": adjacency, "colors": colors.tolist(), "dominoes": dominoes(t)}


def _kuhn(region, fields):
    from .. import matching

    if region.n_cells > MAX_KUHN_CELLS:
        raise RequestError(
            f"the matching animation shows every augmenting path, for regions of at most "
            f"{MAX_KUHN_CELLS:,} cells; this one has {region.n_cells:,} (ask for a tiling instead)",
            kind="too-large",
            status=422,
        )
    return {"steps": matching.kuhn_steps(region)}


def _shuffle(region, fields):
    from .. import random as tiling_random

    n = region.aztec_order()
    if n is None:
        raise RequestError(
            "domino shuffling grows Aztec diamonds, and this region is not one "
            "(choose the preset 'Aztec diamond of order n')"
        )
    if n > MAX_SHUFFLE_ORDER:
        raise RequestError(
            f"the shuffling animation sends every order's tiling, for orders up to "
            f"{MAX_SHUFFLE_ORDER}; this diamond has order {n} (ask for a random tiling instead)",
            kind="too-large",
            status=422,
        )
    seed = fields.seed()
    r0, c0, _, _ = region.bounding_box()
    steps = tiling_random.shuffle_steps(n, rng=seed)
    # Order m sits in the middle of the order-n diamond: shift it by n - m.
    frames = [
        (t.dominoes.reshape(-1, 4) + (n - m) + [r0, c0, r0, c0]).tolist()
        for m, t in enumerate(steps, start=1)
    ]
    return {"order": n, "seed": seed, "steps": frames}


def _text(region, fields):
    return {"text": fields.tiling(region).to_ascii()}


def _heights(region, fields):
    import tiling

    from .height_map import describe

    if fields.get("dominoes") is None:  # no tiling given: the one find() gives
        try:
            t = tiling.find(region)
        except tiling.NoTilingError as err:
            return {"tileable": False, "proof": proof(err.certificate)}
        method = _chosen("find", region, "auto")
    else:
        t, method = fields.tiling(region), None
    return {"tileable": True, "dominoes": dominoes(t), "found_by": method, **describe(t)}


def _flips(region, fields):
    from .. import heights
    from ..errors import TooLargeError

    t = fields.tiling(region)
    to = fields.choice("to", ("min", "max"), "max")
    klass = {"flux": heights.flux(t).tolist()} if region.holes() else {}
    target = (heights.min_tiling if to == "min" else heights.max_tiling)(region, **klass)
    distance = heights.flip_distance(t, target)
    if distance > MAX_FLIPS:
        raise TooLargeError(
            f"this tiling is {distance:,} flips from the {'least' if to == 'min' else 'greatest'} "
            f"one; the animation shows at most {MAX_FLIPS:,} (try a smaller region)"
        )
    path = heights.flip_path(t, target)
    return {"to": to, "distance": distance, "flips": path.tolist(), "target": dominoes(target)}


def _probabilities(region, fields):
    import tiling

    from .probability_map import describe

    exact = fields.boolean("exact", False)
    try:
        horizontal, vertical = tiling.probabilities(region, exact=exact)
    except tiling.NoTilingError as err:
        return {"tileable": False, "proof": proof(err.certificate)}
    return {"tileable": True, **describe(region, horizontal, vertical, exact=exact)}


def _tikz(region, fields):
    import tiling
    from tiling import plot

    from .tikz import document, heights_picture, in_picture, moved, probabilities_picture

    show = fields.choice("show", TIKZ_SHOWS, "tiling" if "dominoes" in fields else "region")
    given = fields.tiling(region) if show in ("tiling", "bound", "heights") else None
    region, offset = in_picture(region)  # the picture starts at the region's first cell
    if show == "region":
        bodies = [plot.to_tikz(region)]
    elif show == "proof":
        certificate = tiling.prove_impossible(region)
        if certificate is None:
            raise RequestError(
                "this region can be tiled: there is no proof of impossibility to draw"
            )
        bodies = [plot.to_tikz(certificate)]
    elif show == "heights":
        bodies = [heights_picture(moved(given, region, offset))]
    elif show == "probabilities":  # colors: what the cells show, as on the page
        mode = fields.choice("colors", ("vertical", "classes"), "vertical")
        bodies = [probabilities_picture(region, mode)]
    else:
        bodies = [plot.to_tikz(moved(given, region, offset), colors=fields.colors())]
        if show == "bound":  # the cover, and beside it the proof that no cover is larger
            bodies.append(plot.to_tikz(tiling.cover_bound(region)))
    return {"show": show, "text": document(bodies), "pictures": len(bodies)}


# ---------------------------------------------------------------------- the table
@dataclass(frozen=True)
class Question:
    """One question of the JSON interface."""

    name: str
    summary: str
    run: Callable[[Any, Fields], dict] = field(repr=False)
    fields: tuple[str, ...] = ()


#: The questions of the JSON interface (``POST /api/<name>``), by name.
QUESTIONS: dict[str, Question] = {
    q.name: q
    for q in (
        Question(
            "region",
            "cells, colour balance, pieces, holes, the cropped ASCII picture and the "
            "estimated seconds of each question",
            _region,
        ),
        Question("count", "the exact number of tilings, as a decimal string", _count, ("method",)),
        Question("find", "one tiling, or the proof that there is none", _find, ("method",)),
        Question("prove", "the proof of impossibility, or tileable: true", _prove),
        Question(
            "cover",
            "a maximum cover and the Hall-set bound proving no cover is larger",
            _cover,
            ("method",),
        ),
        Question(
            "sample",
            "a uniformly random tiling (the seed is reported; give it to replay)",
            _sample,
            ("seed", "method"),
        ),
        Question(
            "color",
            "colours for the dominoes of a tiling, touching dominoes differing",
            _color,
            ("dominoes", "k", "adjacency"),
        ),
        Question("kuhn", "the augmenting paths of Kuhn's algorithm, in order", _kuhn),
        Question(
            "shuffle",
            "the tilings of orders 1..n met while shuffling up an Aztec diamond",
            _shuffle,
            ("seed",),
        ),
        Question("text", "a tiling drawn as text (Tiling.to_ascii)", _text, ("dominoes",)),
        Question(
            "heights",
            "Thurston's height function of a tiling (or of one found), the slits where it "
            "jumps, the flux around each hole, and the flips to the least and greatest tilings",
            _heights,
            ("dominoes",),
        ),
        Question(
            "flips",
            "a shortest sequence of flips from a tiling to the least or greatest of its class",
            _flips,
            ("dominoes", "to"),
        ),
        Question(
            "probabilities",
            "the probability of each domino position in a uniformly random tiling "
            "(tiling.probabilities), and of each cell being covered by a vertical domino; "
            "or the proof that there is no tiling",
            _probabilities,
            ("exact",),
        ),
        Question(
            "tikz",
            "a standalone LaTeX document with the TikZ picture (tiling.plot.to_tikz) of the "
            "region, a tiling, a proof, a cover and its bound, a height function, or the "
            "placement probabilities",
            _tikz,
            ("show", "dominoes", "colors"),
        ),
    )
}


def answer(question: str, request: dict) -> tuple[int, dict]:
    """Answer one request: ``(HTTP status, JSON-ready dict)``; errors become ``{"error": ...}``.

    ``request`` is the decoded JSON body (without the server's own fields
    ``ticket`` and ``time_limit``).  Library errors keep their message: a
    :class:`~tiling.ParseError` (the region's picture) or another
    :class:`~tiling.TilingError` or :class:`TypeError` is a 400,
    :class:`~tiling.TooLargeError` a 422 (the method cannot handle the
    region; the message names one that can).

    Examples
    --------
    >>> status, body = answer("count", {"region": "....\\n...."})
    >>> status, body["count"]
    (200, '5')
    >>> answer("count", {"region": "..x"})[1]["error"]["message"]
    "the region: line 1, column 3: unexpected character 'x' (use '.' for a cell, '#' or space for none)"
    """
    from ..errors import ParseError, TilingError, TooLargeError

    start = time.perf_counter()
    try:
        q = QUESTIONS.get(question)
        if q is None:
            raise RequestError(
                f"unknown question {question!r}; ask one of {', '.join(QUESTIONS)}",
                kind="unknown-question",
                status=404,
            )
        fields = Fields(request, q)
        region = _parse_region(request.get("region"))
        body = q.run(region, fields)
    except RequestError as err:
        return err.status, err.to_json()
    except ParseError as err:
        return 400, RequestError(f"the region: {err}", "bad-region").to_json()
    except TooLargeError as err:
        return 422, RequestError(str(err), "too-large", 422).to_json()
    except (TilingError, TypeError) as err:
        return 400, RequestError(str(err)).to_json()
    except MemoryError:
        return 507, RequestError(
            "out of memory: this question needs more memory than the worker may use",
            "out-of-memory",
            507,
        ).to_json()
    body["question"] = question
    body["seconds"] = round(time.perf_counter() - start, 6)
    return 200, body


def _parse_region(text: Any) -> Any:
    from ..model.region import Region

    if text is None:
        raise RequestError("the request needs a 'region': an ASCII picture, '.' for each cell")
    if not isinstance(text, str):
        raise RequestError(
            f"'region' must be a string (an ASCII picture, '.' for a cell, '#' or space "
            f"for none), not {type(text).__name__}"
        )
    return Region.from_ascii(text)
